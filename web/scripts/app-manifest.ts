/**
 * The portal's web app manifest and its icons, written into the build (dist/) by prerender.tsx: the
 * business's name and colours (shared/content/business.ts, the site's `--primary-dark`) and PNG icons
 * drawn from the site's own logo (public/favicon.svg) with sharp, so a client can install the portal on a
 * phone's home screen (issue 36; docs/decisions/0057-installable-portal.md).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { BUSINESS } from '#shared/content/business';

/** The site's `--primary-dark` (web/src/styles/global.css) and the pages' `<meta name="theme-color">`. */
export const THEME_COLOR = '#1d4ed8';
export const BACKGROUND_COLOR = '#ffffff';
export const MANIFEST_FILE = 'manifest.webmanifest';
/** The icons the manifest lists: "any" at the two sizes browsers ask for, and a maskable one. */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function appManifest() {
  return {
    id: '/dashboard',
    name: BUSINESS.name,
    short_name: BUSINESS.shortName,
    description: BUSINESS.tagline,
    // The portal: a signed-out visitor is sent to sign in from there.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: APP_ICONS,
  };
}

/** The logo drawn at `size`, or inside a maskable icon's safe zone (the middle 80%) on the theme colour. */
async function icon(logo: Buffer, size: number, maskable: boolean) {
  if (!maskable)
    return sharp(logo, { density: (72 * size) / 32 })
      .resize(size, size)
      .png()
      .toBuffer();
  const inner = Math.round(size * 0.6);
  const drawn = await sharp(logo, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export async function writeAppManifest(dist: string) {
  const logo = await readFile(join(dist, 'favicon.svg'));
  await mkdir(join(dist, 'icons'), { recursive: true });
  for (const i of APP_ICONS) {
    const size = Number(i.sizes.split('x')[0]);
    await writeFile(join(dist, i.src), await icon(logo, size, i.purpose === 'maskable'));
  }
  await writeFile(join(dist, MANIFEST_FILE), `${JSON.stringify(appManifest(), null, 2)}\n`);
}
