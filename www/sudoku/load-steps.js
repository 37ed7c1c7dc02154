// Hint and Solve step by step (steps.js, and what it alone imports: step-state.js,
// step-view.js, step-words.js; their looks, www/step.css) are not in the page's first
// script (issue #36: a playable grid sooner): this module loads them, once, when the solver
// is ready and the page idle (main.js), or at the first press that needs them. Where the
// page is served as it is (www/), that is steps.js itself, which imports the page's modules
// as any module does. On the site the page's first script is one bundle and steps.js another
// (scripts/build-pages.mjs `stepsBundle`), which cannot import the first's modules: it is
// handed the bindings it imports from them (`PAGE_BINDINGS`), so that both share one store,
// one view and one pool.
import { keptImport, keptLoad } from '../pkg/kept.js';

/**
 * The page's bindings steps.js's bundle imports, each as a function that reads it (the
 * binding as it is when read, as an import's): on the site, scripts/build-pages.mjs writes
 * them here (`pageBindings`) from the bundle's imports, in its order; null where the page is
 * served as it is.
 */
const PAGE_BINDINGS = null;

/** steps.js, imported once (kept.js `keptImport`: after a failure, again from a URL of its own). */
const stepsModule = keptImport(() => import('./steps.js'), () => new URL('./steps.js', import.meta.url));
/** Their stylesheet (www/step.css), added to the page once (again after a failure). */
const stepStyles = keptLoad(() => stylesheet(new URL('../step.css', import.meta.url).href));

let loaded = null;

/** steps.js's exports once it is in (`loadSteps`), else null: none of them has been asked for. */
export const stepsNow = () => loaded;

/**
 * steps.js's exports, loaded once with their stylesheet, both asked for at once (again
 * after a failure: each that failed is asked for again).
 */
export const loadSteps = keptLoad(() =>
  Promise.all([stepsModule(), stepStyles()]).then(([module]) => {
    loaded ??= PAGE_BINDINGS ? module.install(PAGE_BINDINGS) : module;
    return loaded;
  }),
);

/** Adds the stylesheet at `href` to the page: resolves once it applies (removed again if it fails). */
function stylesheet(href) {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`could not load ${href}`));
    }, { once: true });
    document.head.append(link);
  });
}
