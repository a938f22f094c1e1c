import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { CURSOR_KEY_ENV } from '../../functions/lib/cursor.js';
import { cursorKeyName } from '../../infra/cloud/api-stack.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import { type RouteDef, routes } from '../../shared/routes.js';
import { resources, stacks, synthesizeCloudApp } from './stack-templates.js';

synthesizeCloudApp();

/** Handler modules under functions/http (`http/clients/list-clients`). */
function httpModules(dir = join(REPO_ROOT, 'functions', 'http')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? httpModules(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [relative(join(REPO_ROOT, 'functions'), join(dir, e.name)).replace(/\.ts$/, '')]
        : [],
  );
}

/**
 * The list functions: handlers that take the verified position (`cursor`) the HTTP edge opens from the
 * query and answer a page whose `cursor` the edge seals (functions/lib/http.ts, functions/lib/cursor.ts).
 */
const listHandlers = () =>
  httpModules().filter((h) =>
    /[hH]ttpHandler\([\s\S]*?async \(\{[^}]*\bcursor\b[^}]*\}\) =>/.test(
      readFileSync(join(REPO_ROOT, 'functions', `${h}.ts`), 'utf8'),
    ),
  );

/** The synthesized properties of `handler`'s function, in whichever stack (or nested stack) holds it. */
function functionProps(handler: string) {
  const fn = stacks.registry.get(handler).fn;
  const stack = Stack.of(fn);
  const found = resources(stack, 'AWS::Lambda::Function').find(
    ([id]) => id === stack.getLogicalId(fn.node.defaultChild as CfnElement),
  );
  if (!found) throw new Error(`No function resource for ${handler}`);
  return found[1].Properties;
}

describe('the cursor-signing key reaches every list function (ADR 0022, issue 34)', () => {
  it('finds the list functions (the detector can fail)', () => {
    const lists = listHandlers();
    expect(lists).toContain('http/clients/list-clients');
    expect(lists).toContain('http/messages/list-my-messages');
    expect(lists).not.toContain('http/clients/create-client');
    expect(lists.length).toBeGreaterThanOrEqual(14);
    // Each is an HTTP route's handler, so it is deployed.
    const routed = new Set((routes as readonly RouteDef[]).map((r) => r.handler));
    expect(lists.filter((h) => !routed.has(h))).toEqual([]);
  });

  it('the key is a generated secret long enough for functions/lib/cursor.ts (32 characters or more)', () => {
    const keys = resources(stacks.api, 'AWS::SecretsManager::Secret').filter(
      ([, s]) => s.Properties.Name === cursorKeyName('Pawsitive'),
    );
    expect(keys).toHaveLength(1);
    expect(keys[0][1].Properties.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
    expect(keys[0][1].Properties.SecretString).toBeUndefined();
  });

  it('each list function gets the key as CURSOR_SIGNING_KEY, resolved by CloudFormation after the secret exists', () => {
    // A dynamic reference: CloudFormation reads the secret while deploying (the deploying role's permission),
    // so the function's own role needs no Secrets Manager grant for it and the value is in no template.
    const reference = `{{resolve:secretsmanager:${cursorKeyName('Pawsitive')}:SecretString:::}}`;
    const missing: string[] = [];
    for (const handler of listHandlers()) {
      const env = functionProps(handler).Environment?.Variables ?? {};
      if (env[CURSOR_KEY_ENV] !== reference) missing.push(`${handler}: ${JSON.stringify(env[CURSOR_KEY_ENV])}`);
      // The function is created after the secret, so the reference resolves on the first deploy.
      const deps = stacks.registry.get(handler).node.dependencies;
      if (!deps.includes(stacks.api.cursorKey)) missing.push(`${handler}: no dependency on the key`);
    }
    expect(missing).toEqual([]);
  });
});
