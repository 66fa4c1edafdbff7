// The dependency rules `npm test` checks (depcruise, in the lint stage): infrastructure (config,
// database, errors, plugins) <- the board-change kernel <- domains <- app.ts. Errors fail the run; the
// one warning left is the cross-domain repository reads still to untangle.
const DOMAIN = '^api/src/(?!board-change/|plugins/)[^/]+/';
const INFRASTRUCTURE = '^api/src/((config|database|errors|validation|schemas|process-faults)\\.ts$|plugins/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No two files import each other, directly or through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-front-end-imports-api',
      comment: 'The front ends reach the API through HTTP and the contract package, never its source.',
      severity: 'error',
      from: { path: '^(shell|mf-[^/]+|shared-ui|build-config)/' },
      to: { path: '^api/' },
    },
    {
      name: 'contract-has-no-server-code',
      comment: 'The contract is shapes and pure functions: it imports nothing of the API.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^api/' },
    },
    {
      name: 'kernel-knows-no-domain',
      comment: 'The board-change kernel depends on infrastructure only; domains register recorders with it.',
      severity: 'error',
      from: { path: '^api/src/board-change/' },
      to: { path: DOMAIN },
    },
    {
      name: 'nothing-imports-the-app',
      comment: 'app.ts composes the layers and server.ts starts it: nothing below imports them.',
      severity: 'error',
      from: { pathNot: '^api/src/server\\.ts$' },
      to: { path: '^api/src/(app|server)\\.ts$' },
    },
    {
      name: 'infrastructure-below-domains',
      comment: 'Configuration, database, errors and plugins import neither the kernel nor a domain.',
      severity: 'error',
      from: { path: INFRASTRUCTURE },
      to: { path: '^api/src/(?!plugins/)[^/]+/' },
    },
    {
      name: 'no-folder-cycle',
      comment: 'No two folders of api/src import each other: each layer and domain depends one way.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^api/src/[^/]+' },
      to: { circular: true, pathNot: '^api/src$' },
    },
    {
      name: 'domains-meet-at-their-index',
      comment: "A domain uses another only through that domain's index.ts, the functions it chose to share.",
      severity: 'error',
      from: { path: '^api/src/([^/]+)/' },
      to: { path: DOMAIN, pathNot: ['^api/src/$1/', '^api/src/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may import anything: the rules are about what ships.
    exclude: { path: '(^|/)(dist|node_modules)/|\\.test\\.tsx?$|^api/test/|/src/test/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { conditionNames: ['source', 'import', 'default'], exportsFields: ['exports'] },
  },
};
