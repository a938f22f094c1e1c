/**
 * The gzip JS + CSS of `/` (bench/README.md, "Initial JS + CSS of `/`"), measured in Chromium on a build
 * of the code being measured.
 */
import { execSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { CHROME_PATH } from './lighthouse.js';
import { shiftPorts } from './ports.js';

/** Gzip size (level 9) of a file's bytes. */
export function gz(buf: Buffer | string) {
  return gzipSync(buf, { level: 9 }).length;
}

/**
 * The initial JS + CSS budget of `/` (gzip), from the website issue: a public page ships no React runtime
 * unless it has an island (it was 88 KB with the whole page hydrated).
 */
export const INITIAL_BUDGET_GZIP = 30 * 1024;

/** The React chunk (web/vite.config.ts): no public page but an island's loads it. */
const REACT_CHUNK = /^\/assets\/react-[^/]+\.js$/;
/** Pages checked for loading React without interaction (at 375 px, until the network is idle). */
const STATIC_PAGES = ['/', '/programs', '/tips', '/about'];

let webBuilt = false;
/**
 * Builds the web app once per bench run: a web/dist left by an earlier build (tests, `npm start`) may
 * predate the code, and the sizes must be those of the code being measured.
 */
export function buildWebOnce() {
  if (webBuilt) return;
  execSync('npm run build:web', { stdio: 'inherit' });
  webBuilt = true;
}

/**
 * Everything `/` loads without any interaction, in Chromium at 375 px: the scripts its HTML references
 * and any chunk its entry loads, until the network is idle; plus the stylesheets inlined into the HTML
 * (one <style>, gzipped as a file would be). Then what scrolling to the bottom adds (nothing: the blocks
 * below the fold are static). And which static pages request the React chunk without interaction (none).
 */
export async function webSizes() {
  buildWebOnce();
  const html = readFileSync('web/dist/index.html', 'utf8');
  const dataDir = '.test-local/bench-web';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    ports: shiftPorts({
      site: 3320,
      ws: 3321,
      dynamodb: 8320,
      cognito: 9549,
      s3: 4889,
      ses: 8325,
      stripe: 12325,
      push: 7225,
    }),
  });
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const files: { file: string; bytes: number; gzipBytes: number }[] = [];
    const reads: Promise<void>[] = [];
    page.on('response', (res) => {
      const file = new URL(res.url()).pathname;
      if (!/\.(js|css)$/.test(file)) return;
      reads.push(
        res
          .body()
          .then((body) => {
            files.push({ file, bytes: body.length, gzipBytes: gz(body) });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(`${rt.urls.site}/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(reads);
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((st) => ({
        file: st.dataset.href ?? '(inline)',
        css: st.textContent ?? '',
      })),
    );
    for (const { file, css } of inlineCss)
      files.push({ file: `${file} (inlined)`, bytes: Buffer.byteLength(css), gzipBytes: gz(css) });
    const initial = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(reads);
    const onScroll = files.filter((f) => !initial.includes(f)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = (list: typeof files) => list.reduce((n, f) => n + f.gzipBytes, 0);
    const reactLoadedOn: string[] = [];
    for (const path of STATIC_PAGES) {
      const other = await browser.newPage({ viewport: { width: 375, height: 812 } });
      const scripts: string[] = [];
      other.on('request', (r) => scripts.push(new URL(r.url()).pathname));
      await other.goto(`${rt.urls.site}${path}`);
      await other.waitForLoadState('networkidle');
      if (scripts.some((s) => REACT_CHUNK.test(s))) reactLoadedOn.push(path);
      await other.close();
    }
    const totalGzipBytes = total(initial);
    return {
      page: '/',
      htmlGzipBytes: gz(html),
      files: initial,
      totalGzipBytes,
      budgetGzipBytes: INITIAL_BUDGET_GZIP,
      withinBudget: totalGzipBytes <= INITIAL_BUDGET_GZIP,
      staticPages: STATIC_PAGES,
      reactLoadedOn,
      onScrollFiles: onScroll,
      afterScrollGzipBytes: total(initial) + total(onScroll),
    };
  } finally {
    await browser.close();
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
