/**
 * The production build the e2e runtime serves (web/dist, built by the global setup with the portal's
 * Cloudscape trim, ADR 0015): every design token any built file reads is still declared. The trim drops
 * the base theme's custom properties that no reachable code reads, decided from source files; a token a
 * component reads at run time but the trim missed would silently fall back to nothing (a transparent
 * button, a zero gap), which no screenshot test would catch everywhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const ASSETS = new URL('../../web/dist/assets/', import.meta.url);
const BASE_THEME = readFileSync(
  new URL('../../node_modules/@cloudscape-design/components/internal/base-theme/styles.scoped.css', import.meta.url),
  'utf8',
);

test('every Cloudscape design token the built portal reads is declared in the build', () => {
  const tokens = new Set([...BASE_THEME.matchAll(/(--[\w-]+):/g)].map((m) => m[1]));
  const files = readdirSync(ASSETS).filter((f) => /\.(js|css)$/.test(f));
  const built = files.map((f) => readFileSync(join(ASSETS.pathname, f), 'utf8')).join('\n');
  const read = new Set([...built.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]).filter((t) => tokens.has(t)));
  const declared = new Set([...built.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
  // The portal reads hundreds of tokens (a control that the build was found and read)...
  expect(read.size).toBeGreaterThan(300);
  // ...and the build declares each one it reads, while leaving out tokens nothing reads.
  expect([...read].filter((t) => !declared.has(t))).toEqual([]);
  expect([...tokens].filter((t) => declared.has(t)).length).toBeLessThan(tokens.size * 0.9);
});
