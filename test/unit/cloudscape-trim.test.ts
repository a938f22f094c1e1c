import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Theme } from '@cloudscape-design/components/theming';
import { describe, expect, it } from 'vitest';
import {
  CLASS_NAME,
  cloudscapeTheme,
  cloudscapeTrim,
  darkModeTokens,
  darkModeTokensModule,
  reachableIconNames,
  shortClassNames,
  shortenClassNames,
  TRIMMED_TOKEN_CONTEXTS,
  themeStylesheet,
  trimIconMap,
  trimTokenContexts,
  UNUSED_FEATURES,
  unusedFeatureModule,
  usedTokenNames,
  withoutUnusedTokens,
} from '../../web/scripts/cloudscape-trim.js';
import IntlMessageFormat from '../../web/scripts/intl-messageformat-stand-in.js';
import { PORTAL_THEME } from '../../web/src/components/portal/cloudscape-theme.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const ICONS = read('node_modules/@cloudscape-design/components/icon/generated/icons.js');
const BASE_THEME = read('node_modules/@cloudscape-design/components/internal/base-theme/styles.scoped.css');

describe("the portal build's Cloudscape trim (ADR 0015)", () => {
  it('drops the token contexts no screen renders and keeps the light and dark themes', () => {
    const out = trimTokenContexts(BASE_THEME);
    expect(out.length).toBeLessThan(BASE_THEME.length * 0.75);
    for (const context of TRIMMED_TOKEN_CONTEXTS) {
      expect(BASE_THEME).toContain(context);
      expect(out).not.toContain(context);
    }
    expect(out).toContain('--color-primary-600');
    // Dark mode moved out, to be installed when chosen (dark-mode-tokens.ts in the build).
    expect(out).not.toContain('.awsui-dark-mode');
    const dark = darkModeTokens(BASE_THEME);
    expect(dark.startsWith('@layer awsui-base-theme{')).toBe(true);
    expect(dark).toContain('.awsui-dark-mode');
    expect(dark).not.toMatch(/(^|[{}])body\{/);
    for (const context of TRIMMED_TOKEN_CONTEXTS) expect(dark).not.toContain(context);
    const module = darkModeTokensModule(dark);
    expect(module).toContain('export function installDarkModeTokens()');
    expect(module).toContain(JSON.stringify(dark));
  });

  it('keeps the design tokens reachable code reads, and what their values read, and drops the rest', () => {
    const token = (name: string) => new RegExp(`--${name}-[a-z0-9]{6}`).exec(BASE_THEME)?.[0] ?? name;
    const dir = mkdtempSync(join(tmpdir(), 'tokens-'));
    const screen = join(dir, 'screen.tsx');
    writeFileSync(screen, "import Button from '@cloudscape-design/components/button';\n");
    const styles = join(dir, 'theme.css');
    writeFileSync(styles, `.x { color: var(${token('color-charts-red-400')}); }\n`);

    const buttonOnly = usedTokenNames(BASE_THEME, [screen]);
    // Read by the button's CSS, and by that token's value in turn (a palette colour).
    expect(buttonOnly).toContain(token('color-background-button-primary-default'));
    const read = new RegExp(`${token('color-background-button-primary-default')}:var\\((--[\\w-]+)`).exec(
      BASE_THEME,
    )?.[1];
    expect(read).toBeDefined();
    expect(buttonOnly).toContain(read);
    // Chart colours and the table's tokens are read by nothing a lone button reaches.
    expect(buttonOnly).not.toContain(token('color-charts-red-400'));
    expect(buttonOnly).not.toContain(token('color-background-table-header'));
    // A screen's own CSS keeps what it reads; a second import keeps its component's tokens.
    const table = join(dir, 'table.tsx');
    writeFileSync(table, "import Table from '@cloudscape-design/components/table';\n");
    const more = usedTokenNames(BASE_THEME, [screen, styles, table]);
    expect(more).toContain(token('color-charts-red-400'));
    expect(more).toContain(token('color-background-table-header'));

    const out = withoutUnusedTokens(trimTokenContexts(BASE_THEME), buttonOnly);
    expect(out).toContain(`${token('color-background-button-primary-default')}:`);
    expect(out).not.toContain(`${token('color-charts-red-400')}:`);
    expect(out).not.toMatch(/\{\s*\}/);
    // The portal's own imports (charts included, since the analytics screen): fewer tokens than declared,
    // every one the button reads among them.
    const portal = usedTokenNames(BASE_THEME);
    const declared = new Set([...BASE_THEME.matchAll(/(--[\w-]+):/g)].map((m) => m[1]));
    expect(portal.size).toBeLessThan(declared.size);
    for (const name of buttonOnly) if (declared.has(name)) expect(portal).toContain(name);
  });

  it('keeps every icon a component or a screen names, and drops the others', () => {
    const names = reachableIconNames();
    const out = trimIconMap(ICONS, names);
    const all = [...ICONS.matchAll(/^ {4}"([a-z0-9-]+)": /gm)].map((m) => m[1]);
    const kept = [...out.matchAll(/^ {4}"([a-z0-9-]+)": /gm)].map((m) => m[1]);
    expect(kept.length).toBeGreaterThan(30);
    expect(kept.length).toBeLessThan(all.length);
    // What Cloudscape's own components draw (close buttons, status, dropdowns, date picker) stays.
    for (const name of ['close', 'status-negative', 'status-positive', 'caret-down-filled', 'calendar', 'search'])
      expect(kept).toContain(name);
    // Every iconName the portal's screens write stays.
    const webNames = new Set<string>();
    for (const entry of readdirSync(new URL('../../web/src', import.meta.url), {
      withFileTypes: true,
      recursive: true,
    })) {
      if (!entry.name.endsWith('.tsx')) continue;
      const source = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const m of source.matchAll(/iconName[=:] ?["'{]*["']([a-z0-9-]+)["']/g)) webNames.add(m[1] ?? '');
    }
    expect(webNames.size).toBeGreaterThan(3);
    for (const name of webNames) expect(kept).toContain(name);
    expect(kept).not.toContain('microphone');
    // The trimmed map is still a module exporting the map.
    expect(out).toMatch(/const icons = \{[\s\S]*\};\nexport default icons;/);
  });

  it("leaves Cloudscape's other imports alone: its date inputs keep their own date-fns", () => {
    const resolveId = cloudscapeTrim().resolveId as unknown as (source: string, importer?: string) => unknown;
    const calendar = '/repo/node_modules/@cloudscape-design/components/calendar/utils/navigation.js';
    expect(resolveId('date-fns', calendar)).toBeNull();
    expect(resolveId('react', calendar)).toBeNull();
    expect(
      resolveId('./sort-menu', '/repo/node_modules/@cloudscape-design/components/table/header-cell/index.js'),
    ).toMatch(/^\0cloudscape-unused:/);
  });

  it('leaves out List and Table features that no screen turns on, and would fail loudly if one did', async () => {
    const cloudscape = 'node_modules/@cloudscape-design/components/';
    const importers: [string, string][] = [
      ['list/internal.js', '../internal/components/sortable-area'],
      ['table/header-cell/index.js', './sort-menu'],
      ['table/body-cell/index.js', './inline-editor'],
      ['table/body-cell/index.js', './disabled-inline-editor'],
      ['table/selection/selection-control.js', '../../internal/components/radio-button'],
      ['table/header-cell/index.js', '../resizer'],
      ['table/header-cell/group-header-cell.js', '../resizer'],
      ['table/internal.js', './column-groups/col-group'],
      ['table/sticky-header.js', './column-groups/col-group'],
      ['table/thead.js', './column-groups/split-utils'],
      ['table/thead.js', './header-cell/group-header-cell'],
      ['table/internal.js', './progressive-loading/items-loader'],
      ['table/internal.js', './progressive-loading/loader-cell'],
      ['table/internal.js', './skeleton-rows'],
      ['table/internal.js', './multi-column-sort/live-announcement'],
      ['../collection-hooks/mjs/operations/index.js', '@cloudscape-design/component-toolkit/internal'],
    ];
    expect(importers).toHaveLength(UNUSED_FEATURES.length);
    for (const [file, source] of importers) {
      // Cloudscape still imports the module from there (an upgrade that moves it fails here, not silently).
      const code = read(`${cloudscape}${file}`);
      expect(code).toContain(`from '${source}'`);
      const path = join('/x', cloudscape, file);
      const unused = UNUSED_FEATURES.find((u) => u.source === source && u.importer.test(path));
      expect(unused, `${file} ${source}`).toBeDefined();
      // ...and imports nothing from it that the stand-in lacks (or the build would not find it).
      const statement =
        new RegExp(`import (\\w+|\\{[^}]*\\}) from '${source.replace(/[./]/g, '\\$&')}'`).exec(code)?.[1] ?? '';
      const names = statement.startsWith('{')
        ? [...statement.slice(1, -1).matchAll(/(\w+)(?:\s+as\s+\w+)?/g)].map((m) => m[1])
        : ['default'];
      for (const name of names) expect([...(unused?.exports ?? []), ...(unused?.keep?.names ?? [])]).toContain(name);
    }
    const load = async (code: string) => {
      const url = `data:text/javascript;base64,${Buffer.from(code.replace(/^export \{.*$/gm, '')).toString('base64')}`;
      return (await import(/* @vite-ignore */ url)) as Record<string, (...args: unknown[]) => unknown>;
    };
    for (const [i, unused] of UNUSED_FEATURES.entries()) {
      const code = unusedFeatureModule(i);
      // What the stand-in keeps of the real module is passed on from it (the column divider stays).
      for (const name of unused.keep?.names ?? [])
        expect(code).toMatch(new RegExp(`export \\{ .*\\b${name}\\b.* \\} from ".*`));
      if (unused.keep) expect(existsSync(join(cloudscape, unused.keep.from))).toBe(true);
      const standIn = await load(code);
      for (const name of unused.exports) {
        const unusedExport = standIn[name];
        expect(typeof unusedExport, `${unused.source} ${name}`).toBe('function');
        expect(() => unusedExport?.()).toThrow(/left out of the portal build/);
      }
    }
    // The group-selection tree is a class: constructing it throws too.
    const tree = await load(unusedFeatureModule(UNUSED_FEATURES.findIndex((u) => u.exports.includes('SelectionTree'))));
    expect(() => new (tree.SelectionTree as unknown as new () => unknown)()).toThrow(/group selection/);

    // No screen passes the props that would render them.
    for (const entry of readdirSync(new URL('../../web/src', import.meta.url), {
      withFileTypes: true,
      recursive: true,
    })) {
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const source = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      expect(source, entry.name).not.toMatch(
        /\b(sortable|multiColumnSort|editConfig|resizableColumns|groupDefinitions|columnDisplay|getLoadingStatus|skeleton|dataGrouping)\b|selectionType=\{?['"](single|group)/,
      );
    }
  });

  it("gives Cloudscape's scoped class names short ones, the same in a component's CSS and its class map", () => {
    const names = shortClassNames();
    expect(names.size).toBeGreaterThan(2000);
    expect(new Set(names.values()).size).toBe(names.size);
    for (const short of names.values()) expect(short).toMatch(/^aw[0-9a-z]+$/);
    const map = read('node_modules/@cloudscape-design/components/box/styles.css.js');
    const css = read('node_modules/@cloudscape-design/components/box/styles.scoped.css');
    const box = /"box": "(awsui_box_[^"]+)"/.exec(map)?.[1] ?? '';
    expect(css).toContain(`.${box}`);
    const short = names.get(box) ?? '';
    expect(shortenClassNames(map)).toContain(`"box": "${short}"`);
    expect(shortenClassNames(css)).toContain(`.${short}`);
    expect(shortenClassNames(css)).not.toMatch(CLASS_NAME);
    // Names with double underscores are whole names too.
    expect(shortenClassNames('awsui_error__message_14mhv_1n0h3_198')).toMatch(/^aw[0-9a-z]+$/);
    expect(() => shortenClassNames('.awsui_nothing_abcde_fghij_1{}')).toThrow(/not a known Cloudscape class name/);
  });

  it("writes the portal's Cloudscape theme with Cloudscape's theming API, under the installed Cloudscape's names", () => {
    const css = themeStylesheet(PORTAL_THEME);
    const primary = Object.entries(PORTAL_THEME.referenceTokens?.color?.primary ?? {});
    expect(primary.length).toBe(12);
    for (const [step, value] of primary) {
      const name = new RegExp(`(--color-primary-${step}-[a-z0-9]+):\\s*${value}`).exec(css)?.[1];
      expect(name, `primary ${step}`).toBeDefined();
      // The very property Cloudscape's base theme declares and its components read.
      expect(BASE_THEME).toContain(`${name}:`);
    }
    // A token the theming API would ignore fails the build instead of being dropped quietly.
    expect(() => themeStylesheet({ tokens: { colorPrimary600: '#000000' } as Theme['tokens'] })).toThrow(
      /not themeable/,
    );
    // The plugin gives that CSS to cloudscape-theme.css only.
    const transform = cloudscapeTheme().transform as unknown as (code: string, id: string) => { code: string } | null;
    expect(transform('', '/repo/web/src/components/portal/cloudscape-theme.css')?.code).toBe(css);
    expect(transform('', '/repo/web/src/features/portal/components/portal.css')).toBeNull();
  });

  it('refuses an icon map whose shape changed rather than shipping an empty one', () => {
    expect(() => trimIconMap('export default {};', new Set(['close']))).toThrow(/expected shape/);
  });

  it('the intl-messageformat stand-in returns the text it was given', () => {
    expect(new IntlMessageFormat('Something went wrong.').format()).toBe('Something went wrong.');
  });
});
