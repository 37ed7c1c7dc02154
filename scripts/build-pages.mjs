// The site as users get it (issue #36: cold start), generated from www/ (the sources, the one
// place the pages are written) into site/, which scripts/serve.sh, the pages' tests and the
// cold-start bench serve:
//
//   node scripts/build-pages.mjs        (scripts/build.sh runs it once www/pkg/ is built)
//
// Under a mobile profile each request costs a round trip (562.5 ms in bench/cold-start/), so
// each page is made one response: its stylesheets inlined in a <style> (minified), its module script
// and everything it imports bundled by esbuild into one inline <script type="module" async>, and
// the page's wasm module (the main module's exports the page calls, built for SIMD, which
// every current browser runs: `INLINED_WASM`) inlined in a data
// blocks (`<script type="application/octet-stream" data-wasm>`, see `wasmText` and
// `modulePieces`), each followed by an inline classic script that hands it to the module's
// streaming compilation as soon as it is parsed (www/lib/compile-inlined.js after the
// first, a call of the function it makes after the others: `PIECE_CALL`); www/lib/
// pool.js takes the compiled module instead of fetching it. The Content-Security-Policy gets the hashes of the inline
// script and style; the dancing-links page's first example is inlined too. What a page loads
// later stays apart and is fetched when needed: the workers' script (their module graph
// bundled into one minified module in place of pkg/worker.js: `workerBundle`) and the pages'
// pools, which start the workers and talk to them (www/lib/pool.js and the package's pool
// and loader under it, one file: `poolsBundle`), both preloaded with <link
// rel="modulepreload">, so that the first job finds them in the HTTP cache; the coach
// module, the main module's bindings (which the page's thread needs only for the pool's
// scheduler: bundled with their import into one file, `bindingsBundle`), the other examples,
// and the sudoku page's Hint and Solve step by step (one file, handed the bindings it imports
// from the page's script: `stepsBundle`; their stylesheet minified), loaded once the page is
// playable. Everything else in www/ is copied as it is.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WWW = join(ROOT, 'www');
export const SITE = join(ROOT, 'site');
/** The pages made one response each. */
export const PAGES = ['index.html', 'dlx.html'];
/**
 * The module each page inlines: the main module's exports that page calls, compiled for SIMD
 * (scripts/build.sh: its `pages` and their features), which www/pkg/load.js takes as the main
 * module (under the main module's bindings) where the engine has SIMD (sizes: size.test.mjs).
 * A call of an export the page's module lacks would fail as a plain `TypeError` (the bindings
 * are the main module's): tests/js/site.test.mjs checks that each module has every export its
 * page names.
 */
export const INLINED_WASM = {
  'index.html': 'pkg/dlx_wasm_sudoku_first_bg.wasm',
  'dlx.html': 'pkg/dlx_wasm_dlx_first_bg.wasm',
};
/**
 * The module a page fetches after its first one (`INLINED_WASM`), which lacks exports the
 * page calls later: the dancing-links page counts its first example on exact cover alone,
 * then, when idle after that count (or when first needed), fetches its full module (the
 * pool's tasks, the trace) and hands it over (www/lib/pool.js `fullModule`); the sudoku page
 * plays and solves on its first sudoku exports, and fetches its full module (exact cover and
 * the pool's tasks, for Count; the solution count, for an import's verdict; the candidates;
 * every other size and format) likewise. The page names it in its inlined module's
 * `data-later` (site/ carries the file).
 */
export const LATER_WASM = {
  'dlx.html': 'pkg/dlx_wasm_dlx_page_bg.wasm',
  'index.html': 'pkg/dlx_wasm_sudoku_page_bg.wasm',
};
/** The classic script that hands each piece of the inlined module to its streaming compilation. */
export const COMPILE_INLINED = 'lib/compile-inlined.js';
/** The module script of the pages' workers (www/lib/pool.js starts them). */
export const WORKER = 'pkg/worker.js';
/** The main module's bindings, which a page imports apart (`bindingsBundle`). */
export const BINDINGS = 'pkg/dlx_wasm.js';
/** The pages' worker pools, which a page's script imports apart (`poolsBundle`). */
export const POOLS = 'lib/pool.js';

/**
 * The modules `entry` (a path) loads before it runs: every file named by a static
 * `import`/`export ... from`, or (unless `workers` is false: what a bundle of `entry` holds)
 * by `new URL('./….js', import.meta.url)` (a worker's script), followed to the end, `entry`
 * first. Dynamic `import()` is left out: fetched when needed.
 */
export function moduleGraph(entry, seen = new Set(), workers = true) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const specifiers = source.matchAll(
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*['"](\.[^'"]+)['"]|new URL\(\s*['"](\.[^'"]+\.js)['"]\s*,\s*import\.meta\.url\s*\)/g,
  );
  for (const match of specifiers) {
    if (match[3] !== undefined && !workers) continue;
    moduleGraph(join(dirname(entry), match[1] ?? match[2] ?? match[3]), seen, workers);
  }
  return seen;
}

/**
 * The bytes of a wasm module as text that can stand in an HTML data block: each byte (after
 * `swaps`, below) as the character of its code (U+0000 to U+00FF), but the three that could
 * not stand there as themselves (NUL, which HTML turns into U+FFFD, carriage return, which
 * it turns into a newline, and `<`, which could end the block) as the character of their
 * code plus 256, so that every character's code is its byte modulo 256 (what assigning it to
 * a Uint8Array does). The page is UTF-8, so the bytes from 0x80 (and those three) take two
 * bytes each; but unlike base64 every byte stays one unit, so that gzip compresses the text
 * nearly as well as the module (for the main module 166 KB gzipped where its base64 is 215
 * KB and the module itself 157 KB). `swaps` (`byteSwaps`) are pairs of bytes written as
 * each other, which www/lib/compile-inlined.js swaps back.
 */
export function wasmText(bytes, swaps = []) {
  const partner = Array.from({ length: 256 }, (_, b) => b);
  for (const [a, c] of swaps) [partner[a], partner[c]] = [c, a];
  const chars = [];
  for (const byte of bytes) {
    const b = partner[byte];
    chars.push(String.fromCharCode(b === 0 || b === 0x0d || b === 0x3c ? 0x100 + b : b));
  }
  return chars.join('');
}

/**
 * The pairs of bytes `wasmText` writes as each other for the module `bytes`: its most
 * frequent bytes among those that take two bytes in the page (NUL above all: a tenth of a
 * module's bytes) each with one of its rarest that take one, while that is a gain, at most
 * `MAX_SWAPS` pairs (the sudoku page's first module: 1.2 KB less gzipped). The page names
 * them on its module's first piece (`data-swaps`, the bytes in pairs).
 */
export function byteSwaps(bytes) {
  const count = new Array(256).fill(0);
  for (const b of bytes) count[b]++;
  const wide = (b) => b === 0 || b === 0x0d || b === 0x3c || b >= 0x80;
  const byCount = (order) => [...count.keys()].sort((a, c) => order * (count[a] - count[c]) || a - c);
  const frequent = byCount(-1).filter(wide);
  const rare = byCount(1).filter((b) => !wide(b));
  const swaps = [];
  for (let k = 0; k < MAX_SWAPS && count[frequent[k]] > count[rare[k]]; k++) swaps.push([frequent[k], rare[k]]);
  return swaps;
}

/** The most pairs `byteSwaps` makes (4 give nearly all of the gain on the pages' modules). */
export const MAX_SWAPS = 8;

/**
 * The bytes of a page's wasm module cut into the pieces its page carries, each followed by
 * www/lib/compile-inlined.js (or `PIECE_CALL`), which hands it to the module's streaming
 * compilation as soon as it is parsed: pieces of `PIECE` bytes (4.5-8.5 KB gzipped, 25-47 ms each at the
 * cold-start bench's 1.47 Mbit/s: bench/cold-start/), so that the compilation follows the
 * page's bytes in.
 */
export function modulePieces(bytes) {
  const pieces = [];
  for (let at = 0; at < bytes.length; at += PIECE) pieces.push(bytes.subarray(at, at + PIECE));
  return pieces;
}

/** The bytes of each piece of a page's module (`modulePieces`). */
export const PIECE = 16 * 1024;

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * `import.meta.url` of each module bundled into a script at `out` (a folder of www/), as the
 * URL the module has in the site (its path from `out`, resolved against `base`, the
 * bundle's own address: the page's for the page's inline script, `import.meta.url` for the
 * workers' script), so that the `new URL('…', import.meta.url)` of the modules (the workers'
 * script, the wasm files, the examples, a stylesheet) name the same files once bundled.
 * `edit(file, source)`, if given, edits each module's source first.
 */
const metaUrlPlugin = (out, base, edit = (file, source) => source) => ({
  name: 'import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      const path = relative(out, args.path).split('\\').join('/');
      const contents = edit(args.path, readFileSync(args.path, 'utf8'))
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(path)}, ${base}).href`);
      return { contents, loader: 'js' };
    });
  },
});

/**
 * What a module imports with `import()` stays out of the bundle, fetched when needed as it was
 * (the coach module's bindings: pkg/load.js `coachBindings`; on a page, the main module's:
 * `mainBindings`, for the pool's scheduler), its specifier rewritten from the bundle's folder
 * `out` (the site's root for a page, pkg/ for the workers' script): unless the bundle holds
 * that module already (`graph`, its static imports: the workers' script imports the main
 * module's bindings), which it then takes from itself, as the same module.
 */
const dynamicImportPlugin = (out, graph) => ({
  name: 'dynamic-import',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'dynamic-import' || graph.has(join(args.resolveDir, args.path))) return undefined;
      return { path: `./${relative(out, join(args.resolveDir, args.path)).split('\\').join('/')}`, external: true };
    });
  },
});

/**
 * The module `entry` (a path under www/) and all it imports, as one minified module script
 * to stand in folder `out` of the site, whose own address is `base` (an expression); `edit`,
 * if given, edits each module's source first (`metaUrlPlugin`).
 */
async function bundleOf(entry, out, base, edit = undefined) {
  const result = await esbuild.build({
    entryPoints: [join(WWW, entry)],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    plugins: [dynamicImportPlugin(out, moduleGraph(join(WWW, entry), new Set(), false)), metaUrlPlugin(out, base, edit)],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * The workers' script as the site serves it (at www/pkg/worker.js's place): the worker's
 * module graph (`moduleGraph`) bundled and minified, one request of 8 KB gzipped where its
 * six modules were 24 KB.
 */
export function workerBundle() {
  return bundleOf(WORKER, join(WWW, dirname(WORKER)), 'import.meta.url');
}

/**
 * The main module's bindings as the site serves them (at www/pkg/dlx_wasm.js's place): with
 * what they import (src/wasm/pack.js) bundled and minified, one request, which a page imports
 * when its pool's scheduler first needs it (pkg/load.js `mainBindings`; www/lib/pool.js asks
 * for it with the page's full module), not with the page's script.
 */
export function bindingsBundle() {
  return bundleOf(BINDINGS, join(WWW, dirname(BINDINGS)), 'import.meta.url');
}

/**
 * The pages' worker pools as the site serves them (at www/lib/pool.js's place): with what
 * they import (the package's pool, protocol and loader; lib/inlined-module.js and
 * lib/workers.js) bundled and minified, one request, which a page's script imports when it
 * first asks for its pools (www/lib/solver.js `pools`): 6 KB gzipped that the sudoku page's
 * first bytes no longer carry, fetched beside the workers' script, which a call waits for too.
 */
export function poolsBundle() {
  return bundleOf(POOLS, join(WWW, dirname(POOLS)), 'import.meta.url');
}

/** The module script page `name` (of www/) names: its entry, a path under www/. */
export function pageScript(name) {
  return readFileSync(join(WWW, name), 'utf8').match(/<script type="module" src="([^"]+)"><\/script>/)[1];
}

/** The sudoku page's steps (Hint and Solve step by step), which its first script leaves out. */
export const STEPS = 'sudoku/steps.js';
/** What loads them, and hands them the page's bindings they import (`PAGE_BINDINGS`). */
export const LOAD_STEPS = 'sudoku/load-steps.js';
/** Their stylesheet, which `LOAD_STEPS` adds to the page with them (the site's minified). */
export const STEPS_STYLE = 'step.css';
/** The line of `LOAD_STEPS` that `pageBindings` replaces on the site. */
const NO_BINDINGS = 'const PAGE_BINDINGS = null;';

/**
 * The sudoku page's steps as the site serves them (at www/sudoku/steps.js's place), one
 * request, which www/sudoku/load-steps.js makes once the page is playable, and the page's
 * bindings they import. `code`: steps.js and the modules only it imports, bundled and
 * minified, as a module whose `install(bindings)` runs them and returns steps.js's exports;
 * a module of the page's first script (a bundle of `entry`, which must not hold steps.js)
 * is not copied but read through `bindings`, the functions `pageBindings` writes into that
 * script, one a binding (`[path, name]` each, in `bindings`' order), so that both bundles
 * share one store, one view and one pool. Only named imports of a page module are allowed
 * (a namespace's every export would have to be kept in the first script).
 */
export async function stepsBundle(entry) {
  const pageGraph = moduleGraph(join(WWW, entry), new Set(), false);
  if (pageGraph.has(join(WWW, STEPS))) throw new Error(`${entry} imports ${STEPS}, which its page loads later`);
  /** A page module's path from www/, if `path` (from `resolveDir`) is one. */
  const pageModule = (resolveDir, path) => {
    const file = join(resolveDir, path);
    return pageGraph.has(file) ? relative(WWW, file).split('\\').join('/') : null;
  };
  const options = { bundle: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent' };
  // First the bindings: the page modules left external, whose imports esbuild then writes
  // out, one statement a module, with the names the bundle uses.
  const probe = await esbuild.build({
    ...options,
    entryPoints: [join(WWW, STEPS)],
    plugins: [{
      name: 'page-modules',
      setup(build) {
        build.onResolve({ filter: /^\./ }, (args) => {
          const path = pageModule(args.resolveDir, args.path);
          return path && { path: `page:${path}`, external: true };
        });
      },
    }],
  });
  // (Each module that imports a binding has its statement: the same one may come twice.)
  const text = probe.outputFiles[0].text;
  const statements = [...text.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*"page:([^"]+)"/g)];
  if (statements.length !== text.split('"page:').length - 1) {
    throw new Error(`${STEPS}: import names from the page's modules ({ ... }), nothing else (no namespace, default or export from)`);
  }
  const found = new Map();
  for (const [, names, path] of statements) {
    for (const item of names.split(',').map((entry) => entry.trim()).filter(Boolean)) {
      const name = item.split(/\s+as\s+/)[0];
      found.set(`${path} ${name}`, [path, name]);
    }
  }
  const bindings = [...found.values()];
  // Then the bundle: each page module a CommonJS module of getters that read the bindings
  // `install` was handed (so each read is the binding as it is then, as an import's), and
  // steps.js required, not imported, so that it runs when `install` asks for it.
  const result = await esbuild.build({
    ...options,
    minify: true,
    stdin: {
      contents: `import { held } from 'page:bindings';\nexport function install(bindings) {\n  held.bindings = bindings;\n  return require('./${STEPS}');\n}\n`,
      resolveDir: WWW,
      sourcefile: 'install.js',
      loader: 'js',
    },
    plugins: [{
      name: 'page-bindings',
      setup(build) {
        build.onResolve({ filter: /^page:bindings$/ }, () => ({ path: 'bindings', namespace: 'page' }));
        build.onResolve({ filter: /^\./ }, (args) => {
          const path = pageModule(args.resolveDir, args.path);
          return path && { path, namespace: 'page' };
        });
        build.onLoad({ filter: /^bindings$/, namespace: 'page' }, () => ({ contents: 'export const held = {};', loader: 'js' }));
        build.onLoad({ filter: /./, namespace: 'page' }, ({ path }) => {
          const getters = bindings.flatMap(([from, name], k) => (from === path ? [`get ${name}() { return b[${k}](); }`] : []));
          return { contents: `const b = require('page:bindings').held.bindings;\nmodule.exports = { ${getters.join(', ')} };`, loader: 'js' };
        });
      },
    }],
  });
  return { code: result.outputFiles[0].text, bindings };
}

/** `stepsBundle(entry)`, made once a build. */
const stepsBuilt = new Map();
const stepsOf = (entry) => {
  if (!stepsBuilt.has(entry)) stepsBuilt.set(entry, stepsBundle(entry));
  return stepsBuilt.get(entry);
};

/**
 * The edit (`metaUrlPlugin`) that writes into the page's first script the bindings its
 * steps' bundle imports (`stepsBundle`: `[path, name]` each): `LOAD_STEPS`'s `NO_BINDINGS`
 * replaced by imports of them and the functions that read them, in that order.
 */
const pageBindings = (bindings) => (file, source) => {
  if (file !== join(WWW, LOAD_STEPS)) return source;
  if (!source.includes(NO_BINDINGS)) throw new Error(`${LOAD_STEPS} has no line ${NO_BINDINGS}`);
  const imports = bindings.map(([path, name], k) => {
    const from = relative(dirname(file), join(WWW, path)).split('\\').join('/');
    return `import { ${name} as binding${k} } from '${from.startsWith('.') ? from : `./${from}`}';\n`;
  });
  const reads = bindings.map((_, k) => `() => binding${k}`).join(', ');
  return source.replace(NO_BINDINGS, () => `${imports.join('')}const PAGE_BINDINGS = [${reads}];`);
};

/**
 * The page's module script `entry` (a path under www/) and all it imports, as one script
 * (where it loads the sudoku page's steps, with the bindings they import: `pageBindings`).
 */
async function bundle(entry) {
  const loadsSteps = moduleGraph(join(WWW, entry), new Set(), false).has(join(WWW, LOAD_STEPS));
  const edit = loadsSteps ? pageBindings((await stepsOf(entry)).bindings) : undefined;
  const text = await bundleOf(entry, WWW, 'document.baseURI', edit);
  // An inline script ends at the first `</script`, wherever it is (in a string, `<\/` is
  // `</`); `<!--` would change how the rest is read.
  const js = text.replace(/<\/(script)/gi, '<\\/$1').trimEnd();
  if (js.includes('<!--')) throw new Error(`${entry} cannot be inlined: its bundle holds <!--`);
  return js;
}

/**
 * What page `name` loads at first besides its CSS, JS and main module, inlined too: for the
 * dancing-links page, the example it opens with (www/dlx/examples.js, the first one), as
 * `<script type="text/plain" data-example="ID">`, which www/dlx/main.js reads instead of
 * fetching it.
 */
async function firstData(name) {
  if (name !== 'dlx.html') return '';
  const { EXAMPLES, exampleUrl } = await import(pathToFileURL(join(WWW, 'dlx', 'examples.js')).href);
  const text = readFileSync(join(WWW, exampleUrl(EXAMPLES[0])), 'utf8');
  // (In a <script>, `</script` would end it and `<!--` change how it is read.)
  if (/<\/script|<!--/i.test(text)) throw new Error(`${exampleUrl(EXAMPLES[0])} cannot be inlined: it holds </script or <!--`);
  return `<script type="text/plain" data-example="${EXAMPLES[0].id}">${text}</script>\n`;
}

/**
 * Stylesheets `css` minified by esbuild (its comments and blanks out: the sudoku page's 7.2
 * KB gzipped become 4.7 KB, a page's first bytes).
 */
export async function minifiedCss(css) {
  return (await esbuild.transform(css, { loader: 'css', minify: true })).code.trimEnd();
}

/**
 * www/lib/compile-inlined.js as each page carries it after the first piece of its module:
 * minified (its comments out: 1.9 KB raw, of which gzip keeps about 0.7 KB).
 */
export async function compileInlined() {
  const source = readFileSync(join(WWW, COMPILE_INLINED), 'utf8');
  return (await esbuild.transform(source, { loader: 'js', minify: true, target: 'es2022' })).code.trimEnd();
}

/**
 * The classic script after each piece of a page's module but the first (whose script,
 * `compileInlined`, makes `window.inlinedPiece`): a call of that function, so that the
 * engine compiles www/lib/compile-inlined.js once, not at each piece (about 1 ms a piece at
 * the cold-start bench's 4x CPU throttling).
 */
export const PIECE_CALL = 'inlinedPiece(document.currentScript.previousElementSibling)';

/**
 * What a page whose module script is `entry` (a path under www/) preloads: its pools
 * (`POOLS`), unless its script imports them itself (the dancing-links page: www/dlx/main.js),
 * and the workers' script.
 */
export function pagePreloads(entry) {
  const carried = moduleGraph(join(WWW, entry), new Set(), false).has(join(WWW, POOLS));
  return carried ? [WORKER] : [POOLS, WORKER];
}

/** Page `name` (of www/) as one response: its CSS, its JS and its wasm module inlined. */
export async function page(name) {
  let html = readFileSync(join(WWW, name), 'utf8');
  // The stylesheets, in their order, as one <style> where the first one was, minified.
  // (But those marked `data-later`, which no first frame needs: after the page's module.)
  const sheets = [...html.matchAll(/\s*<link rel="stylesheet" href="([^"]+)"( data-later)?>/g)];
  const styleOf = async (chosen) => {
    const css = await minifiedCss(chosen.map((m) => readFileSync(join(WWW, m[1]), 'utf8')).join('\n'));
    // A <style> ends at the first `</style`, wherever it is.
    if (/<\/style/i.test(css)) throw new Error(`${name}'s stylesheets cannot be inlined: they hold </style`);
    return css;
  };
  const css = await styleOf(sheets.filter((m) => !m[2]));
  const laterSheets = sheets.filter((m) => m[2]);
  const laterCss = laterSheets.length ? await styleOf(laterSheets) : '';
  // Before it, the page's pools and the workers' script (a bundle each: `poolsBundle`,
  // `workerBundle`) are preloaded, so that the first call finds them in the HTTP cache: asked
  // for with the page's first bytes, not once its style is in (60 ms later at the bench's
  // 1.47 Mbit/s).
  // (The pools only where the page's script does not carry them: `pagePreloads`.)
  const script = html.match(/\s*<script type="module" src="([^"]+)"><\/script>/);
  const preloads = pagePreloads(script[1]).map((href) => `\n  <link rel="modulepreload" href="${href}">`).join('');
  html = html.replace(sheets[0][0], () => `${preloads}\n  <style>${css}</style>`);
  for (const m of sheets.slice(1)) html = html.replace(m[0], '');
  // The module script, bundled (inlined below, after the markup).
  const js = await bundle(script[1]);
  html = html.replace(script[0], '');
  html = html.replace(/\s*<!-- scripts\/build-pages.mjs makes this page[\s\S]*?-->/, '');
  html = html.replace('</head>', () => `  <!-- Generated by scripts/build-pages.mjs from www/${name}. The page's CSS, JS and wasm
       module are inlined (one response); its pools and their workers' script are preloaded. -->\n</head>`);
  // After the markup: what the page's script reads at once, then the script, `async` so
  // that it runs (draws the page, starts its workers) while the rest arrives: the page's
  // module in pieces, each followed by the classic script that hands it to the module's
  // streaming compilation as soon as it is parsed.
  const compile = await compileInlined();
  const data = await firstData(name);
  const later = LATER_WASM[name] ? ` data-later="${LATER_WASM[name]}"` : '';
  const module = readFileSync(join(WWW, INLINED_WASM[name]));
  const swaps = byteSwaps(module);
  const first = ` id="wasm-module"${later} data-swaps="${swaps.flat().join(' ')}"`;
  const pieces = modulePieces(module).map((piece, k, all) => {
    const attributes = `${k === 0 ? first : ''}${k === all.length - 1 ? ' data-last' : ''}`;
    return `<script type="application/octet-stream" data-wasm${attributes}>${wasmText(piece, swaps)}</script>\n<script>${k === 0 ? compile : PIECE_CALL}</script>\n`;
  }).join('');
  // Then the stylesheets no first frame needs (`data-later`), which the module's pieces
  // need not wait for.
  const afterModule = laterCss ? `<style>${laterCss}</style>\n` : '';
  html = html.replace('</body>', () => `${data}<script type="module" async>${js}</script>\n${pieces}${afterModule}</body>`);
  // The Content-Security-Policy allows the inline scripts and style by their hashes.
  // (Every replacement is a function's result: a string would have its `$&`s replaced.)
  html = html.replace("script-src 'self'", () => `script-src 'self' ${sha256(compile)} ${sha256(PIECE_CALL)} ${sha256(js)}`)
    .replace("style-src 'self'", () => `style-src 'self' ${[css, laterCss].filter(Boolean).map(sha256).join(' ')}`);
  return html;
}

/**
 * Writes site/: www/ copied (but the pages' first modules, which nothing fetches: each is in
 * its page, `INLINED_WASM`; the later ones stay, `LATER_WASM`), its pages made one response
 * each.
 */
export async function buildSite() {
  rmSync(SITE, { recursive: true, force: true });
  mkdirSync(SITE, { recursive: true });
  const inlined = new Set(Object.values(INLINED_WASM).map((path) => join(WWW, path)));
  cpSync(WWW, SITE, { recursive: true, filter: (path) => !inlined.has(path) });
  for (const name of PAGES) writeFileSync(join(SITE, name), await page(name));
  writeFileSync(join(SITE, WORKER), await workerBundle());
  writeFileSync(join(SITE, BINDINGS), await bindingsBundle());
  writeFileSync(join(SITE, POOLS), await poolsBundle());
  writeFileSync(join(SITE, STEPS), (await stepsOf(pageScript('index.html'))).code);
  writeFileSync(join(SITE, STEPS_STYLE), await minifiedCss(readFileSync(join(WWW, STEPS_STYLE), 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite();
  for (const name of PAGES) {
    const bytes = readFileSync(join(SITE, name));
    const { gzipSync } = await import('node:zlib');
    console.log(`build-pages: site/${name}: ${bytes.length} bytes raw, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
  }
}
