import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cloudscapeTheme, cloudscapeTrim } from './scripts/cloudscape-trim.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web app. `npm run build:web` runs this build (index.html = public pages, shell.html = SPA shell
 * for portal routes), then web/scripts/prerender.tsx writes the static public pages into web/dist.
 * Dev: `npx vite --config web/vite.config.ts`; set WEB_DEV_BACKEND (e.g. http://127.0.0.1:3000) to
 * proxy /api and /config.json to the local runtime.
 */
const backend = process.env.WEB_DEV_BACKEND;

/**
 * React Router 7 ships a production build (its dev warnings compiled out) next to the development one, but
 * no export condition selects it: builds alias it by hand (the dev server keeps the warnings).
 */
/**
 * The service worker (web/src/sw/sw.ts, ADR 0058): built into dist/sw.js with its precache list, which
 * keeps only the SPA shell and the files shell.html itself names (its script, stylesheets, modulepreloads,
 * font): a portal screen's own chunks load from the network, so a release does not download every screen.
 * The web app manifest is the build's own (web/scripts/app-manifest.ts), not the plugin's.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    manifest: false,
    injectRegister: false,
    injectManifest: {
      globPatterns: ['shell.html', 'assets/*.{js,css}', 'fonts/*.woff2'],
      manifestTransforms: [
        async (entries) => {
          const shell = readFileSync(`${root}dist/shell.html`, 'utf8');
          const named = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
          return { manifest: entries.filter((e) => e.url === 'shell.html' || named.has(e.url)), warnings: [] };
        },
      ],
    },
  });

const reactRouter = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ command }) => ({
  root,
  publicDir: 'public',
  plugins: [react(), cloudscapeTheme(), cloudscapeTrim(), serviceWorker()],
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: `${reactRouter}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouter}dom-export.mjs` },
          ],
        }
      : undefined,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // Read by web/scripts/prerender.tsx (page CSS and modulepreload links), then deleted.
    manifest: true,
    // Every browser the site supports has <link rel=modulepreload>: skip Vite's polyfill.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { index: `${root}index.html`, shell: `${root}shell.html` },
      output: {
        // (`codeSplitting` replaces rolldown's deprecated `advancedChunks`; same groups, same chunks.)
        // React and React DOM in one long-lived chunk: app releases don't invalidate it. (React Router is
        // the portal's alone: it stays in the portal's chunks.)
        codeSplitting: {
          groups: [
            // Vite's preload helper alone: the entry (web/src/main.tsx) needs only it, not the chunks below.
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 6 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // TanStack Query in one chunk: the last-seen persister (lib/last-seen.ts, loaded later) shares its
            // core's hydration with the portal, which otherwise split the core into four small chunks (ADR 0077).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 2 },
            // The Cloudscape internals most portal screens use (buttons, forms, selects, modals, containers),
            // in one chunk: split by which screens share them they made dozens of small chunks, each
            // compressed on its own. One chunk for what at least 18 lazy chunks import was the lightest
            // for the screens together (ADR 0015; at 14, with the analytics, vaccination and website screens,
            // table internals joined it and the dashboard, compose and session form went over 300 KB).
            // (tslib is shared with Amplify, which the sign-in screens load: kept out of Cloudscape's chunk.)
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 1 },
            {
              name: 'cloudscape',
              test: /@cloudscape-design[\\/](components|component-toolkit|collection-hooks)[\\/]/,
              minShareCount: 18,
            },
            // A prerendered page's script (app/islands.ts, lib/static-page) with what it imports, in one chunk
            // of its own: never in a chunk that imports React (the build's prerender checks).
            {
              name: 'static-page',
              test: /web[\\/]src[\\/](app[\\/]islands\.ts$|lib[\\/]static-page[\\/])/,
              priority: 3,
            },
            // The site data a prerendered page's script shares with the portal (the business details, the
            // public content's paths and the settings' options, the config store): a chunk of their own, so a
            // portal screen does not load the static page's header, buttons and images with them.
            {
              name: 'site-data',
              test: /(shared[\\/](content[\\/](business|public-content)|contracts[\\/]settings-options)\.ts$|web[\\/]src[\\/]lib[\\/](config-store|business-info|navigation)\.ts$)/,
              priority: 5,
            },
            // What the SPA shell's portal start (app/shell-start.ts, app/portal-start.tsx) shares with a public
            // page the shell renders (app/public-shell.tsx): the path rules, Seo, the logo, the loading state and
            // the site URL. Its own chunk, so a portal screen does not load the public pages with it. (Not what
            // a prerendered page's script, app/islands.ts, imports: that chunk must never import React.)
            {
              name: 'site',
              test: /(web[\\/]src[\\/]app[\\/](paths|portal-paths|page-loading)\.tsx?$|web[\\/]src[\\/](components[\\/](seo|logo)|lib[\\/]site)\.tsx?$)/,
            },
          ],
        },
      },
    },
  },
  server: backend
    ? {
        proxy: {
          '/api': { target: backend, changeOrigin: true },
          '/config.json': { target: backend, changeOrigin: true },
        },
      }
    : undefined,
}));
