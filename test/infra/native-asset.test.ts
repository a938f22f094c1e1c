import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/cloud/app-function.js';
import { architectureOf, INSTALLED_MODULES } from '../../infra/cloud/bundling.js';
import { cdkJsonContext } from '../../infra/cloud/paths.js';
import { node22 } from '../../scripts/node22.mjs';

const HANDLER = 'http/content/process-image';
/** Lambda's architecture names as Node's `process.arch`. */
const NODE_ARCH = { arm64: 'arm64', x86_64: 'x64' } as const;

/**
 * The asset the CDK deploys for the website image step, built for real (local esbuild, the installed modules
 * and the command hook that adds sharp's linux build), then its sharp loaded and run on Node 22 (ADR 0042).
 */
describe('the image function deploys a sharp that runs on its architecture (issue 34, ADR 0042)', () => {
  let outdir: string;
  let asset: string;
  let template: Template;

  beforeAll(() => {
    process.env.CDK_VALIDATION = 'false';
    outdir = mkdtempSync(join(tmpdir(), 'native-asset-'));
    const app = new App({ outdir, context: cdkJsonContext() });
    const stack = new Stack(app, 'NativeAsset');
    const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    new AppFunction(stack, 'Images', { handler: HANDLER, table, logLevel: 'WARN' });
    template = Template.fromStack(stack);
    const assembly = app.synth();
    const dirs = readdirSync(assembly.directory).filter((d) => d.startsWith('asset.'));
    const found = dirs.find((d) => existsSync(join(assembly.directory, d, 'index.mjs')));
    if (!found) throw new Error(`No bundled asset among ${dirs.join(', ')}`);
    asset = join(assembly.directory, found);
  }, 300_000);

  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('runs on x86_64, where the machines that test and deploy it run', () => {
    expect(architectureOf(HANDLER)).toBe('x86_64');
    expect(architectureOf('http/content/list-public-content')).toBe('arm64');
    template.hasResourceProperties('AWS::Lambda::Function', { Architectures: ['x86_64'], Runtime: 'nodejs22.x' });
  });

  it("the asset holds the bundle, sharp's linux build for that architecture and jsdom", () => {
    const arch = NODE_ARCH[architectureOf(HANDLER)];
    for (const name of INSTALLED_MODULES[HANDLER])
      expect(existsSync(join(asset, 'node_modules', name)), name).toBe(true);
    const img = readdirSync(join(asset, 'node_modules', '@img'));
    expect(img).toEqual(expect.arrayContaining([`sharp-linux-${arch}`, `sharp-libvips-linux-${arch}`]));
    const sharpVersion = JSON.parse(readFileSync(join(asset, 'node_modules/sharp/package.json'), 'utf8')).version;
    const installed = JSON.parse(readFileSync('node_modules/sharp/package.json', 'utf8')).version;
    expect(sharpVersion).toBe(installed);
  });

  it("the asset's sharp converts a JPEG to WebP on Node 22", () => {
    const arch = NODE_ARCH[architectureOf(HANDLER)];
    // This machine runs the function's architecture (the reason for the choice); elsewhere nothing can load it.
    expect(process.arch).toBe(arch);
    const script = join(asset, 'convert-check.mjs');
    writeFileSync(
      script,
      `import sharp from 'sharp';
      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0562b' } }).jpeg().toBuffer();
      const webp = await sharp(jpeg).resize({ width: 480 }).webp({ quality: 78 }).toBuffer();
      const meta = await sharp(webp).metadata();
      const platform = Object.keys(sharp.versions).length ? process.platform + '-' + process.arch : '';
      console.log(JSON.stringify({ node: process.version, platform, jpeg: jpeg.subarray(0, 2).toString('hex'), format: meta.format, width: meta.width }));`,
    );
    const out = JSON.parse(execFileSync(node22(), [script], { cwd: asset, encoding: 'utf8' }).trim());
    expect(out).toEqual({
      node: expect.stringMatching(/^v22\./),
      platform: `linux-${arch}`,
      jpeg: 'ffd8',
      format: 'webp',
      width: 480,
    });
  });
});
