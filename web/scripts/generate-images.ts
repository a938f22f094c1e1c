/**
 * Regenerates the site's default images from the SVG art in web/scripts/art (run by hand when the
 * art changes; the outputs are committed under web/public):
 *   default-hero-bg.jpg (1600x900), og-image.jpg (1200x630 social card), apple-touch-icon.png (180x180).
 * Uses the system Chromium through playwright-core: `npx tsx web/scripts/generate-images.ts`.
 */
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const art = (name: string) => readFile(fileURLToPath(new URL(`./art/${name}`, import.meta.url)), 'utf8');
const out = (name: string) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
const font = fileURLToPath(new URL('../public/fonts/plus-jakarta-sans-latin-wght-normal.woff2', import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const hero = await art('hero.svg');
  const paw = await art('paw-icon.svg');
  const shot = async (html: string, width: number, height: number, path: string, type: 'jpeg' | 'png') => {
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><html><head><style>
      @font-face { font-family: Jakarta; src: url('file://${font}'); font-weight: 200 800; }
      html, body { margin: 0; overflow: hidden; }
      svg.bg { display: block; width: ${width}px; height: ${height}px; }
    </style></head><body>${html}</body></html>`);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path, type, ...(type === 'jpeg' ? { quality: 62 } : {}) });
    console.log(`${path}: ${(await stat(path)).size} bytes`);
  };

  const heroBg = hero.replace('<svg ', '<svg class="bg" preserveAspectRatio="xMidYMid slice" ');
  await shot(heroBg, 1600, 900, out('default-hero-bg.jpg'), 'jpeg');

  await shot(
    `<div style="position:relative;width:1200px;height:630px;font-family:Jakarta,sans-serif">
      ${hero.replace('<svg ', '<svg class="bg" style="position:absolute;inset:0;width:1200px;height:630px" preserveAspectRatio="xMidYMid slice" ')}
      <div style="position:absolute;inset:0;background:linear-gradient(90deg,rgba(15,23,42,.9),rgba(15,23,42,.55) 60%,rgba(30,58,138,.15))"></div>
      <div style="position:absolute;left:72px;top:96px;width:700px;color:#fff">
        <div style="display:flex;align-items:center;gap:18px">
          <div style="width:72px;height:72px;border-radius:18px;overflow:hidden">${paw.replace('width="180" height="180"', 'width="72" height="72"')}</div>
          <div style="font-size:34px;font-weight:800;letter-spacing:-.02em">Pawsitive Dog Training</div>
        </div>
        <div style="margin-top:48px;font-size:60px;font-weight:800;line-height:1.08;letter-spacing:-.03em">Positive training.<br>Confident dogs.</div>
        <div style="margin-top:24px;font-size:26px;color:#cbd5e1">Lakewood Ranch, FL &middot; Free evaluation</div>
      </div>
    </div>`,
    1200,
    630,
    out('og-image.jpg'),
    'jpeg',
  );

  await shot(paw.replace('<svg ', '<svg class="bg" '), 180, 180, out('apple-touch-icon.png'), 'png');
} finally {
  await browser.close();
}
