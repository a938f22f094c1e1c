import { type Stack, Stack as StackClass } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll } from 'vitest';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

/**
 * The synthesized cloud app the stack tests read (test/infra/stacks.test.ts, web-stack.test.ts): one
 * synthesis per test file, and each stack's template built once.
 */

// CloudFront managed policy ids (stable, documented by AWS).
export const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
export const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

export type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

export let stacks: CloudStacks;
export let assemblyDir: string;
const templates = new Map<Stack, Template>();

/** Synthesizes the app before the file's tests. */
export function synthesizeCloudApp() {
  beforeAll(() => {
    const synth = synthCloudApp({ webDist: fakeWebDist() });
    stacks = synth.stacks;
    assemblyDir = synth.assembly.directory;
    templates.clear();
  });
}

export const t = (s: Stack) => {
  let tpl = templates.get(s);
  if (!tpl) {
    tpl = Template.fromStack(s);
    templates.set(s, tpl);
  }
  return tpl;
};
export const resources = (s: Stack, type: string) => Object.entries(t(s).findResources(type)) as [string, Resource][];

/** How `handler`'s function ARN is written inside stack `s` (GetAtt locally, ImportValue across stacks). */
export const fnArnIn = (s: Stack, handler: string) =>
  StackClass.of(s).resolve(stacks.registry.get(handler).fn.functionArn);
