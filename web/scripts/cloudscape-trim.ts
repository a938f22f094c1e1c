import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Theme } from '@cloudscape-design/components/theming';
import { buildSync, transformSync } from 'esbuild';
import postcss from 'postcss';
import type { Plugin } from 'vite';
import { PORTAL_THEME } from '../src/features/settings/components/cloudscape-theme.js';

/**
 * What the portal's build leaves out of Cloudscape because no screen can reach it (ADR 0015, "Cloudscape
 * trimmed at build time"). Every portal screen loads Cloudscape's shared internals, so each byte here is
 * paid on every screen:
 *
 * - `intl-messageformat` (with the ICU parser, about 65 KB minified): Cloudscape's built-in error-boundary
 *   fallback formats a description string with it, and only inside a Cloudscape `ErrorBoundary` with a
 *   custom description or an `I18nProvider`. The portal uses neither (its own boundaries are
 *   web/src/features/portal/components/screen.tsx), so the stand-in returns the text as given, as the fallback's
 *   own try/catch would.
 * - Icons no code names: Cloudscape's icon map holds all 143 of its icons (about 75 KB minified) and the
 *   icon component looks them up by name. The build keeps those whose name appears as a string literal
 *   in Cloudscape's components or in web/src (where `iconName` values are written), about 56.
 * - Components of `List` and `Table` features no screen turns on (UNUSED_FEATURES): `List`'s drag-and-drop
 *   sorting (dnd-kit, about 20 KB gzip), `Table`'s multi-column sort menu (it brings `ButtonDropdown`) and
 *   its announcement, inline cell editors, single-selection radio, column resizer (the plain column
 *   divider stays), column group headers, progressive-loading rows and skeleton rows, and
 *   `useCollection`'s group-selection tree. Each is imported by its component whether used or not; the
 *   build puts a stand-in in its place that throws if it is ever rendered or called (the screen's error
 *   boundary then says so). Only modules that are rendered or called for their feature alone are left
 *   out: the hooks a `Table` calls on every render (column groups, expandable rows, sticky columns, grid
 *   navigation...) stay Cloudscape's own, since a stand-in for them would have to copy what they return.
 *   A test checks that Cloudscape still imports each from where the build expects it, that each throws,
 *   and that no screen passes the props that turn them on.
 * - Design tokens of visual contexts the portal never renders: the top navigation (the signed-in shell is
 *   plain HTML), the high-contrast content header (no `headerVariant="high-contrast"`) and compact density
 *   (no `applyDensity`, no `contentDensity="compact"`).
 * - Shorter class names: Cloudscape's scoped class names (`awsui_<name>_<component hash>_<build hash>_<n>`,
 *   about 2,800 of them) are written in every component's CSS and in its `styles.css.js` map. The build
 *   gives each a short one (`aw<n>`), the same in the CSS and the maps, numbered in a fixed order of
 *   Cloudscape's files so every build names them alike (CLASS_NAME). About 11 KB gzip off every screen.
 * - Design tokens no reachable code reads: the base theme declares about 1,000 custom properties (each
 *   in light and dark, some per context), among them the whole colour palette and the chart colours.
 *   The build keeps those read (`var(--…)`) by the CSS and JS of the Cloudscape modules the portal's
 *   imports reach, by web/src, or by a kept token's own value (usedTokenNames). Decided from source
 *   files while the base theme is transformed, so the CSS file's hash still covers its content.
 * - The dark-mode tokens (about 4.4 KB gzip) move out of the CSS every screen loads into
 *   web/src/features/settings/components/dark-mode-tokens.ts, which the build replaces with a module that
 *   installs them, in the same cascade layer, when a person chooses the dark theme (applyTheme).
 *
 * Not trimmed: Cloudscape's date inputs keep their own date-fns 2 (the portal has date-fns 4), since
 * giving them another major version would rely on the functions they call behaving alike.
 *
 * Besides the trim, `cloudscapeTheme` (build and dev server) writes the portal's Cloudscape theme
 * (web/src/features/settings/components/cloudscape-theme.ts) as CSS with Cloudscape's theming API.
 */
export const TRIMMED_TOKEN_CONTEXTS = [
  '.awsui-context-top-navigation',
  '.awsui-context-content-header',
  '.awsui-compact-mode',
  '.awsui-context-compact-table',
];

const CLOUDSCAPE = fileURLToPath(new URL('../../node_modules/@cloudscape-design/components/', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ICON_MAP = /@cloudscape-design[\\/]components[\\/]icon[\\/]generated[\\/]icons\.js$/;
const BASE_THEME_FILE = fileURLToPath(
  new URL('../../node_modules/@cloudscape-design/components/internal/base-theme/styles.scoped.css', import.meta.url),
);
const DARK_MODE_MODULE = /web[\\/]src[\\/]features[\\/]settings[\\/]components[\\/]dark-mode-tokens\.ts$/;
const DARK_MODE = '.awsui-dark-mode';
const BASE_THEME = /@cloudscape-design[\\/]components[\\/]internal[\\/]base-theme[\\/]styles\.scoped\.css$/;
const INTL_STAND_IN = fileURLToPath(new URL('./intl-messageformat-stand-in.ts', import.meta.url));

/** The importer pattern of a module under Cloudscape's `table/`. */
function tableModule(file: string): RegExp {
  const path = file
    .split('/')
    .map((part) => part.replaceAll('.', '\\.'))
    .join('[\\\\/]');
  return new RegExp(`@cloudscape-design[\\\\/]components[\\\\/]table[\\\\/]${path}$`);
}

/** Cloudscape modules left out, by the module that imports them: what each stood for and what it exported. */
export const UNUSED_FEATURES: {
  importer: RegExp;
  source: string;
  exports: string[];
  feature: string;
  /** What the stand-in passes on from the real module (a path under Cloudscape's components). */
  keep?: { from: string; names: string[] };
}[] = [
  {
    importer: /@cloudscape-design[\\/]components[\\/]list[\\/]internal\.js$/,
    source: '../internal/components/sortable-area',
    exports: ['default'],
    feature: 'sortable List (the `sortable` prop)',
  },
  {
    importer: tableModule('header-cell/index.js'),
    source: './sort-menu',
    exports: ['SortMenu'],
    feature: 'Table multi-column sorting (the `multiColumnSort` prop)',
  },
  {
    importer: tableModule('body-cell/index.js'),
    source: './inline-editor',
    exports: ['InlineEditor'],
    feature: 'Table inline editing (a column `editConfig`)',
  },
  {
    importer: tableModule('body-cell/index.js'),
    source: './disabled-inline-editor',
    exports: ['DisabledInlineEditor'],
    feature: 'Table inline editing (a column `editConfig`)',
  },
  {
    importer: tableModule('selection/selection-control.js'),
    source: '../../internal/components/radio-button',
    exports: ['default'],
    feature: "Table single selection (`selectionType: 'single'`)",
  },
  ...['index.js', 'group-header-cell.js'].map((file) => ({
    importer: tableModule(`header-cell/${file}`),
    source: '../resizer',
    exports: ['Resizer'],
    feature: 'Table column resizing (the `resizableColumns` prop)',
    keep: { from: 'table/resizer/index.js', names: ['Divider'] },
  })),
  // Column groups (`groupDefinitions`): the group header cells and the column widths of grouped headers.
  ...['internal.js', 'sticky-header.js'].map((file) => ({
    importer: tableModule(file),
    source: './column-groups/col-group',
    exports: ['TableColGroup'],
    feature: 'Table column groups (`groupDefinitions`)',
  })),
  {
    importer: tableModule('thead.js'),
    source: './column-groups/split-utils',
    exports: ['getGroupColumnIds', 'getGroupSplit'],
    feature: 'Table column groups (`groupDefinitions`)',
  },
  {
    importer: tableModule('thead.js'),
    source: './header-cell/group-header-cell',
    exports: ['TableGroupHeaderCell'],
    feature: 'Table column groups (`groupDefinitions`)',
  },
  // Progressive loading (`getLoadingStatus`): the loader rows.
  {
    importer: tableModule('internal.js'),
    source: './progressive-loading/items-loader',
    exports: ['getLoaderContent'],
    feature: 'Table progressive loading (`getLoadingStatus`)',
  },
  {
    importer: tableModule('internal.js'),
    source: './progressive-loading/loader-cell',
    exports: ['TableLoaderCell'],
    feature: 'Table progressive loading (`getLoadingStatus`)',
  },
  {
    importer: tableModule('internal.js'),
    source: './skeleton-rows',
    exports: ['SkeletonRows'],
    feature: 'Table skeleton rows (`skeleton`)',
  },
  {
    importer: tableModule('internal.js'),
    source: './multi-column-sort/live-announcement',
    exports: ['SortLiveAnnouncement'],
    feature: 'Table multi-column sorting (the `multiColumnSort` prop)',
  },
  // The collection hooks' group selection (`expandableRows.dataGrouping`); track-by passed on.
  {
    importer: /@cloudscape-design[\\/]collection-hooks[\\/]mjs[\\/]operations[\\/]index\.js$/,
    source: '@cloudscape-design/component-toolkit/internal',
    exports: ['SelectionTree'],
    feature: 'useCollection group selection (`expandableRows.dataGrouping`)',
    keep: { from: '../component-toolkit/mjs/internal/track-by/index.js', names: ['getTrackableValue'] },
  },
];
/** A Cloudscape scoped class (or keyframes) name. */
export const CLASS_NAME = /awsui_[a-zA-Z0-9_-]+?_[a-z0-9]{5}_[a-z0-9]{5}_\d+/g;
const CLASS_NAME_FILE =
  /@cloudscape-design[\\/]components[\\/](?!node_modules).*\.(css\.js|selectors\.js|scoped\.css)$/;
let classNames: Map<string, string> | undefined;

/** Every scoped class name of Cloudscape's components, with its short name (built once, in file order). */
export function shortClassNames(): Map<string, string> {
  if (classNames) return classNames;
  const files = readdirSync(CLOUDSCAPE, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(css\.js|selectors\.js|scoped\.css)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !/[\\/]node_modules[\\/]/.test(f.slice(CLOUDSCAPE.length)))
    .sort();
  const names = new Map<string, string>();
  for (const file of files) {
    for (const [name] of readFileSync(file, 'utf8').matchAll(CLASS_NAME)) {
      if (!names.has(name)) names.set(name, `aw${names.size.toString(36)}`);
    }
  }
  classNames = names;
  return names;
}

/** `code` with Cloudscape's scoped class names shortened; a name not in the table fails the build. */
export function shortenClassNames(code: string): string {
  const names = shortClassNames();
  return code.replace(CLASS_NAME, (name) => {
    const short = names.get(name);
    if (!short) throw new Error(`cloudscape-trim: ${name} is not a known Cloudscape class name`);
    return short;
  });
}

const UNUSED_PREFIX = '\0cloudscape-unused:';

/** The stand-in module of UNUSED_FEATURES[index]: each export throws when rendered. */
export function unusedFeatureModule(index: number): string {
  const unused = UNUSED_FEATURES[index];
  if (!unused) throw new Error(`cloudscape-trim: no unused feature ${index}`);
  const message = JSON.stringify(`${unused.feature} is left out of the portal build (web/scripts/cloudscape-trim.ts).`);
  const kept = unused.keep
    ? [`export { ${unused.keep.names.join(', ')} } from ${JSON.stringify(join(CLOUDSCAPE, unused.keep.from))};`]
    : [];
  return [
    ...kept,
    ...unused.exports.map((name) =>
      name === 'default'
        ? `export default function Unused() { throw new Error(${message}); }`
        : `export function ${name}() { throw new Error(${message}); }`,
    ),
  ].join('\n');
}

/** `css` without the rules `drop` picks (and the at-rules they leave empty). */
function withoutRules(css: string, drop: (selector: string) => boolean): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (drop(rule.selector)) rule.remove();
  });
  return withoutEmpty(root).toString();
}

/** `root` without the rules and at-rules left empty. */
function withoutEmpty(root: postcss.Root): postcss.Root {
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        emptied = true;
      }
    });
  }
  return root;
}

/** The base theme every screen loads: without the trimmed contexts and without the dark-mode tokens. */
export function trimTokenContexts(css: string): string {
  return withoutRules(
    css,
    (selector) => selector.includes(DARK_MODE) || TRIMMED_TOKEN_CONTEXTS.some((context) => selector.includes(context)),
  );
}

/** Only the dark-mode tokens of the base theme, in their own `@layer`/`@media` wrappers, minified. */
export function darkModeTokens(css: string): string {
  const dark = withoutRules(
    css,
    (selector) => !selector.includes(DARK_MODE) || TRIMMED_TOKEN_CONTEXTS.some((context) => selector.includes(context)),
  );
  return transformSync(dark, { loader: 'css', minify: true, legalComments: 'none' }).code.trim();
}

/** The build's dark-mode-tokens.ts: installs the dark tokens once, as a style element after Cloudscape's CSS. */
export function darkModeTokensModule(css: string): string {
  return [
    `const CSS = ${JSON.stringify(css)};`,
    'export function installDarkModeTokens() {',
    "  if (document.getElementById('cloudscape-dark-mode-tokens')) return;",
    "  const style = document.createElement('style');",
    "  style.id = 'cloudscape-dark-mode-tokens';",
    '  style.textContent = CSS;',
    '  document.head.append(style);',
    '}',
  ].join('\n');
}

/** Every quoted lowercase-kebab string in the .js/.ts/.tsx files under a folder (icon names among them). */
function kebabLiterals(dir: string, into: Set<string>, skip: RegExp): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/(?<!\.d)\.(js|tsx?)$/.test(entry.name) || skip.test(path)) continue;
    for (const m of readFileSync(path, 'utf8').matchAll(/["'`]([a-z0-9]+(?:-[a-z0-9]+)*)["'`]/g)) into.add(m[1] ?? '');
  }
  return into;
}

/** The icon names the portal's code can reach: literals in Cloudscape's components and in web/src. */
export function reachableIconNames(): Set<string> {
  const names = kebabLiterals(
    CLOUDSCAPE,
    new Set(),
    /[\\/](icon[\\/]generated|test-utils|internal[\\/]generated[\\/]theming)[\\/]/,
  );
  return kebabLiterals(WEB_SRC, names, /\.test\.tsx?$/);
}

/** Cloudscape's generated icon map (`const icons = { "name": React.createElement(…), … }`) cut to `keep`. */
export function trimIconMap(code: string, keep: Set<string>): string {
  const start = code.indexOf('const icons = {');
  const end = code.lastIndexOf('};');
  if (start < 0 || end < start) throw new Error('cloudscape-trim: the icon map no longer has the expected shape');
  const body = code.slice(start + 'const icons = {'.length, end);
  const entries = body.split(/\n(?= {4}"[a-z0-9-]+": )/).filter((e) => e.trim());
  const kept = entries.filter((e) => keep.has(/^\s*"([a-z0-9-]+)": /.exec(e)?.[1] ?? ''));
  if (kept.length === 0) throw new Error('cloudscape-trim: no icon kept');
  const list = kept.map((e) => e.trim().replace(/,$/, '')).join(',\n    ');
  return `${code.slice(0, start)}const icons = {\n    ${list}\n${code.slice(end)}`;
}

const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const TOKENS_MODULE = join(CLOUDSCAPE, 'internal', 'generated', 'styles', 'tokens.js');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
const VAR_REF = /var\(\s*(--[\w-]+)/g;

/** A module specifier as a file: as written, or with `.js`, or a folder's `index.js`. */
function asFile(path: string): string | undefined {
  for (const candidate of [path, `${path}.js`, join(path, 'index.js')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** Source files (not tests) under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * The custom properties the portal's code reads: `var(--…)` in web/src and in every Cloudscape file its
 * imports reach (following relative imports, skipping UNUSED_FEATURES), the design tokens those modules
 * import by name from Cloudscape's token module (or read from its namespace), and, declared in `baseTheme`,
 * whatever a kept token's value reads in turn.
 */
export function usedTokenNames(baseTheme: string, webFiles: string[] = sourceFiles(WEB_SRC)): Set<string> {
  const used = new Set<string>();
  const tokenValues = new Map<string, string>();
  for (const m of readFileSync(TOKENS_MODULE, 'utf8').matchAll(/export var (\w+) = "var\((--[\w-]+)/g))
    tokenValues.set(m[1] ?? '', m[2] ?? '');
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (file: string | undefined) => {
    if (file && file !== TOKENS_MODULE && !seen.has(file)) {
      seen.add(file);
      queue.push(file);
    }
  };
  for (const file of webFiles) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(VAR_REF)) used.add(m[1] ?? '');
    for (const m of code.matchAll(IMPORT))
      if (m[1]?.startsWith('@cloudscape-design/')) visit(asFile(join(NODE_MODULES, m[1])));
  }
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(VAR_REF)) used.add(m[1] ?? '');
    if (!file.endsWith('.js')) continue;
    for (const m of code.matchAll(IMPORT)) {
      const source = m[1] ?? '';
      if (!source.startsWith('.')) continue;
      if (UNUSED_FEATURES.some((u) => u.source === source && u.importer.test(file))) continue;
      const target = asFile(resolve(dirname(file), source));
      if (target !== TOKENS_MODULE) {
        visit(target);
        continue;
      }
      const statement = code.slice(code.lastIndexOf('import', m.index), m.index);
      const namespace = /\*\s+as\s+(\w+)/.exec(statement)?.[1];
      const names = namespace
        ? [...code.matchAll(new RegExp(`\\b${namespace}\\.(\\w+)`, 'g'))].map((n) => n[1] ?? '')
        : [...(/\{([^}]*)\}/.exec(statement)?.[1] ?? '').matchAll(/(\w+)(?:\s+as\s+\w+)?/g)].map((n) => n[1] ?? '');
      for (const name of names) {
        const token = tokenValues.get(name);
        if (token) used.add(token);
      }
    }
  }
  // A kept token keeps what its value reads (in any theme or context), until nothing new is added.
  const values = new Map<string, string[]>();
  postcss.parse(baseTheme).walkDecls((decl) => {
    if (decl.prop.startsWith('--')) values.set(decl.prop, [...(values.get(decl.prop) ?? []), decl.value]);
    else for (const m of decl.value.matchAll(VAR_REF)) used.add(m[1] ?? '');
  });
  const pending = [...used];
  while (pending.length > 0) {
    for (const value of values.get(pending.pop() ?? '') ?? [])
      for (const m of value.matchAll(VAR_REF))
        if (!used.has(m[1] ?? '')) {
          used.add(m[1] ?? '');
          pending.push(m[1] ?? '');
        }
  }
  return used;
}

/** `css` without the custom property declarations `used` does not name (and the rules they leave empty). */
export function withoutUnusedTokens(css: string, used: Set<string>): string {
  const root = postcss.parse(css);
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
  });
  return withoutEmpty(root).toString();
}

export function cloudscapeTrim(): Plugin {
  let used: Set<string> | undefined;
  const usedTokens = (baseTheme: string) => {
    used ??= usedTokenNames(baseTheme);
    return used;
  };
  return {
    name: 'pawsitive:cloudscape-trim',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source === 'intl-messageformat') return INTL_STAND_IN;
      const unused = UNUSED_FEATURES.findIndex((u) => u.source === source && u.importer.test(importer ?? ''));
      return unused >= 0 ? `${UNUSED_PREFIX}${unused}` : null;
    },
    load(id) {
      return id.startsWith(UNUSED_PREFIX) ? unusedFeatureModule(Number(id.slice(UNUSED_PREFIX.length))) : null;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (ICON_MAP.test(file)) return { code: trimIconMap(code, reachableIconNames()), map: null };
      if (DARK_MODE_MODULE.test(file)) {
        const baseTheme = readFileSync(BASE_THEME_FILE, 'utf8');
        const dark = darkModeTokens(shortenClassNames(withoutUnusedTokens(baseTheme, usedTokens(baseTheme))));
        return { code: darkModeTokensModule(dark), map: null };
      }
      if (!CLASS_NAME_FILE.test(file)) return null;
      const css = BASE_THEME.test(file) ? withoutUnusedTokens(trimTokenContexts(code), usedTokens(code)) : code;
      return { code: shortenClassNames(css), map: null };
    },
  };
}

const THEME_STYLESHEET = /web[\\/]src[\\/]features[\\/]settings[\\/]components[\\/]cloudscape-theme\.css$/;

/**
 * The CSS that Cloudscape's theming API (`generateThemeStylesheet` of `@cloudscape-design/components/theming`)
 * writes for `theme`: its custom properties under the names the installed Cloudscape gives them. Cloudscape
 * ships ES modules Node cannot load as they are (imports without file extensions), so esbuild bundles the
 * API first. A token the API ignores (not themeable) or a palette it no longer writes fails the build.
 */
export function themeStylesheet(theme: Theme): string {
  const bundle = buildSync({
    stdin: {
      contents: "export { generateThemeStylesheet } from '@cloudscape-design/components/theming';",
      resolveDir: fileURLToPath(new URL('../../', import.meta.url)),
    },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'error',
  }).outputFiles[0]?.text;
  if (!bundle) throw new Error("cloudscape-theme: Cloudscape's theming API did not bundle");
  const api: { exports: { generateThemeStylesheet?: (params: { theme: Theme }) => string } } = { exports: {} };
  new Function('module', 'exports', 'require', bundle)(api, api.exports, createRequire(import.meta.url));
  const warnings: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  let css: string;
  try {
    css = api.exports.generateThemeStylesheet?.({ theme }) ?? '';
  } finally {
    console.warn = warn;
  }
  if (warnings.length > 0) throw new Error(`cloudscape-theme: ${warnings.join('; ')}`);
  const steps = Object.values(theme.referenceTokens?.color ?? {}).flatMap((palette) =>
    typeof palette === 'string' ? [palette] : Object.keys(palette ?? {}),
  );
  const declared = css.match(/--[\w-]+:/g)?.length ?? 0;
  if (declared < Object.keys(theme.tokens).length + steps.length)
    throw new Error(
      `cloudscape-theme: the theme's stylesheet declares ${declared} properties, fewer than the theme sets`,
    );
  return css;
}

/**
 * The portal's Cloudscape theme (web/src/features/settings/components/cloudscape-theme.ts) as the content of
 * cloudscape-theme.css beside it, on the dev server and in the build: plain CSS, so no theming code runs in
 * the browser (`applyTheme` costs about 1.5 s of main-thread time on start).
 */
export function cloudscapeTheme(): Plugin {
  let css: string | undefined;
  return {
    name: 'pawsitive:cloudscape-theme',
    enforce: 'pre',
    transform(_code, id) {
      if (!THEME_STYLESHEET.test(id.split('?')[0] ?? '')) return null;
      css ??= themeStylesheet(PORTAL_THEME);
      return { code: css, map: null };
    },
  };
}
