/**
 * The import-graph check (`npm run check`, docs/decisions/0024-domain-layers.md). Each group of rules
 * is named after what it guards; a rule's `comment` is what a failure prints.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    // -----------------------------------------------------------------------------------------------
    // shared/: the code every runtime loads (Lambda handlers, the local runtime, the CDK app, the web)

    {
      name: 'no-circular-shared',
      severity: 'error',
      comment:
        'shared/ has no import cycles, type-only imports included: helpers (pagination, names, search words) ' +
        'sit below the aggregates, and work across aggregates (cascades) sits above them (ADR 0024).',
      from: { path: '^shared/' },
      to: { path: '^shared/', circular: true },
    },
    {
      name: 'domain-helpers-stand-alone',
      severity: 'error',
      comment:
        'The domain helpers (pagination, names, search words) import no other domain module, so every ' +
        'aggregate can use them (ADR 0024).',
      from: { path: '^shared/domain/(pagination|names|search-words)[.]ts$' },
      to: { path: '^shared/domain/', pathNot: '^shared/domain/(pagination|names|search-words)[.]ts$' },
    },
    {
      name: 'shared-not-to-outer',
      severity: 'error',
      comment:
        'shared/ is imported by functions/, infra/ and web/, never the other way round: move what is needed ' +
        'into shared/ instead.',
      from: { path: '^shared/' },
      to: { path: '^(functions|infra|web)/' },
    },

    // -----------------------------------------------------------------------------------------------
    // web/src: the web app's layers, one import direction (README: Where things go). The shared layers
    // (components, lib, testing) import neither features nor the app; a feature imports the shared layers
    // and its own files, never another feature; the app (routes, the portal's shell, the screens made of
    // several features) imports anything. The path lists and the loading state stay in web/src/app (the
    // build names them for its shared chunk), so features and shared layers may import those three.

    {
      name: 'web-no-circular',
      severity: 'error',
      comment: 'web/src has no import cycles (lazy imports included): split the module both sides need.',
      from: { path: '^web/src/' },
      to: { path: '^web/src/', circular: true },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment:
        'A feature imports only its own files and the shared layers (web/src/components, lib, testing); the ' +
        'app (web/src/app) composes features. Move what several features use into a shared layer.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-feature-not-to-app',
      severity: 'error',
      comment:
        'A feature does not import the app (web/src/app) beyond its path lists and loading state, nor reach ' +
        'other features through it.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/', pathNot: '^web/src/app/(paths|portal-paths|page-loading)[.]tsx?$' },
    },
    {
      name: 'web-shared-layers-not-to-features-or-app',
      severity: 'error',
      comment:
        'The shared layers (web/src/components, lib, testing) import neither features nor the app beyond its ' +
        'path lists and loading state.',
      from: { path: '^web/src/(components|lib|testing)/' },
      to: {
        path: '^web/src/(features|app)/',
        pathNot: '^web/src/app/(paths|portal-paths|page-loading)[.]tsx?$',
      },
    },
  ],
  options: {
    // Type-only imports are edges too: a cycle through types is still a cycle between modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
