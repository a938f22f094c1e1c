import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { cdkBundling, esbuildOptions, HTTP_BUNDLE_CEILING_BYTES } from '../../infra/cloud/bundling.js';
import { planHandlers } from '../../infra/cloud/handlers.js';

/** The largest HTTP handlers (bench/README.md, "Lambda bundles") and a typical public one. */
const HANDLERS = [
  'http/dogs/create-photo-upload',
  'http/clients/delete-client',
  'http/account/delete-my-account',
  'http/contact/update-contact-status',
  'http/content/list-public-content',
  'http/clients/list-clients',
];

const plans = planHandlers();
const needsOf = (handler: string) => plans.find((p) => p.handler === handler)?.needs;

describe('Lambda bundles (issue 12, item 11; ADR 0016)', () => {
  it('the bench and this test bundle with the options the CDK deploys with', () => {
    const o = esbuildOptions('http/content/list-public-content');
    expect(o.external).toEqual(cdkBundling.externalModules);
    expect(o.mainFields).toEqual(cdkBundling.mainFields);
    expect(o.target).toBe(cdkBundling.target);
    expect(o.banner.js).toBe(cdkBundling.banner);
    expect(o.minify).toBe(cdkBundling.minify);
    expect(o.format).toBe(cdkBundling.format);
    expect(cdkBundling.esbuildArgs?.['--alias']).toEqual(Object.entries(o.alias).map(([a, b]) => `${a}=${b}`));
  });

  it.each(HANDLERS)(
    `%s stays under ${HTTP_BUNDLE_CEILING_BYTES / 1024} KB, with zod tree-shaken, no credential chain, Cognito only if it manages users`,
    async (handler) => {
      const r = await build({ ...esbuildOptions(handler), metafile: true });
      const bundle = r.outputFiles.find((f) => f.path.endsWith('index.mjs'));
      expect(bundle).toBeDefined();
      expect(bundle?.contents.length).toBeGreaterThan(100_000);
      expect(bundle?.contents.length).toBeLessThanOrEqual(HTTP_BUNDLE_CEILING_BYTES);
      const output = Object.values(r.metafile.outputs).find((o) => o.entryPoint);
      const inputs = Object.entries(output?.inputs ?? {});
      // `import { z } from 'zod'` bundles every locale (about 450 KB); the namespace import about 95 KB.
      const zodBytes = inputs
        .filter(([f]) => f.includes('node_modules/zod/'))
        .reduce((n, [, v]) => n + v.bytesInOutput, 0);
      expect(zodBytes).toBeGreaterThan(0);
      expect(zodBytes).toBeLessThanOrEqual(120 * 1024);
      expect(inputs.filter(([f]) => /zod\/.*locales\/(?!en\.)/.test(f) && f.endsWith('.js')).map(([f]) => f)).toEqual(
        [],
      );
      // The SDK's default credential chain (and the STS/SSO clients it loads) is not in the bundle.
      expect(inputs.map(([f]) => f).filter((f) => /credential-provider-(node|ini|sso)|nested-clients/.test(f))).toEqual(
        [],
      );
      // The Cognito client only where the function may call Cognito: a public or admin route that manages
      // no users does not carry the missing-profile creation (functions/lib/http-client.ts).
      const cognito = inputs.some(([f]) => f.includes('node_modules/@aws-sdk/client-cognito-identity-provider/'));
      expect(cognito).toBe(Boolean(needsOf(handler)?.users?.length));
    },
  );
});
