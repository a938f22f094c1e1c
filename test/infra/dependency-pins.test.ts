import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIAS } from '../../infra/cloud/bundling.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';

/**
 * The packages whose internals the builds alias, replace or trim, pinned to exact versions, and what
 * of theirs the builds point at (docs/dependencies.md says why each is pinned). An upgrade that moves
 * an aliased file, renames what a replaced module must export, or leaves package.json and the
 * installed version apart fails here, by name, rather than in a bundle that deploys.
 */
const PINNED = [
  // Every client imports the credential chain the Lambda bundles alias (lambda-credentials.ts); the
  // DynamoDB clients are replaced by deep imports of their dist-es files; s3-presigned-post's own
  // client-s3 is overridden to the project's; one version of each keeps one @smithy/core in a bundle.
  '@aws-sdk/client-apigatewaymanagementapi',
  '@aws-sdk/client-cloudfront',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/client-dynamodb-streams',
  '@aws-sdk/client-eventbridge',
  '@aws-sdk/client-s3',
  '@aws-sdk/client-scheduler',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/s3-request-presigner',
  '@aws-sdk/util-dynamodb',
  // ElectroDB's jsonschema is replaced and its require() of the document client aliased.
  'electrodb',
  // The portal build trims Cloudscape (web/scripts/cloudscape-trim.ts; its date inputs keep their own
  // date-fns 2); React Router's production build is aliased by path (web/vite.config.ts). date-fns 4 is
  // used through its public exports only: nothing aliases it, its exact pin is simply held here too.
  '@cloudscape-design/components',
  '@cloudscape-design/collection-hooks',
  'date-fns',
  'react-router',
  'react-router-dom',
  // One version of Powertools, so one copy of its shared core; aws-amplify and the core the portal
  // imports directly are a coupled pair (checked below).
  '@aws-lambda-powertools/idempotency',
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  'aws-amplify',
  '@aws-amplify/core',
  // The portal's query client and the persister of the client's last-seen data (ADR 0077) share one
  // query-core: the persister packages pin theirs exactly, so the three move together.
  '@tanstack/react-query',
  '@tanstack/react-query-persist-client',
  '@tanstack/query-async-storage-persister',
];

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, unknown>;
};
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string }>;
};
const installed = (name: string) =>
  (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
const nodeModules = (...path: string[]) => join(REPO_ROOT, 'node_modules', ...path);
const read = (file: string) => readFileSync(file, 'utf8');

/** The relative module paths a file imports or re-exports. */
const relativeImports = (file: string) =>
  [...read(file).matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => resolve(dirname(file), m[1]));

describe('pinned dependencies (docs/dependencies.md)', () => {
  it('every package whose internals a build aliases, replaces or trims is pinned exactly to the installed version', () => {
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    const problems = PINNED.flatMap((name) => {
      const wanted = declared[name];
      if (!wanted) return [`${name} is not in package.json`];
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted)) return [`${name} is "${wanted}", not an exact version`];
      const have = installed(name);
      const locked = lock.packages[`node_modules/${name}`]?.version;
      return have === wanted && locked === wanted
        ? []
        : [`${name}: package.json ${wanted}, lock ${locked}, installed ${have}`];
    });
    expect(problems).toEqual([]);
  });

  it('the S3 presigner uses the project’s S3 client (the override), one copy in the tree', () => {
    expect(pkg.overrides['@aws-sdk/s3-presigned-post']).toEqual({ '@aws-sdk/client-s3': '$@aws-sdk/client-s3' });
    const copies = Object.keys(lock.packages).filter((p) => p.endsWith('node_modules/@aws-sdk/client-s3'));
    expect(copies).toEqual(['node_modules/@aws-sdk/client-s3']);
  });

  it('every Lambda alias target exists, and every package file it re-exports from is where it was', () => {
    for (const [name, target] of Object.entries(ALIAS)) {
      expect(existsSync(target), `${name} -> ${target}`).toBe(true);
      for (const file of relativeImports(target)) expect(existsSync(file), `${target} imports ${file}`).toBe(true);
    }
    // The DynamoDB stand-ins re-export the packages' own ES modules (deep paths into dist-es).
    expect(relativeImports(ALIAS['@aws-sdk/client-dynamodb']).length).toBeGreaterThanOrEqual(10);
    expect(relativeImports(ALIAS['@aws-sdk/lib-dynamodb']).length).toBeGreaterThanOrEqual(10);
  });

  it('the packages still import what the Lambda aliases replace, by the names the replacements export', () => {
    // Each SDK client's Node configuration takes the credential chain's defaultProvider.
    const clients = PINNED.filter((n) => n.startsWith('@aws-sdk/client-'));
    for (const client of clients) {
      const config = read(nodeModules(client, 'dist-es', 'runtimeConfig.js'));
      expect(config, client).toMatch(
        /import \{[^}]*\bdefaultProvider\b[^}]*\} from "@aws-sdk\/credential-provider-node"/,
      );
    }
    expect(read(ALIAS['@aws-sdk/credential-provider-node'])).toMatch(/export const defaultProvider\b/);
    // ElectroDB takes jsonschema's Validator, and loads the document client with require().
    const electro = readdirSync(nodeModules('electrodb', 'src')).map((f) => read(nodeModules('electrodb', 'src', f)));
    expect(electro.some((code) => code.includes('require("jsonschema").Validator'))).toBe(true);
    expect(read(ALIAS.jsonschema)).toMatch(/export class Validator\b/);
    expect(electro.some((code) => /require\("@aws-sdk\/lib-dynamodb"\)/.test(code))).toBe(true);
  });

  it('the files the portal build aliases or reads by path are where it expects them', () => {
    // web/vite.config.ts: React Router's production build.
    for (const file of ['index.mjs', 'dom-export.mjs'])
      expect(existsSync(nodeModules('react-router', 'dist', 'production', file)), file).toBe(true);
    // web/scripts/cloudscape-trim.ts: the icon map, the base theme and its tokens module (what each trimmed
    // feature's importer imports is checked in test/unit/cloudscape-trim.test.ts).
    const cloudscape = (...p: string[]) => nodeModules('@cloudscape-design', 'components', ...p);
    for (const file of [
      cloudscape('icon', 'generated', 'icons.js'),
      cloudscape('internal', 'base-theme', 'styles.scoped.css'),
      cloudscape('internal', 'generated', 'styles', 'tokens.js'),
      nodeModules('@cloudscape-design', 'collection-hooks', 'mjs', 'operations', 'index.js'),
      nodeModules('@cloudscape-design', 'component-toolkit', 'mjs', 'internal', 'track-by', 'index.js'),
    ])
      expect(existsSync(file), file).toBe(true);
  });

  it('one Powertools version with one copy of its shared core; aws-amplify and its core are the same pair; one query-core', () => {
    const powertools = PINNED.filter((n) => n.startsWith('@aws-lambda-powertools/')).map((n) => pkg.dependencies[n]);
    expect(new Set(powertools).size).toBe(1);
    const copies = (name: string) => Object.keys(lock.packages).filter((p) => p.endsWith(`node_modules/${name}`));
    expect(copies('@aws-lambda-powertools/commons')).toEqual(['node_modules/@aws-lambda-powertools/commons']);
    expect(lock.packages['node_modules/@aws-lambda-powertools/commons'].version).toBe(powertools[0]);
    const amplify = JSON.parse(read(nodeModules('aws-amplify', 'package.json'))) as {
      dependencies: Record<string, string>;
    };
    expect(amplify.dependencies['@aws-amplify/core']).toBe(pkg.dependencies['@aws-amplify/core']);
    expect(copies('@aws-amplify/core')).toEqual(['node_modules/@aws-amplify/core']);
    const query = PINNED.filter((n) => n.startsWith('@tanstack/')).map((n) => pkg.dependencies[n]);
    expect(new Set(query).size).toBe(1);
    for (const core of ['@tanstack/query-core', '@tanstack/query-persist-client-core']) {
      expect(copies(core)).toEqual([`node_modules/${core}`]);
      expect(lock.packages[`node_modules/${core}`].version).toBe(query[0]);
    }
  });

  it('a fresh install prints no peer-dependency warning: the Amplify UI’s @xstate/react takes the project’s React', () => {
    expect(pkg.overrides['@xstate/react']).toEqual({ react: '$react' });
    const allow = (pkg as unknown as { allowScripts: Record<string, boolean> }).allowScripts;
    expect(allow).toEqual({ esbuild: true, 'aws-sdk': false, 'core-js': false });
    // npm's own view of the installed tree: no peer or range it finds unmet. Lighthouse's trace engine
    // asks two packages at the dist-tag "latest", which npm cannot check without the registry.
    const ls = spawnSync('npm', ['ls', '--all', '--json'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    const tree = JSON.parse(ls.stdout) as { problems?: string[] };
    const problems = (tree.problems ?? []).filter((p) => !/^invalid: (legacy-javascript|third-party-web)@/.test(p));
    expect(problems).toEqual([]);
  }, 60_000);

  it('packages only the tests or the local runtime use are devDependencies', () => {
    for (const name of ['ical-generator', 'aws-sdk-client-mock', 'node-ical', '@aws-sdk/client-dynamodb-streams']) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.devDependencies[name], name).toBeDefined();
    }
  });
});
