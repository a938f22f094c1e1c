import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemblyDir, stacks, synthesizeCloudApp } from './stack-templates.js';
import { PINS, type Pin, REPLACING_PROPERTIES, replacements, type Template } from './stateful-pins.js';

synthesizeCloudApp();

const templates = (): Record<string, Template> =>
  Object.fromEntries(
    (['ops', 'data', 'auth', 'email', 'realtime', 'jobs', 'api', 'web'] as const).map((k) => [
      stacks[k].stackName,
      JSON.parse(readFileSync(join(assemblyDir, stacks[k].templateFile), 'utf8')) as Template,
    ]),
  );
type Full = Template['Resources'][string] & { DeletionPolicy?: string; UpdateReplacePolicy?: string };
const resourceOf = (all: Record<string, Template>, pin: Pin) => all[pin.stack].Resources[pin.logicalId] as Full;

describe('stateful resources (ADR 0041)', () => {
  it('keeps the logical IDs and replacement-causing properties of the table, user pool, buckets and secrets', () => {
    expect(replacements(templates())).toEqual([]);
  });

  it('pins every table, user pool, bucket and secret of the app, with each replacing property', () => {
    const all = templates();
    for (const [stack, tpl] of Object.entries(all)) {
      for (const [id, r] of Object.entries(tpl.Resources)) {
        if (!(r.Type in REPLACING_PROPERTIES)) continue;
        const pin = PINS.find((p) => p.stack === stack && p.logicalId === id);
        expect(
          pin,
          `${stack}/${id} (${r.Type}) is stateful and not pinned in test/infra/stateful-pins.ts`,
        ).toBeDefined();
        for (const prop of REPLACING_PROPERTIES[r.Type])
          expect(pin!.keep, `${pin!.what}: ${prop}`).toHaveProperty(prop);
      }
    }
  });

  it('retains the table, user pool and buckets when their stack is deleted or they are replaced, with deletion protection', () => {
    const all = templates();
    for (const pin of PINS.filter((p) => p.type !== 'AWS::SecretsManager::Secret')) {
      const r = resourceOf(all, pin);
      expect(r.DeletionPolicy, pin.what).toBe('Retain');
      expect(r.UpdateReplacePolicy, pin.what).toBe('Retain');
    }
    const table = resourceOf(all, PINS.find((p) => p.what === 'the table')!);
    expect(table.Properties?.DeletionProtectionEnabled).toBe(true);
    expect(table.Properties?.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    const pool = resourceOf(all, PINS.find((p) => p.what === 'the user pool')!);
    expect(pool.Properties?.DeletionProtection).toBe('ACTIVE');
  });

  type Change = (all: Record<string, Template>) => void;
  const props = (all: Record<string, Template>, what: string) =>
    resourceOf(all, PINS.find((p) => p.what === what)!).Properties as Record<string, any>;
  const cases: [string, Change, string][] = [
    [
      'a new key schema',
      (all) => {
        props(all, 'the table').KeySchema = [{ AttributeName: 'id', KeyType: 'HASH' }];
      },
      'this deploy would replace the table: Pawsitive-Data/TableCD117FA1 KeySchema',
    ],
    [
      'a table name',
      (all) => {
        props(all, 'the table').TableName = 'pawsitive';
      },
      'this deploy would replace the table: Pawsitive-Data/TableCD117FA1 TableName (absent) -> "pawsitive"',
    ],
    [
      'a renamed index',
      (all) => {
        props(all, 'the table').GlobalSecondaryIndexes[0].IndexName = 'byClient';
      },
      "this deploy would replace the table's indexes (deleted and rebuilt)",
    ],
    [
      'a moved table (new logical ID)',
      (all) => {
        const data = all['Pawsitive-Data'].Resources;
        data.Table2 = data.TableCD117FA1;
        delete data.TableCD117FA1;
      },
      'this deploy would replace the table: Pawsitive-Data has no AWS::DynamoDB::Table with logical ID TableCD117FA1',
    ],
    [
      'sign-in by username',
      (all) => {
        props(all, 'the user pool').UsernameAttributes = undefined;
      },
      'this deploy would replace the user pool: Pawsitive-Auth/Users0A0EEA89 UsernameAttributes ["email"] -> (absent)',
    ],
    [
      'a new pool attribute',
      (all) => {
        props(all, 'the user pool').Schema.push({ Name: 'phone_number', Required: true, Mutable: true });
      },
      'this deploy would replace the user pool: Pawsitive-Auth/Users0A0EEA89 Schema',
    ],
    [
      'a named media bucket',
      (all) => {
        props(all, 'the media bucket').BucketName = 'pawsitive-media';
      },
      'this deploy would replace the media bucket: Pawsitive-Data/MediaA721A567 BucketName',
    ],
    [
      'a renamed cursor key',
      (all) => {
        props(all, 'the cursor key').Name = 'Pawsitive/cursor-key-2';
      },
      'this deploy would replace the cursor key: Pawsitive-Api/CursorKey255E8F8A Name',
    ],
  ];
  it.each(cases)('fails on %s, naming what would be replaced', (_, change, message) => {
    const all = structuredClone(templates());
    change(all);
    const found = replacements(all);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });
});
