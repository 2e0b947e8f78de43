// @ts-check
/**
 * Module boundaries (issue 16, ADR 0026), as two small ESLint rules with no dependency: each resolves a
 * relative import against the importing file and checks which module or feature it lands in.
 *
 * - `boundaries/no-other-module-repo`: a server module's repo (modules/A/repo.ts, modules/A/*-repo.ts) is
 *   imported only by files of module A. Any other file under apps/server/src (another module's routes,
 *   services or helpers, http/, seed/, cli/, web-pages.ts, ...) uses A's service or A's queries.ts.
 *   Tests are exempt in eslint.config.js (they set up and inspect rows directly).
 * - `boundaries/no-cross-feature-import`: a web feature (src/features/X) imports nothing from another
 *   feature (src/features/Y) except the entry points Y declares public (option `publicEntries`).
 * - `boundaries/no-api-path-literal` (issue 24, ADR 0031): an address of the API ('/api/...') is written
 *   once, in its endpoint object (packages/domain/src/api/*.endpoints.ts); everyone else names the object
 *   (`call(endpoint, ...)`, `routeFrom(app, endpoint, ...)`, `at(endpoint, params)`, `pathOf(...)`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: paths are checked relative to it, wherever eslint is started. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_FEATURES = 'apps/web/src/features/';
const SERVER_SRC = 'apps/server/src/';

/** @param {string} file */
const posix = (file) => file.split(path.sep).join('/');

/**
 * The repository-relative path an import names, or null when it is a package.
 * @param {string} filename @param {string} source
 */
function resolved(filename, source) {
  if (!source.startsWith('.')) return null;
  return posix(path.relative(ROOT, path.resolve(path.dirname(filename), source))).replace(
    /\.(tsx?|jsx?)$/,
    '',
  );
}

/**
 * Calls `check` with every import, re-export and dynamic import of a string.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {(node: import('estree').Node, target: string) => void} check
 */
function eachImport(context, check) {
  const filename = context.physicalFilename ?? context.filename;
  /** @param {any} node */
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    const target = resolved(filename, source.value);
    if (target) check(source, target);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const noOtherModuleRepo = {
  meta: {
    type: 'problem',
    docs: { description: "A server module's repo is private to it: no file outside the module imports it." },
    schema: [],
    messages: {
      repo:
        "{{from}} imports the repo of module '{{to}}' ({{target}}). A module's repo is private to it, in " +
        "every file: use the '{{to}}' module's service (modules/{{to}}/service.ts) or the query module it " +
        'exports on purpose (modules/{{to}}/queries.ts), adding the function there, by name, if it is ' +
        'missing (ADR 0026).',
    },
  },
  create(context) {
    const file = posix(path.relative(ROOT, context.physicalFilename ?? context.filename));
    if (!file.startsWith(SERVER_SRC)) return {};
    const own = file.match(/^apps\/server\/src\/modules\/([^/]+)\//);
    const from = own
      ? `Module '${own[1]}' (${file.slice(SERVER_SRC.length)})`
      : file.slice(SERVER_SRC.length);
    return eachImport(context, (node, target) => {
      const to = target.match(/^apps\/server\/src\/modules\/([^/]+)\/(?:repo|[^/]+-repo)$/);
      if (to && (!own || to[1] !== own[1]))
        context.report({ node, messageId: 'repo', data: { from, to: to[1], target } });
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noCrossFeatureImport = {
  meta: {
    type: 'problem',
    docs: { description: "A web feature does not import another feature's internals." },
    schema: [
      {
        type: 'object',
        properties: {
          publicEntries: { type: 'array', items: { type: 'string' } },
          routers: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      feature:
        "features/{{from}} imports '{{target}}', an internal of features/{{to}}. Move what both features use " +
        'to apps/web/src/components (UI) or apps/web/src/lib (queries, hooks, helpers) and import it from ' +
        "there; or, if it is features/{{to}}'s door for others (a lazy entry point), declare it in " +
        'publicEntries in eslint.config.js with its reason (ADR 0026).',
    },
  },
  create(context) {
    const file = posix(path.relative(ROOT, context.physicalFilename ?? context.filename));
    if (!file.startsWith(WEB_FEATURES)) return {};
    const from = file.slice(WEB_FEATURES.length).split('/')[0];
    const options = context.options[0] ?? {};
    /** @type {string[]} */
    const publicEntries = options.publicEntries ?? [];
    /** @type {string[]} files (relative to features/) that mount other features' route pages */
    const routers = options.routers ?? [];
    const isRouter = routers.includes(file.slice(WEB_FEATURES.length).replace(/\.(tsx?)$/, ''));
    return eachImport(context, (node, target) => {
      if (!target.startsWith(WEB_FEATURES)) return;
      const inFeatures = target.slice(WEB_FEATURES.length);
      const to = inFeatures.split('/')[0];
      if (to === from || publicEntries.includes(inFeatures)) return;
      if (isRouter && inFeatures.split('/')[1] === 'routes') return;
      context.report({ node, messageId: 'feature', data: { from, to, target: `features/${inFeatures}` } });
    });
  },
};

/**
 * An address of the API at the start of a string: alone, after a scheme and host ('http://localhost/api/x')
 * or after a method ('GET /api/orders', a test mock's key).
 */
const API_ADDRESS = /^(?:(?:GET|HEAD|POST|PUT|PATCH|DELETE) )?(?:[a-z]+:\/\/[^/\s]*)?\/api(?:\/|$|\?)/;

/** @type {import('eslint').Rule.RuleModule} */
const noApiPathLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'API addresses are written once, in the endpoint objects of the contract' },
    messages: {
      literal:
        "'{{text}}' names an API address by hand: use its endpoint object from @stg/domain/api/*.endpoints (call, routeFrom, at, pathOf) so a renamed path is one edit the compiler follows (ADR 0031).",
    },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const check = (node, text) => {
      if (API_ADDRESS.test(text))
        context.report({ node, messageId: 'literal', data: { text: text.slice(0, 60) } });
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        // An import's source is a module name, not an address.
        const parent = /** @type {import('estree').Node & { parent?: import('estree').Node }} */ (node)
          .parent;
        if (
          parent &&
          (parent.type === 'ImportDeclaration' ||
            parent.type === 'ExportNamedDeclaration' ||
            parent.type === 'ExportAllDeclaration' ||
            parent.type === 'ImportExpression')
        )
          return;
        check(node, node.value);
      },
      TemplateLiteral(node) {
        const first = node.quasis[0];
        if (first) check(node, first.value.cooked ?? first.value.raw);
      },
    };
  },
};

export default {
  meta: { name: 'boundaries' },
  rules: {
    'no-other-module-repo': noOtherModuleRepo,
    'no-cross-feature-import': noCrossFeatureImport,
    'no-api-path-literal': noApiPathLiteral,
  },
};
