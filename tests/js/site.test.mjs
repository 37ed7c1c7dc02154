// The site users get (issue #36: cold start): site/, which scripts/build-pages.mjs makes from
// www/ (scripts/build.sh runs it), each page one response: its CSS, its module script
// bundled with all it imports, and the page's wasm module inlined, the workers' script (their
// modules bundled) preloaded. These tests hold site/ to the sources (it is what the build makes of www/ as it
// is now), and each page to being whole: nothing inlined missing or stale, every inline
// script and style allowed by the page's Content-Security-Policy, the pools and every module
// the workers load preloaded and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, requireBuild } from './helpers.mjs';
import { BINDINGS, INLINED_WASM, LATER_WASM, PAGES, POOLS, SITE, STEPS, STEPS_STYLE, WORKER, WWW, bindingsBundle, byteSwaps, compileInlined, minifiedCss, PIECE_CALL, moduleGraph, page, pagePreloads, pageScript, PIECE, poolsBundle, stepsBundle, workerBundle } from '../../scripts/build-pages.mjs';

/** The `<link rel=REL ...>` tags of `html` as attribute maps. */
function links(html, rel) {
  return [...html.matchAll(/<link\s([^>]*)>/g)]
    .map((m) => Object.fromEntries([...m[1].matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ''])))
    .filter((attributes) => attributes.rel === rel);
}

/** The source page `name` of www/. */
const html = (name) => readFileSync(join(WWW, name), 'utf8');

const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The features scripts/build.sh builds the page module at `path` (www/pkg/dlx_wasm_PAGE_bg.wasm)
 * with: its `PAGE_features` list.
 */
function builtWith(path) {
  const page = /dlx_wasm_(\w+)_bg\.wasm$/.exec(path)[1];
  const line = new RegExp(`^${page}_features=(.*)$`, 'm').exec(readFileSync(join(ROOT, 'scripts', 'build.sh'), 'utf8'));
  assert.ok(line, `scripts/build.sh has no ${page}_features`);
  return line[1].split(',');
}

/** The exports of the pool's classes (`ExactCoverTasks`, `TaskSchedule`), which a split search calls. */
const POOL_CLASSES = /^(taskschedule|exactcovertasks)_/;

/**
 * The main exports the sudoku page calls only once its full module is in: those of the
 * functions of www/sudoku/jobs.js that first wait for it (`await whenFull(`), and where one
 * searches on the pool (`.exactCover(`), the pool's classes' (`POOL_CLASSES`).
 */
function waitingForFull() {
  const jobs = readFileSync(join(WWW, 'sudoku', 'jobs.js'), 'utf8').split(/\n(?=export )/)
    .filter((declaration) => /\bawait whenFull\(/.test(declaration));
  const names = new Set(jobs.flatMap((job) => [...job.matchAll(/\.call\('([a-z][a-z0-9_]*)'/g)].map((m) => m[1])));
  const searches = jobs.some((job) => /\.exactCover\(/.test(job));
  // Count waits (the grid as exact cover, then the search on the pool): the list is read.
  assert.ok(names.has('sudoku_exact_cover') && searches, `www/sudoku/jobs.js: ${[...names]}`);
  return (name) => names.has(name) || (searches && POOL_CLASSES.test(name));
}

test('site/ carries no first page module apart (each is inlined in its page, and nothing fetches it), and each later one, which its page names once', () => {
  for (const path of Object.values(INLINED_WASM)) {
    requireBuild(join(WWW, path), join(SITE, 'index.html'));
    assert.ok(!existsSync(join(SITE, path)), `site/${path} is carried, but nothing fetches it`);
    // Nothing in the site names it to fetch it (the pages inline it, the scripts load the
    // package's own builds).
    const file = path.split('/').pop();
    for (const script of [...PAGES, WORKER]) {
      assert.ok(!readFileSync(join(SITE, script), 'utf8').includes(file), `site/${script} names ${file}`);
    }
  }
  for (const [name, path] of Object.entries(LATER_WASM)) {
    assert.ok(readFileSync(join(SITE, path)).equals(readFileSync(join(WWW, path))), `site/${path} is not www/${path}`);
    // Named by the page's inlined module (www/lib/pool.js reads it there), nowhere else.
    const file = path.split('/').pop();
    const named = (text) => text.split(file).length - 1;
    assert.equal(named(readFileSync(join(SITE, name), 'utf8')), 1, `site/${name} does not name ${file} once`);
    assert.match(readFileSync(join(SITE, name), 'utf8'), new RegExp(`id="wasm-module" data-later="${path}"`));
    for (const other of [...PAGES.filter((p) => p !== name), WORKER]) assert.equal(named(readFileSync(join(SITE, other), 'utf8')), 0, `site/${other} names ${file}`);
  }
});

for (const name of PAGES) {
  test(`site/${name} is what scripts/build-pages.mjs makes of www/ now`, async () => {
    requireBuild(join(WWW, INLINED_WASM[name]), join(SITE, name));
    assert.equal(readFileSync(join(SITE, name), 'utf8'), await page(name),
      `site/${name} is stale: run scripts/build.sh (or node scripts/build-pages.mjs)`);
  });

  test(`site/${name} is one response: its CSS, JS and main module inlined, allowed by its CSP`, async () => {
    requireBuild(join(SITE, name));
    const html = readFileSync(join(SITE, name), 'utf8');
    // No stylesheet or script is fetched for the first paint.
    assert.deepEqual(links(html, 'stylesheet'), []);
    assert.doesNotMatch(html, /<script[^>]*\bsrc=/);
    assert.deepEqual(links(html, 'preload'), []);
    // The inline style and module script, each allowed by its hash, and nothing else inline.
    const csp = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/)[1];
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    const scripts = [...html.matchAll(/<script(?: type="module" async)?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    // The first frame's styles in the head; those marked `data-later` (which no first frame
    // needs) after the module's last piece, where they do not delay it.
    const source = readFileSync(join(WWW, name), 'utf8');
    const sheetsOf = (later) => [...source.matchAll(/<link rel="stylesheet" href="([^"]+)"( data-later)?>/g)]
      .filter((m) => !!m[2] === later).map((m) => readFileSync(join(WWW, m[1]), 'utf8'));
    const laterSheets = sheetsOf(true);
    assert.equal(styles.length, laterSheets.length ? 2 : 1);
    // The page's module script, then after each piece of the inlined module the classic
    // script that hands it to the module's compilation (whole).
    const pieces = [...html.matchAll(/<script type="application\/octet-stream" data-wasm([^>]*)>([^<]*)<\/script>\n<script>/g)];
    assert.equal(scripts.length, 1 + pieces.length);
    // (The first whole, the others a call of the function it makes.)
    const compile = await compileInlined();
    assert.deepEqual(scripts.slice(1), scripts.slice(1).map((_, k) => (k === 0 ? compile : PIECE_CALL)));
    const directive = (key) => csp.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === key);
    for (const style of styles) assert.ok(directive('style-src').includes(hash(style)), csp);
    for (const script of scripts) assert.ok(directive('script-src').includes(hash(script)), csp);
    // Every stylesheet of the source page, whole, in its order, minified.
    const sheets = sheetsOf(false);
    assert.ok(sheets.length > 0);
    assert.equal(styles[0], await minifiedCss(sheets.join('\n')));
    if (laterSheets.length) {
      assert.equal(styles[1], await minifiedCss(laterSheets.join('\n')));
      const last = html.indexOf('<script>', html.indexOf(' data-last>'));
      assert.ok(html.indexOf(`<style>${styles[1]}</style>`) > html.indexOf('</script>', last), 'the later styles after the last piece');
    }
    // The page's module, byte for byte the build's.
    // (Each byte a character whose code is the byte modulo 256, but for the pairs of bytes
    // written as each other, which the first piece names: scripts/build-pages.mjs `wasmText`.)
    // (Naming the page's later module, if any: LATER_WASM.)
    // In pieces of PIECE bytes, the first named and naming the later module and the swaps,
    // the last marked.
    const later = LATER_WASM[name] ? ` data-later="${LATER_WASM[name]}"` : '';
    const module = readFileSync(join(WWW, INLINED_WASM[name]));
    assert.equal(pieces.length, Math.ceil(module.length / PIECE));
    const swaps = byteSwaps(module);
    // (NUL, a tenth of a module, written as a byte that takes one in the page.)
    assert.ok(swaps.length > 0 && swaps[0][0] === 0 && swaps[0][1] > 0 && swaps[0][1] < 0x80, `${swaps}`);
    const first = ` id="wasm-module"${later} data-swaps="${swaps.flat().join(' ')}"`;
    assert.deepEqual(pieces.map((m) => m[1]), pieces.map((_, k) => `${k === 0 ? first : ''}${k === pieces.length - 1 ? ' data-last' : ''}`));
    const text = pieces.map((m) => m[2]).join('');
    const partner = Array.from({ length: 256 }, (_, b) => b);
    for (const [a, c] of swaps) [partner[a], partner[c]] = [c, a];
    assert.ok(Buffer.from([...text].map((c) => partner[c.charCodeAt(0) & 0xff])).equals(module));
    assert.doesNotMatch(text, /[\0\r<]|[^\0-\u01ff]/);
    // The dancing-links page's first example (www/dlx/examples.js), whole.
    const examples = [...html.matchAll(/<script type="text\/plain" data-example="([^"]+)">([^<]*)<\/script>/g)];
    if (name === 'dlx.html') {
      assert.equal(examples.length, 1);
      assert.equal(examples[0][2], readFileSync(join(WWW, 'dlx', 'examples', `${examples[0][1]}.dlx`), 'utf8'));
      assert.match(readFileSync(join(WWW, 'dlx', 'examples.js'), 'utf8'), new RegExp(`EXAMPLES = \\[\\s*\\{\\s*id: '${examples[0][1]}'`));
    } else assert.equal(examples.length, 0);
  });

  test(`site/${name}'s module runs under the main module's bindings and has every export the page calls`, () => {
    // Where the page has a later module, that one has them, and the first (inlined) one the
    // export its first count calls (below).
    const first = join(WWW, INLINED_WASM[name]);
    const carried = join(WWW, LATER_WASM[name] ?? INLINED_WASM[name]);
    const main = join(WWW, 'pkg', 'dlx_wasm_simd_bg.wasm');
    requireBuild(first, carried, main);
    const read = (path) => new WebAssembly.Module(readFileSync(path));
    const key = (d) => `${d.module ?? ''}:${d.name}:${d.kind}`;
    const full = read(main);
    const provided = new Set(WebAssembly.Module.imports(full).map(key));
    const mainExports = new Set(WebAssembly.Module.exports(full).map(key));
    for (const path of new Set([first, carried])) {
      const page = read(path);
      // pkg/load.js instantiates it with dlx_wasm.js, the main module's bindings, which provide
      // the main module's imports: the page's must be among them.
      for (const d of WebAssembly.Module.imports(page)) assert.ok(provided.has(key(d)), `${key(d)} is not a main module import`);
      const exports = new Set(WebAssembly.Module.exports(page).map((e) => e.name));
      for (const e of WebAssembly.Module.exports(page)) assert.ok(mainExports.has(key(e)), `${key(e)} is not a main module export`);
      // The bindings' own runtime (memory, allocation, the externref table, the start).
      for (const e of mainExports) {
        const [, export_] = e.split(':');
        if (export_.startsWith('__wbindgen_') || export_ === 'memory') assert.ok(exports.has(export_), `no ${export_}`);
      }
      // The panic hook where scripts/build.sh builds the page's module with it (all but the
      // sudoku page's first), which `__wbindgen_start` installs: a bug in a page's worker
      // says what and where.
      assert.equal(exports.has('start'), builtWith(path).includes('panic-hook'), `${path}: the panic hook, or not, as built`);
    }
    const exports = new Set(WebAssembly.Module.exports(read(carried)).map((e) => e.name));
    // Every main export the page's script names (the calls on its pools: `call('name', ...)`),
    // and, where it searches on the pool (`exactCover(`), the pool's classes, whose methods
    // the scheduler on the page and the workers call.
    const script = html(name).match(/<script type="module" src="([^"]+)"><\/script>/)[1];
    const sources = [...moduleGraph(join(WWW, script))].filter((path) => !path.includes('/pkg/'))
      .map((path) => readFileSync(path, 'utf8')).join('\n');
    const named = [...sources.matchAll(/['"]([a-z][a-z0-9_]*)['"]/g)].map((m) => m[1]).filter((n) => mainExports.has(`:${n}:function`))
      // (`start`, the panic hook's, is run by the module itself, where it has the hook.)
      .filter((n) => n !== 'start');
    assert.ok(named.length > 0, 'the page calls no export of the main module');
    if (/\.exactCover\(/.test(sources)) {
      named.push(...[...mainExports].map((e) => e.split(':')[1]).filter((n) => POOL_CLASSES.test(n)));
    }
    console.log(`site/${name} calls ${[...new Set(named)].join(' ')}`);
    for (const n of named) assert.ok(exports.has(n), `site/${name} calls ${n}, which its module does not export`);
    // What the first module serves before the full one is in (lib/pool.js `fullModule`): the
    // dancing-links page's first count, exact_cover itself in one worker (pkg/pool.js
    // `splits`); the sudoku page's every call its script names (read, conflicts, candidates,
    // layouts, Solve, the import verdict) but those that wait for the full module
    // (www/sudoku/jobs.js `whenFull`: Count's, the grid as exact cover, then the search on
    // the pool).
    if (first !== carried) {
      const firstExports = new Set(WebAssembly.Module.exports(read(first)).map((e) => e.name));
      let served = ['exact_cover'];
      if (name !== 'dlx.html') {
        const waits = waitingForFull();
        served = named.filter((n) => !waits(n));
      }
      for (const n of served) {
        assert.ok(firstExports.has(n), `${first} has no ${n}`);
      }
    }
  });

  test(`site/${name} preloads its pools and the workers' script, each the bundle of every module it loads, and nothing else`, async () => {
    requireBuild(join(SITE, name));
    // The workers' graph, as the build walks it (`moduleGraph`), holding every module the
    // workers' script and its imports name (one walker: its regex checked here on them).
    const expected = [...moduleGraph(join(WWW, WORKER))].map((path) => relative(WWW, path));
    for (const module of ['pkg/worker.js', 'pkg/worker-core.js', 'pkg/protocol.js', 'pkg/load.js', 'pkg/dlx_wasm.js']) {
      assert.ok(expected.includes(module), `${module} is not in the workers' graph: ${expected}`);
    }
    assert.ok(expected.some((path) => path.endsWith('src/wasm/pack.js')), `${expected}`);
    // site/'s worker script is their bundle, as the build makes it now; what it imports
    // when needed (the coach's bindings) is in site/, beside it.
    const bundled = readFileSync(join(SITE, WORKER), 'utf8');
    assert.equal(bundled, await workerBundle(), `site/${WORKER} is stale: run scripts/build.sh (or node scripts/build-pages.mjs)`);
    assert.doesNotMatch(bundled, /^\s*import\s|\bfrom\s*['"]/m, 'the bundle imports no module statically');
    const later = [...bundled.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    assert.deepEqual(later, ['./dlx_wasm_coach.js']);
    for (const path of later) assert.ok(existsSync(join(SITE, dirname(WORKER), path)), `${path} is missing from site/`);
    const html = readFileSync(join(SITE, name), 'utf8');
    // (And the pools, where the page's script does not carry them: the sudoku page's.)
    const entry = readFileSync(join(WWW, name), 'utf8').match(/<script type="module" src="([^"]+)"><\/script>/)[1];
    const carried = moduleGraph(join(WWW, entry), new Set(), false).has(join(WWW, POOLS));
    assert.equal(carried, name === 'dlx.html');
    assert.deepEqual(pagePreloads(entry), carried ? [WORKER] : [POOLS, WORKER]);
    assert.deepEqual(links(html, 'modulepreload').map((l) => l.href), pagePreloads(entry));
    // The page starts its workers from that script (www/lib/workers.js), within the
    // package's limit, which the page's script does not carry (its own copy agrees).
    assert.match(readFileSync(join(ROOT, 'www', 'lib', 'workers.js'), 'utf8'), /new URL\('\.\.\/pkg\/worker\.js', import\.meta\.url\)/);
    const { MAX_WORKERS } = await import(pathToFileURL(join(WWW, 'lib', 'workers.js')).href);
    const { MAX_WORKERS: packageMax } = await import(pathToFileURL(join(WWW, 'pkg', 'pool.js')).href);
    assert.equal(MAX_WORKERS, packageMax);
  });

  test(`site/${name}'s script leaves out the main module's bindings (and the sudoku page's its pools), which it imports apart, bundled`, async () => {
    requireBuild(join(SITE, name), join(SITE, BINDINGS), join(SITE, POOLS));
    const html = readFileSync(join(SITE, name), 'utf8');
    const script = html.match(/<script type="module" async>([\s\S]*?)<\/script>/)[1];
    // None of wasm-bindgen's glue (the names of its imports and of the module's runtime).
    assert.doesNotMatch(script, /__wbg_|__wbindgen_/);
    const imported = (text) => [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]).sort();
    // The pools (lib/pool.js and the package's pool, protocol and loader under it) import the
    // bindings and the coach's when needed, from site/pkg/.
    const later = [`./${BINDINGS}`, './pkg/dlx_wasm_coach.js'];
    if (name === 'dlx.html') {
      // This page's script carries its pools (www/dlx/main.js).
      assert.match(script, /over the budget of/);
      assert.deepEqual(imported(script), later);
    } else {
      // Nor the pools' (the package's pool, what it tells its workers; the page's script
      // starts the first ones, lib/solver.js, and hands them to the pools): it imports them
      // when first needed.
      assert.doesNotMatch(script, /postMessage\(|over the budget of/);
      // (And its steps: the test below.)
      assert.deepEqual(imported(script), [`./${POOLS}`, `./${STEPS}`]);
    }
    // The pools as a file of their own: what they import bundled, as the build makes them now.
    const pools = readFileSync(join(SITE, POOLS), 'utf8');
    assert.equal(pools, await poolsBundle(), `site/${POOLS} is stale: run scripts/build.sh (or node scripts/build-pages.mjs)`);
    assert.doesNotMatch(pools, /^\s*import\s|\bfrom\s*['"]/m, 'the pools import no module statically');
    assert.deepEqual(imported(pools), later.map((path) => `./../${path.slice(2)}`));
    for (const path of imported(pools)) assert.ok(existsSync(join(SITE, dirname(POOLS), path)), `${path} is missing from site/`);
    assert.match(pools, /new Worker\(/);
    assert.match(pools, /over the budget of/);
    // Served as one file: the bindings and what they import (src/wasm/pack.js), as the
    // build makes them now.
    const bundled = readFileSync(join(SITE, BINDINGS), 'utf8');
    assert.equal(bundled, await bindingsBundle(), `site/${BINDINGS} is stale: run scripts/build.sh (or node scripts/build-pages.mjs)`);
    assert.doesNotMatch(bundled, /^\s*import\s|\bfrom\s*['"]|\bimport\(/m, 'the bindings import nothing');
    assert.match(bundled, /\bas TaskSchedule\b/);
    assert.match(bundled, /__wbindgen_malloc/);
  });
}

test(`site/index.html's script leaves out Hint and Solve step by step (${STEPS}, bundled apart), which it hands the page's bindings they import`, async () => {
  requireBuild(join(SITE, 'index.html'), join(SITE, STEPS));
  const script = readFileSync(join(SITE, 'index.html'), 'utf8').match(/<script type="module" async>([\s\S]*?)<\/script>/)[1];
  const steps = readFileSync(join(SITE, STEPS), 'utf8');
  // Their words are in the steps' bundle, not in the page's script.
  const { GROUP_WORDS, HINT_STALE } = await import(pathToFileURL(join(WWW, 'sudoku', 'step-words.js')).href);
  for (const words of [HINT_STALE, GROUP_WORDS]) {
    assert.ok(!script.includes(words) && steps.includes(words), words);
  }
  const { code, bindings } = await stepsBundle(pageScript('index.html'));
  assert.equal(steps, code, `site/${STEPS} is stale: run scripts/build.sh (or node scripts/build-pages.mjs)`);
  // Their stylesheet, which comes with them, minified.
  const style = await minifiedCss(readFileSync(join(WWW, STEPS_STYLE), 'utf8'));
  assert.equal(readFileSync(join(SITE, STEPS_STYLE), 'utf8'), style, `site/${STEPS_STYLE} is stale`);
  assert.ok(!readFileSync(join(SITE, 'index.html'), 'utf8').includes(style.slice(0, 200)), 'the page does not carry it');
  // It imports nothing: the page's modules are the page's, read through what `install` is handed.
  assert.doesNotMatch(steps, /^\s*import\s|\bfrom\s*['"]|\bimport\(/m);
  assert.match(steps, /export\s*\{[^}]*\binstall\b[^}]*\}/);
  // The bindings are what the steps' own modules (those the page's script does not hold)
  // import from the page's, read here from their sources.
  const pageGraph = moduleGraph(join(WWW, pageScript('index.html')), new Set(), false);
  const imports = new Set();
  for (const file of moduleGraph(join(WWW, STEPS), new Set(), false)) {
    if (pageGraph.has(file)) continue;
    for (const [, names, from] of readFileSync(file, 'utf8').matchAll(/^import\s*\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
      const path = join(dirname(file), from);
      if (!pageGraph.has(path)) continue;
      for (const item of names.split(',').map((entry) => entry.trim()).filter(Boolean)) {
        imports.add(`${relative(WWW, path)} ${item.split(/\s+as\s+/)[0]}`);
      }
    }
  }
  assert.deepEqual(bindings.map(([path, name]) => `${path} ${name}`).sort(), [...imports].sort());
  // The page's script hands over one function a binding, and each binding is an export of
  // its module.
  const reads = script.match(/PAGE_BINDINGS|\[((?:\(\)=>[\w$]+,)*\(\)=>[\w$]+)\]/g).filter((m) => m.startsWith('['));
  assert.equal(reads.length, 1, 'one list of the bindings');
  assert.equal(reads[0].split(',').length, bindings.length);
  for (const [path, name] of bindings) {
    const source = readFileSync(join(WWW, path), 'utf8');
    assert.match(source, new RegExp(`^export (?:async )?(?:function|const|let|class) ${name}\\b`, 'm'), `${path} exports ${name}`);
  }
});

test("the sudoku page's first module answers its first calls as the page's full module does, or hands them over; the page asks the full one for what it has not", async () => {
  // The first module is built without the fast searches and without every format
  // (scripts/build.sh `sudoku_first`: no `fast-search`, its searches on the links; no
  // `sudoku-formats`, the classic 9x9 on one line alone, the rest handed over with
  // `needs_full_module`, which the page asks its full module: www/sudoku/jobs.js `ask`),
  // which must change no answer the page shows: each call the first module serves, on both
  // modules, each under its own copy of the main module's bindings (pkg/load.js runs the
  // page's modules with them). Nor has it `sudoku-analysis` (the solution count, the
  // candidates), which the page waits for the full module to ask (www/sudoku/jobs.js
  // `whenFull`).
  const firstPath = join(WWW, INLINED_WASM['index.html']);
  const fullPath = join(WWW, LATER_WASM['index.html']);
  const bindings = pathToFileURL(join(WWW, 'pkg', 'dlx_wasm.js')).href;
  requireBuild(firstPath, fullPath, fileURLToPath(bindings));
  const first = await import(`${bindings}?first`);
  const full = await import(`${bindings}?full`);
  first.initSync({ module: readFileSync(firstPath) });
  full.initSync({ module: readFileSync(fullPath) });
  const lines = (file, n) => readFileSync(join(ROOT, 'tests', 'data', 'sudoku', file), 'utf8').split('\n')
    .map((l) => l.trim()).filter((l) => /^[0-9.]{81}$/.test(l.slice(0, 81))).slice(0, n).map((l) => l.slice(0, 81));
  const puzzles = [...lines('puzzles2_17_clue.sample', 40), ...lines('puzzles5_forum_hardest_1905_11+.sample', 20),
    ...lines('not_unique.txt', 10), ...lines('counted_puzzles.txt', 20)];
  assert.ok(puzzles.length >= 70, `${puzzles.length} puzzles read`);
  // Games as a player leaves them: a solution with cells emptied, some wrong (conflicts).
  const solution = full.solve_sudoku_report(puzzles[0]).solution;
  let seed = 7;
  const random = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let k = 0; k < 40; k++) {
    const cells = [...solution];
    for (let i = 20 + random(62); i > 0; i--) cells[random(81)] = '.';
    if (k % 3 === 0) cells[random(81)] = String(1 + random(9));
    puzzles.push(cells.join(''));
  }
  const variants = ['x', 'windoku', 'jigsaw', 'samurai'].map((v) => readFileSync(join(ROOT, 'tests', 'data', 'sudoku', 'variants', `${v}.txt`), 'utf8'));
  const big = readFileSync(join(ROOT, 'tests', 'data', 'sudoku', 'big_16x16_diabolical.txt'), 'utf8').split('\n').find((l) => l && !l.startsWith('#'));
  puzzles.push('.'.repeat(81), solution, '1'.repeat(81), '.'.repeat(16), big, '', 'x', 42, puzzles[0].match(/.{9}/g).join('\n'));
  const answer = (module, name, args) => {
    try {
      return module[name](...args);
    } catch (error) {
      return { thrown: error.message, code: error.code, ...error };
    }
  };
  const lacks = ['count_sudoku_solutions', 'sudoku_candidates'];
  const firstExports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(firstPath))).map((e) => e.name);
  const waits = waitingForFull();
  for (const name of lacks) {
    assert.ok(!firstExports.includes(name), `the first module has ${name}`);
    assert.ok(waits(name), `www/sudoku/jobs.js asks ${name} without waiting for the full module`);
    assert.equal(typeof full[name], 'function');
  }
  let handed = 0;
  // What the first module reads: the classic 9x9 on one line, with no options or the classic
  // boxes alone (src/wasm/sudoku.rs `read_options` without `sudoku-formats`).
  const classic = (options) => options === undefined || options === null
    || (Object.keys(options).length === 2 && options.boxRows === 3 && options.boxCols === 3);
  const firstReads = (name, [value, options]) => classic(options) && (name === 'sudoku_layout'
    ? value === 9 : typeof value === 'string' && /^\uFEFF?\s*[0-9.]{81}\s*$/.test(value));
  const check = (name, ...args) => {
    const [a, b] = [answer(full, name, args), answer(first, name, args)];
    if (b.code === 'needs_full_module') {
      assert.ok(!firstReads(name, args), `${name}(${JSON.stringify(args).slice(0, 100)}) handed over`);
      assert.match(b.thrown, /the full module reads this/);
      handed++;
      return;
    }
    assert.deepEqual(b, a, `${name}(${JSON.stringify(args).slice(0, 100)})`);
  };
  for (const puzzle of puzzles) {
    check('read_sudoku', puzzle);
    check('sudoku_conflicts', puzzle);
    check('solve_sudoku_report', puzzle);
  }
  for (const text of variants) {
    const variant = /x sudoku/i.test(text) ? { variant: 'x' } : /windoku|hyper/i.test(text) ? { variant: 'windoku' } : undefined;
    check('read_sudoku', text, variant);
    check('solve_sudoku_report', text, variant);
  }
  // Options the first module reads, and those it hands over, which the full module reads or
  // refuses.
  const boxes = [undefined, null, { boxRows: 3, boxCols: 3 }, { boxCols: 3, boxRows: 3 }, { boxRows: 3 },
    { boxRows: 3, boxCols: 3, variant: 'classic' }, { boxRows: 3, boxCols: '3' }, { boxRows: 3, boxCols: 3, colour: 1 }, 3, 'x'];
  for (const options of boxes) {
    check('read_sudoku', puzzles[0], options);
    check('solve_sudoku_report', puzzles[0], options);
  }
  for (const size of [4, 6, 9, 16, 25, 7, 0])
    for (const options of [undefined, { variant: 'x' }, { boxRows: 9, boxCols: 1 }, ...boxes]) check('sudoku_layout', size, options);
  // Handed over: the 16x16, the grid of nine lines, the variants, the layouts of other sizes
  // (the empty and non-strings are refused alike by both, as arguments).
  assert.ok(handed >= 20, `${handed} calls handed over`);
});
