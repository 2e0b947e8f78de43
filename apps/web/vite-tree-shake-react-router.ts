/**
 * Lets the build drop the parts of React Router the app never uses (ADR 0023). React Router 7 ships one
 * large module whose components are created by `React.forwardRef(…)` calls without a pure annotation
 * and then get a `displayName` assigned at the top level; to a bundler both are side effects, so an
 * unused component (`<Form>`, with useSubmit and the form-submission code behind it) and the data
 * router's <ScrollRestoration> stay in the bundle. Upstream: remix-run/react-router#15299. This marks
 * those forwardRef calls pure and drops the top-level displayName assignments (only React DevTools
 * read them), and turns off the development warnings, at build time only. If React Router's output changes shape, nothing matches and the build
 * is as before: `npm run size` then shows the difference.
 */
import type { Plugin } from 'vite';

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;

export function treeShakeReactRouter(): Plugin {
  return {
    name: 'stg:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_DIST.test(id)) return null;
      const next = code
        .replace(/^(var [\w$]+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        // The package resolves to its development build, which differs from its production build by
        // this flag alone (extra console warnings).
        .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;');
      return next === code ? null : { code: next, map: null };
    },
  };
}
