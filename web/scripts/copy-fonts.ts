/**
 * Copies the self-hosted font files from their npm packages into web/public/fonts (committed; run
 * by hand after upgrading @fontsource-variable/plus-jakarta-sans or @fontsource/open-sans):
 *   npx tsx web/scripts/copy-fonts.ts
 * Public pages use Plus Jakarta Sans (latin, variable weight); the portal uses Open Sans, the face
 * Cloudscape expects, instead of the base64 copies embedded in @cloudscape-design/global-styles.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const target = fileURLToPath(new URL('../public/fonts/', import.meta.url));

const files = [
  '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
  ...[300, 400, 700, 800].map((w) => `@fontsource/open-sans/files/open-sans-latin-${w}-normal.woff2`),
];

await mkdir(target, { recursive: true });
for (const file of files) {
  const [scope, name] = file.split('/');
  const packageRoot = dirname(require.resolve(`${scope}/${name}/package.json`));
  const source = join(packageRoot, file.split('/').slice(2).join('/'));
  await copyFile(source, join(target, basename(file)));
  console.log(`fonts/${basename(file)}`);
}
