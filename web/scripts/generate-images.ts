/**
 * Regenerates the site's own images from the art in web/scripts/art (run by hand when the art
 * changes; the outputs are committed under web/public). Every image is made by the product itself:
 *   default-hero-bg.jpg and default-about-hero.jpg (1600x900 JPEG: the content's `src`, SPEC 9) with
 *     WebP copies -640.webp, -960.webp and -1600.webp (the srcset browsers pick from),
 *   og-image.jpg (1200x630 social card), apple-touch-icon.png (180x180),
 *   images/stories/<slug>.webp (1200x750) with -480 and -800, images/default-dog.webp (story fallback) too,
 *   images/tips/<id>.webp (1200x675) with -480 and -800.
 * The widths must match srcSetFor in web/src/components/content-image.tsx (and the hero's srcset).
 * Uses the system Chromium through playwright-core: `npx tsx web/scripts/generate-images.ts [group...]`
 * where group is any of: hero, og, icon, about, stories, tips (default: all).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { storyArt, tipArt } from './art/illustrations';
import { DEFAULT_DOG, STORY_LOOKS, TIP_SCENES } from './art/looks';

const art = (name: string) => readFile(fileURLToPath(new URL(`./art/${name}`, import.meta.url)), 'utf8');
const out = (name: string) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
const font = fileURLToPath(new URL('../public/fonts/plus-jakarta-sans-latin-wght-normal.woff2', import.meta.url));

const groups = new Set(process.argv.slice(2));
const wanted = (g: string) => groups.size === 0 || groups.has(g);

/** Largest size any generated image may have (the site keeps each one small). */
const MAX_BYTES = 40 * 1024;

/** WebP widths of the full-bleed heroes (home and about) and of the content images (stories, tips). */
const HERO_WIDTHS = [640, 960, 1600];
const CONTENT_WIDTHS = [480, 800];

async function render(page: Page, html: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><head><style>
    @font-face { font-family: Jakarta; src: url('file://${font}'); font-weight: 200 800; }
    html, body { margin: 0; overflow: hidden; }
    svg.bg, body > svg { display: block; width: ${width}px; height: ${height}px; }
  </style></head><body>${html}</body></html>`);
  await page.evaluate(() => document.fonts.ready);
}

async function report(path: string, limit = MAX_BYTES) {
  const { size } = await stat(path);
  console.log(`${path}: ${size} bytes`);
  if (size > limit) console.warn(`  ! larger than ${limit} bytes`);
}

async function shot(page: Page, html: string, w: number, h: number, path: string, type: 'jpeg' | 'png', quality = 62) {
  await render(page, html, w, h);
  await mkdir(dirname(path), { recursive: true });
  await page.screenshot({ path, type, ...(type === 'jpeg' ? { quality } : {}) });
  await report(path, type === 'png' ? Number.POSITIVE_INFINITY : MAX_BYTES);
}

/** Renders to PNG, then encodes WebP in the page's canvas (Chromium's encoder). */
async function webp(page: Page, svg: string, w: number, h: number, path: string, quality = 0.8) {
  await render(page, svg, w, h);
  const png = (await page.screenshot({ type: 'png' })).toString('base64');
  const dataUrl = await page.evaluate(
    async ({ b64, w, h, q }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      canvas.getContext('2d')?.drawImage(img, 0, 0, w, h);
      return canvas.toDataURL('image/webp', q);
    },
    { b64: png, w, h, q: quality },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  await report(path);
}

/** The home hero art in morning colours, mirrored: the about page's default image. */
function aboutArt(hero: string): string {
  return hero
    .replace('<stop offset="0" stop-color="#1e3a8a"/>', '<stop offset="0" stop-color="#0f766e"/>')
    .replace('<stop offset="0.38" stop-color="#3b6fd4"/>', '<stop offset="0.38" stop-color="#38bdf8"/>')
    .replace('<stop offset="0.62" stop-color="#f3b562"/>', '<stop offset="0.62" stop-color="#fde68a"/>')
    .replace('<stop offset="0.72" stop-color="#f59e0b"/>', '<stop offset="0.72" stop-color="#fcd34d"/>')
    .replace('<stop offset="1" stop-color="#f97316"/>', '<stop offset="1" stop-color="#fb923c"/>')
    .replace(/(<svg [^>]*>)/, '$1<g transform="translate(1920 0) scale(-1 1)">')
    .replace(/<\/svg>\s*$/, '</g></svg>');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const hero = await art('hero.svg');
  const paw = await art('paw-icon.svg');
  const bg = (svg: string) => svg.replace('<svg ', '<svg class="bg" preserveAspectRatio="xMidYMid slice" ');

  /** The hero art as the 1600x900 JPEG `src` and one WebP per srcset width (16:9). */
  const heroImages = async (svg: string, name: string) => {
    await shot(page, bg(svg), 1600, 900, out(`${name}.jpg`), 'jpeg');
    for (const w of HERO_WIDTHS) {
      await webp(page, bg(svg), w, Math.round((w * 9) / 16), out(`${name}-${w}.webp`), w > 1000 ? 0.72 : 0.78);
    }
  };
  if (wanted('hero')) await heroImages(hero, 'default-hero-bg');
  if (wanted('about')) await heroImages(aboutArt(hero), 'default-about-hero');

  if (wanted('og')) {
    await shot(
      page,
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
  }

  if (wanted('icon'))
    await shot(page, paw.replace('<svg ', '<svg class="bg" '), 180, 180, out('apple-touch-icon.png'), 'png');

  /** A content image at full size (`<name>.webp`, the content's path) and at each smaller srcset width. */
  const contentImages = async (draw: (w: number, h: number) => string, w: number, h: number, name: string) => {
    await webp(page, draw(w, h), w, h, out(`${name}.webp`));
    for (const cw of CONTENT_WIDTHS) {
      const ch = Math.round((cw * h) / w);
      await webp(page, draw(cw, ch), cw, ch, out(`${name}-${cw}.webp`));
    }
  };

  if (wanted('stories')) {
    for (const s of STORY_LOOKS) {
      await contentImages((w, h) => storyArt(w, h, s.palette, s.look, s.name), 1200, 750, `images/stories/${s.slug}`);
    }
    await contentImages(
      (w, h) => storyArt(w, h, DEFAULT_DOG.palette, DEFAULT_DOG.look),
      1200,
      750,
      'images/default-dog',
    );
  }

  if (wanted('tips')) {
    for (const t of TIP_SCENES) {
      await contentImages((w, h) => tipArt(w, h, t.palette, t.scene), 1200, 675, `images/tips/${t.id}`);
    }
  }
} finally {
  await browser.close();
}
