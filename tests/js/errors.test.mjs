// One list of error codes. Their source is the Rust error types (`code()` of the engine's
// `Error` and of `SudokuError`), with the few codes only the bindings (src/wasm/) or the
// package's JavaScript (pkg-template/) throw. This test holds every other list to them: the
// `.d.ts` union `DlxErrorCode` (read with the TypeScript compiler, for both modules) and the
// README's table of codes must name exactly the codes the sources can throw.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { PKG, ROOT, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'dlx_wasm.d.ts'), join(PKG, 'node.js'));

const read = (...path) => readFileSync(join(ROOT, ...path), 'utf8');

/** The string literals `fn code(&self)` returns in a Rust source file. */
function rustCodes(file) {
  const text = read(file);
  const start = text.indexOf('pub fn code(&self)');
  assert.ok(start >= 0, `${file} has code()`);
  const body = text.slice(start, text.indexOf('\n    }\n', start));
  return [...body.matchAll(/=> "([a-z_]+)"/g)].map((m) => m[1]);
}

/** The codes the bindings throw themselves: the first argument of every `js_error(...)`. */
function bindingCodes() {
  const dir = join(ROOT, 'src', 'wasm');
  return readdirSync(dir).filter((f) => f.endsWith('.rs')).flatMap((f) =>
    [...read('src', 'wasm', f).matchAll(/js_error\(\s*"([a-z_]+)"/g)].map((m) => m[1]));
}

/** The codes the package's JavaScript throws: `codedError('x', ...)` and `code: 'x'`. */
function packageCodes() {
  const dir = join(ROOT, 'pkg-template');
  return readdirSync(dir).filter((f) => f.endsWith('.js')).flatMap((f) => {
    const text = read('pkg-template', f);
    return [...text.matchAll(/codedError\('([a-z_]+)'|code: '([a-z_]+)'/g)].map((m) => m[1] ?? m[2]);
  });
}

/** The string literals of the union type `name` in a published declaration file. */
function unionOf(entry, name) {
  const path = join(PKG, entry);
  const program = ts.createProgram([path], { strict: true, noEmit: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.esnext.disposable.d.ts'] });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(path);
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(file)).find((s) => s.name === name);
  assert.ok(symbol, `${entry} declares ${name}`);
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const members = type.isUnion() ? type.types : [type];
  for (const member of members) assert.ok(member.isStringLiteral(), `${name}: only string literals (no plain string)`);
  return sorted(members.map((m) => m.value));
}

/** The codes in the first column of the README's table of codes. */
function readmeCodes() {
  const readme = read('README.md');
  const table = readme.slice(readme.indexOf('<!-- codes table -->'), readme.indexOf('<!-- end of codes table -->'));
  assert.ok(table.length > 100, 'the README has the table of codes');
  return sorted(table.split('\n').filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split(' | ')[0].matchAll(/`([a-z_]+)`/g)].map((m) => m[1])));
}

const sorted = (codes) => [...new Set(codes)].sort();

// Thrown only by an engine built without its `colors-bounds` feature, when given a color or a
// multiplicity: the modules built without `exact-cover` (Cargo.toml: the coach's and the
// sudoku page's first), whose problems are the sudoku layer's, which have neither. No module
// of the package reads a problem there, so it is not a code of the package (the modules that
// read one search both: checked below).
const ENGINE_BUILD_ONLY = ['unsupported'];
const engine = rustCodes('crates/dlx-engine/src/error.rs').filter((code) => !ENGINE_BUILD_ONLY.includes(code));
const sudoku = rustCodes('crates/dlx-sudoku/src/error.rs');
// Thrown only by a module built without the `sudoku-formats` feature (the sudoku page's first
// module, which hands what it does not read to the page's full module: src/wasm/sudoku.rs
// `handover`), which no module of the package is: not a code of the package (checked below).
const SITE_ONLY = ['needs_full_module'];
const bindings = bindingCodes().filter((code) => !SITE_ONLY.includes(code));
const pkg = packageCodes();
// The freed guard (classes.js) builds its error with Object.assign(error, { code: 'freed' }).
const all = sorted([...engine, ...sudoku, ...bindings, ...pkg]);

test('the sources throw distinct snake_case codes, each listed once', () => {
  for (const code of all) assert.match(code, /^[a-z]+(_[a-z]+)*$/);
  assert.ok(engine.length >= 15 && sudoku.length >= 15, `${engine.length} engine codes, ${sudoku.length} sudoku codes`);
});

test('DlxErrorCode in the main module is every code the sources throw', () => {
  assert.deepEqual(unionOf('dlx_wasm.d.ts', 'DlxErrorCode'), all);
});

test('DlxErrorCode in dlx-wasm/core is every code but the sudoku layer\'s own', () => {
  const sudokuOnly = sudoku.filter((c) => !engine.includes(c) && !bindings.includes(c) && !pkg.includes(c));
  assert.deepEqual(unionOf('dlx_wasm_core.d.ts', 'DlxErrorCode'), all.filter((c) => !sudokuOnly.includes(c)));
});

test('PackageErrorCode is what the package\'s JavaScript throws beyond the module\'s codes', () => {
  const module = new Set([...engine, ...sudoku, ...bindings]);
  assert.deepEqual(unionOf('dlx_wasm.d.ts', 'PackageErrorCode'), sorted(pkg.filter((c) => !module.has(c))));
});

test('the README\'s table of codes is every code', () => {
  assert.deepEqual(readmeCodes(), all);
});

test('isDlxError tells the package\'s errors, thrown and rejected', async () => {
  const dlx = await import(join(PKG, 'node.js'));
  let thrown;
  try {
    dlx.exact_cover('A B\nA C');
  } catch (e) {
    thrown = e;
  }
  assert.equal(thrown.code, 'unknown_item');
  assert.ok(dlx.isDlxError(thrown));
  const rejected = await dlx.exact_cover_async('A\nB', { workers: 1 }).catch((e) => e);
  assert.equal(rejected.code, 'unknown_item');
  assert.ok(dlx.isDlxError(rejected));
  assert.ok(!dlx.isDlxError(new Error('plain')));
  assert.ok(!dlx.isDlxError({ code: 'syntax', message: 'not an Error' }));
  dlx.close_worker_pool();
});

test("the site's own codes are in no module of the package, and in the sudoku page's first module", () => {
  const first = join(ROOT, 'www', 'pkg', 'dlx_wasm_sudoku_first_bg.wasm');
  requireBuild(first);
  for (const code of SITE_ONLY) {
    assert.ok(bindingCodes().includes(code), `${code} is thrown in src/wasm/`);
    for (const file of readdirSync(PKG).filter((f) => f.endsWith('.wasm'))) {
      assert.ok(!readFileSync(join(PKG, file)).includes(code), `pkg/${file} has ${code}`);
    }
    assert.ok(readFileSync(first).includes(code), `${first} has no ${code}`);
  }
});

test('the modules that read exact cover search colors and multiplicities (their engine has `colors-bounds`)', async () => {
  assert.ok(rustCodes('crates/dlx-engine/src/error.rs').includes('unsupported'));
  // A secondary item shared by color, and an item covered twice.
  const colored = 'A B | x\nA x:red\nB x:red\nB x:blue';
  const bounded = '2|A B\nA\nA B\nA';
  for (const entry of ['node.js', 'core-node.js']) {
    const dlx = await import(join(PKG, entry));
    assert.deepEqual(dlx.exact_cover(colored).solutions, [[0, 1]], entry);
    assert.equal(dlx.exact_cover(bounded, { countOnly: true }).count, 2, entry);
  }
});
