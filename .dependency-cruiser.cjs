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
