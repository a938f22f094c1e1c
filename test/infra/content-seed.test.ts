import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { TABLE_ACTIONS } from '../../infra/cloud/capabilities.js';
import { SEED_HANDLER, SEED_NEEDS, seedVersion } from '../../infra/cloud/content-seed.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';
import { reachedNeeds } from './handler-reach.js';

let stacks: CloudStacks;
beforeAll(() => {
  stacks = synthCloudApp({ webDist: fakeWebDist() }).stacks;
});

describe('cloud seeding (custom resource)', () => {
  it('runs functions/custom/seed-content.ts through the Provider framework, again when the built-in content changes', () => {
    const tpl = Template.fromStack(stacks.jobs);
    const seeds = Object.values(tpl.findResources('Custom::ContentSeed')) as { Properties: Record<string, any> }[];
    expect(seeds).toHaveLength(1);
    expect(seeds[0].Properties.version).toBe(seedVersion());
    expect(seedVersion()).toMatch(/^[0-9a-f]{16}$/);
    // The service token is the framework function, which invokes the seeding function.
    const fns = Object.entries(tpl.findResources('AWS::Lambda::Function')) as [string, { Properties: any }][];
    const seedFn = fns.find(([, f]) => f.Properties.Description === `functions/${SEED_HANDLER}.ts`);
    expect(seedFn).toBeDefined();
    const framework = fns.find(([id]) => JSON.stringify(seeds[0].Properties.ServiceToken).includes(id));
    expect(framework).toBeDefined();
    expect(JSON.stringify(framework?.[1].Properties.Environment)).toContain(seedFn?.[0]);
  });

  it('may write the table (puts, updates) but never delete or scan, as its code needs', () => {
    expect(reachedNeeds(SEED_HANDLER)).toEqual(SEED_NEEDS);
    const tpl = Template.fromStack(stacks.jobs);
    const seedRole = Stack.of(stacks.jobs).resolve(
      (
        stacks.jobs.node.findAll().find((c) => c.node.path.endsWith('ContentSeed/Handler/Role')) as never as {
          roleName: string;
        }
      ).roleName,
    );
    const actions = Object.values(tpl.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify((p as any).Properties.Roles).includes(JSON.stringify(seedRole)))
      .flatMap((p) => (p as any).Properties.PolicyDocument.Statement)
      .flatMap((s: { Action: string | string[] }) => [s.Action].flat());
    expect(actions.filter((a: string) => a.startsWith('dynamodb:')).sort()).toEqual([...TABLE_ACTIONS.write].sort());
  });
});
