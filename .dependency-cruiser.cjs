// The walls between parts of the code, checked by `npm run lint` (decision 0020).
// The rules are generated from the folders under apps/server/src/modules and apps/web/src/features,
// so a new module or feature is walled in by existing: nobody has to remember to add it here.
const fs = require('node:fs');
const path = require('node:path');

const root = process.env.DEPCRUISE_ROOT ?? __dirname;
const folders = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const MODULES = 'apps/server/src/modules';
const FEATURES = 'apps/web/src/features';
const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Imports excused from the walls while they are being fixed, as [from, to] file pairs: none now.
const TEMPORARY_ALLOWANCES = [];
const allowed = (from) =>
  TEMPORARY_ALLOWANCES.filter(([source]) => source === from).map(([, target]) => `^${escapeRe(target)}$`);
const allowedSources = [...new Set(TEMPORARY_ALLOWANCES.map(([source]) => source))];

/** One wall: nothing outside `inside` imports a file of `inside` other than its index.ts. */
const wall = (name, base, scope, comment) => {
  const inside = `^${base}/${escapeRe(name)}/`;
  return [
    {
      name: `wall:${base.split('/').pop()}/${name}`,
      comment,
      severity: 'error',
      from: { path: `^${scope}/`, pathNot: [inside, ...allowedSources.map((s) => `^${escapeRe(s)}$`)] },
      to: { path: inside, pathNot: `${inside}index\\.ts$` },
    },
    // The files on the temporary list are held to the wall for every import but the one excused.
    ...allowedSources.map((source) => ({
      name: `wall:${base.split('/').pop()}/${name}`,
      comment,
      severity: 'error',
      from: { path: `^${escapeRe(source)}$`, pathNot: inside },
      to: { path: inside, pathNot: [`${inside}index\\.ts$`, ...allowed(source)] },
    })),
  ];
};

// The server's top floor: app.ts builds the app with the dashboard (which reads the modules whose
// figures it shows) and wiring.ts (which fills the slots lower modules declare); main.ts, the seed
// and jobs.ts start things. No module imports any of them.
const SERVER = 'apps/server/src';
const TOP_FLOOR = [`${MODULES}/dashboard/`, `${SERVER}/(app|wiring|jobs|main)\\.ts$`, `${SERVER}/seed/`];

// The orders module's rooms, bottom floor first (issue 36): a room imports only rooms below it and
// its own floor's files. `.` is the top-level files (repository, wire, reach, reactions, read) but
// index.ts, the module's door, which imports every room.
const ORDERS = `${MODULES}/orders`;
const ORDERS_FLOORS = [
  ['.'],
  ['pricing'],
  ['change'],
  ['conversation', 'drafts', 'lists', 'price-calls'],
  ['lifecycle'],
  ['approvals'],
  ['routes'],
];
const ordersRoom = (room) => (room === '.' ? `^${ORDERS}/(?!index\\.ts$)[^/]+\\.ts$` : `^${ORDERS}/${room}/`);
const ordersFloorRules = ORDERS_FLOORS.slice(0, -1).map((floor, i) => ({
  name: `orders-floor:${floor.join(',')}`,
  comment: `An orders room imports only the rooms below it (${ORDERS_FLOORS.map((f) => f.join(',')).join(' < ')}).`,
  severity: 'error',
  from: { path: floor.map(ordersRoom) },
  to: {
    path: ORDERS_FLOORS.slice(i + 1)
      .flat()
      .map(ordersRoom),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'server-top-floor',
      comment:
        'The dashboard, wiring.ts, app.ts, jobs.ts, main.ts and the seed sit above every module: none imports them.',
      severity: 'error',
      from: { path: `^${MODULES}/`, pathNot: `^${MODULES}/dashboard/` },
      to: { path: TOP_FLOOR.map((p) => `^${p}`) },
    },
    ...ordersFloorRules,
    {
      name: 'no-circular',
      comment: 'An import cycle (type-only imports included): move what both sides need one floor down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...folders(MODULES).flatMap((name) =>
      wall(
        name,
        MODULES,
        'apps/server/src',
        `Another server module's internals: import its public surface (${MODULES}/${name}/index.ts).`,
      ),
    ),
    {
      name: 'repository-of-another-module',
      comment: "A repository is read only by its own module; others ask that module's index.ts for what they need.",
      severity: 'error',
      from: { path: `^${MODULES}/([^/]+)/` },
      to: { path: `^${MODULES}/.+repository\\.ts$`, pathNot: `^${MODULES}/$1/` },
    },
    {
      name: 'repository-outside-modules',
      comment: 'Repositories belong to their module: http/, kit/ and app code go through the module index.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: `^${MODULES}/` },
      to: { path: `^${MODULES}/.+repository\\.ts$` },
    },
    ...folders(FEATURES).flatMap((name) =>
      wall(
        name,
        FEATURES,
        FEATURES,
        `Another web feature's internals: import its public surface (${FEATURES}/${name}/index.ts).`,
      ),
    ),
    {
      name: 'web-floor-imports-feature',
      comment: 'components/ and lib/ sit under the features: they never import one.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: `^${FEATURES}/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
