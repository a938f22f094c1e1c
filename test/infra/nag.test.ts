import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nagFindings } from '../../infra/cloud/nag.js';
import { ALLOW_MISSING_WEB_BUILD } from '../../infra/cloud/web-stack.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

/** Every acknowledgement in the tree: where it sits, which finding, why. */
function acknowledgements(root: IConstruct) {
  const out: { path: string; id: string; reason: string; node: IConstruct }[] = [];
  for (const node of root.node.findAll()) {
    for (const entry of node.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        out.push({ path: node.node.path, id, reason, node });
      }
    }
  }
  return out;
}

const variants = {
  'without a web build (plain synth)': () => ({
    webDist: join(fakeWebDist(), 'missing'),
    context: { [ALLOW_MISSING_WEB_BUILD]: true },
  }),
  'with a web build': () => ({ webDist: fakeWebDist() }),
  'with a custom domain, certificate and sender': () => ({
    webDist: fakeWebDist(),
    context: {
      businessEmail: 'Trainer@Example.org',
      fromEmail: 'noreply@example.org',
      domain: 'example.org',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
      logLevel: 'debug',
    },
  }),
};

describe.each(Object.entries(variants))('cdk-nag AwsSolutions, %s', (_, options) => {
  let synth: ReturnType<typeof synthCloudApp>;
  beforeAll(() => {
    // The plugin is registered as in bin/app.ts: an unacknowledged error makes this synth throw.
    synth = synthCloudApp({ ...options(), nag: true });
  });

  it('leaves no unacknowledged error or warning', () => {
    expect(nagFindings(synth.app)).toEqual([]);
  });

  it('leaves no unacknowledged construct warning (what `cdk synth` would print)', () => {
    const messages = synth.assembly.stacks.flatMap((s) =>
      s.messages.filter((m) => m.level !== 'info').map((m) => `${m.level} ${m.id}: ${String(m.entry.data)}`),
    );
    expect(messages).toEqual([]);
  });

  it('acknowledges findings on specific constructs, each with its own reason', () => {
    const acks = acknowledgements(synth.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) {
      expect(Stack.isStack(a.node), `${a.id} acknowledged on a whole stack (${a.path})`).toBe(false);
      expect(a.node.node.path, `${a.id} acknowledged on the app`).not.toBe('');
      expect(a.reason.length, `${a.id} at ${a.path} needs a real reason`).toBeGreaterThan(40);
    }
  });
});
