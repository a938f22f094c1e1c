import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Entity, Service } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { Validator as BundledValidator } from '../../infra/cloud/lambda-jsonschema.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';

/**
 * ElectroDB validates each entity's model with jsonschema when the entity is constructed. The Lambda
 * bundles replace jsonschema by a check of required properties (infra/cloud/lambda-jsonschema.ts, ADR
 * 0016), so the full validation of the project's models happens here, with the real ElectroDB and
 * jsonschema (the tests use no bundling alias): a malformed model fails this test before it can deploy.
 */
const dir = join(REPO_ROOT, 'shared', 'db', 'entities');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'common.ts');

async function allEntities() {
  const out: Record<string, Entity<any, any, any, any>> = {};
  for (const f of files) {
    const mod = (await import(/* @vite-ignore */ join(dir, f))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (value instanceof Entity) out[name] = value as never;
  }
  return out;
}

const model = (required: unknown) => ({
  model: { entity: 'probe', version: '1', service: 'probe' },
  attributes: { id: { type: 'string', required } },
  indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
});

describe('entity models (validated here in full; the bundles skip it)', () => {
  it('the full validation runs in the tests: a malformed model is refused', () => {
    expect(() => new Entity(model(true) as never)).not.toThrow();
    expect(() => new Entity(model('yes') as never)).toThrow(
      'instance.attributes.id.required is not of a type(s) boolean',
    );
    // The bundles' stand-in does not look at attributes: this test is where such a mistake is caught.
    expect(
      new BundledValidator().validate(model('yes'), { required: ['model', 'attributes', 'indexes'] }).errors,
    ).toEqual([]);
  });

  it('every entity of shared/db/entities is built with the real validation, and the service joins them', async () => {
    const entities = await allEntities();
    expect(Object.keys(entities).length).toBeGreaterThanOrEqual(files.length);
    expect(() => new Service(entities, { table: 'entity-models-test' })).not.toThrow();
  });

  it('the bundled stand-in tells a model from an Entity instance as jsonschema does', async () => {
    const v1 = { required: ['model', 'attributes', 'indexes'] };
    const stand = new BundledValidator();
    expect(stand.validate(model(true), v1).errors).toEqual([]);
    for (const [name, entity] of Object.entries(await allEntities())) {
      expect(
        stand.validate(entity, v1).errors.map((e) => e.argument),
        name,
      ).toEqual(['attributes', 'indexes']);
    }
  });
});
