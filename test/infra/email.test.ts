import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

let stacks: CloudStacks;
beforeAll(() => {
  stacks = synthCloudApp({
    webDist: fakeWebDist(),
    context: { businessEmail: 'owner@gmail.com', domain: 'biz.example' },
  }).stacks;
});

describe('e-mail from a configured domain', () => {
  it('verifies the domain with Easy DKIM and prints the three CNAME records', () => {
    const tpl = Template.fromStack(stacks.email);
    const identities = Object.values(tpl.findResources('AWS::SES::EmailIdentity')).map(
      (r) => (r as { Properties: Record<string, any> }).Properties,
    );
    const domain = identities.find((i) => i.EmailIdentity === 'biz.example');
    expect(domain).toBeDefined();
    // Easy DKIM: SES generates the keys (no BYODKIM private key in the template), signing enabled.
    expect(domain?.DkimSigningAttributes?.DomainSigningPrivateKey).toBeUndefined();
    expect(domain?.DkimAttributes?.SigningEnabled ?? true).toBe(true);
    expect(identities.map((i) => i.EmailIdentity).sort()).toEqual(['biz.example', 'owner@gmail.com']);
    const outputs = Object.keys(tpl.toJSON().Outputs).filter((k) => k.startsWith('DkimRecord'));
    expect(outputs).toHaveLength(3);
  });

  it('sends from noreply@<domain> and may send from the domain identity only (plus the business address)', () => {
    const fn = stacks.registry.get('events/email-contact-submission');
    const stack = Stack.of(fn);
    const tpl = Template.fromStack(stack);
    const id = stack.getLogicalId(fn.fn.node.defaultChild as never);
    expect(tpl.toJSON().Resources[id].Properties.Environment.Variables.FROM_EMAIL).toBe('noreply@biz.example');
    const ses = Object.values(tpl.findResources('AWS::IAM::Policy'))
      .flatMap((p) => (p as any).Properties.PolicyDocument.Statement)
      .find((s: { Action: string[] }) => [s.Action].flat().includes('ses:SendEmail'));
    const resources = JSON.stringify(ses.Resource);
    expect(resources).toContain(':identity/biz.example');
    expect(resources).toContain(':identity/owner@gmail.com');
    expect(resources).toContain(':configuration-set/');
    expect(resources).not.toContain('*');
  });
});
