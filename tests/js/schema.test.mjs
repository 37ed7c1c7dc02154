// One schema per export: the keys an export's options object may have are written once, in
// the module (src/wasm/: each export reads exactly its keys and refuses any other, naming
// them) or, for the async exports, in pkg-template/pool.js (`SCHEMAS`: the sync export's keys
// and the pool's). This test holds the rest to them: for every export, sync and async, the
// keys its refusal lists are exactly the properties of its options type in the published
// `.d.ts` (read with the TypeScript compiler), the options argument is the last one and
// optional, and the README's table of exports lists the same keys.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import ts from 'typescript';
import { PKG, ROOT, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'index.d.ts'), join(PKG, 'node.js'));
const dlx = await import(join(PKG, 'node.js'));
const core = await import(join(PKG, 'core-node.js'));
after(() => dlx.close_worker_pool());

const PUZZLE = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const PROBLEM = 'A B | x\nA x:1\nB x:1';

/**
 * Every export that takes options: how to call it with `options` (the other arguments
 * valid), and where its options type is declared (`function` or `class` constructor, or a
 * `WorkerPool` method).
 */
const EXPORTS = {
  exact_cover: (o) => dlx.exact_cover(PROBLEM, o),
  exact_cover_trace: (o) => dlx.exact_cover_trace(PROBLEM, o),
  ExactCoverSolver: (o) => new dlx.ExactCoverSolver(PROBLEM, o),
  ExactCoverTasks: (o) => new dlx.ExactCoverTasks(PROBLEM, o),
  exact_cover_async: (o) => dlx.exact_cover_async(PROBLEM, o),
  solve_sudoku: (o) => dlx.solve_sudoku(PUZZLE, o),
  solve_sudoku_async: (o) => dlx.solve_sudoku_async(PUZZLE, o),
  solve_sudoku_batch: (o) => dlx.solve_sudoku_batch(PUZZLE, o),
  count_sudoku_solutions: (o) => dlx.count_sudoku_solutions(PUZZLE, o),
  sudoku_candidates: (o) => dlx.sudoku_candidates(PUZZLE, o),
  generate_sudoku: (o) => dlx.generate_sudoku(o),
  read_sudoku: (o) => dlx.read_sudoku(PUZZLE, o),
  sudoku_hint: (o) => dlx.sudoku_hint(PUZZLE, PUZZLE, undefined, o),
  sudoku_solve_path: (o) => dlx.sudoku_solve_path(PUZZLE, o),
  rate_sudoku: (o) => dlx.rate_sudoku(PUZZLE, o),
  sudoku_conflicts: (o) => dlx.sudoku_conflicts(PUZZLE, o),
  solve_sudoku_report: (o) => dlx.solve_sudoku_report(PUZZLE, o),
  sudoku_exact_cover: (o) => dlx.sudoku_exact_cover(PUZZLE, o),
  sudoku_layout: (o) => dlx.sudoku_layout(9, o),
};
/**
 * The `dlx-wasm/core` exports: the main module's schemas, but the memo's keys (the core has
 * no memo: its `exact_cover` refuses them with `unsupported_option`, see memo.test.mjs).
 */
const CORE = {
  exact_cover: (o) => core.exact_cover(PROBLEM, o),
  ExactCoverSolver: (o) => new core.ExactCoverSolver(PROBLEM, o),
};
/** The WorkerPool methods and the async exports they are. */
const POOL_METHODS = { exactCover: 'exact_cover_async', solveSudoku: 'solve_sudoku_async' };

/** The keys `call` refuses an unknown key with, from its message (sync throw or rejection). */
async function runtimeKeys(call) {
  let error;
  try {
    await call({ no_such_key: 1 });
  } catch (e) {
    error = e;
  }
  assert.ok(error, 'an unknown key must be refused');
  assert.equal(error.code, 'invalid_argument');
  assert.equal(error.path, 'options.no_such_key');
  const match = /: unknown key \(the keys of options are (.*)\)$/.exec(error.message);
  assert.ok(match, error.message);
  return match[1].split(', ').sort();
}

/** The TypeScript program of the published declarations. */
function declarations(entry) {
  const program = ts.createProgram([join(PKG, entry)], {
    strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.esnext.disposable.d.ts'],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(PKG, entry));
  const exports = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(file)).map((s) => [s.name, s]));
  return { checker, exports, file };
}

/** The signature of export `name` (a function, a class's constructor) or of `WorkerPool[method]`. */
function signatureOf({ checker, exports, file }, name, method) {
  let symbol = exports.get(method ? 'WorkerPool' : name);
  assert.ok(symbol, `${name} is declared`);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const type = checker.getTypeOfSymbolAtLocation(symbol, file);
  if (method) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const member = checker.getPropertyOfType(instance, method);
    return checker.getTypeOfSymbolAtLocation(member, file).getCallSignatures()[0];
  }
  const signatures = symbol.flags & ts.SymbolFlags.Class ? type.getConstructSignatures() : type.getCallSignatures();
  assert.equal(signatures.length, 1, `${name}: one signature`);
  return signatures[0];
}

/** The property names of the options parameter of `signature` (which must be last and optional). */
function declaredKeys({ checker, file }, name, signature) {
  const parameters = signature.getParameters();
  const last = parameters.at(-1);
  assert.equal(last.name, 'options', `${name}: options is the last parameter`);
  const declaration = last.valueDeclaration;
  assert.ok(declaration.questionToken || declaration.initializer, `${name}: options is optional`);
  const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(last, file));
  return checker.getPropertiesOfType(type).map((p) => p.name).sort();
}

/** The README's table of exports: export name -> the option keys its row lists. */
function readmeKeys() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('<!-- exports table -->');
  const end = readme.indexOf('<!-- end of exports table -->');
  assert.ok(start >= 0 && end > start, 'the README has the table of exports');
  const rows = new Map();
  for (const line of readme.slice(start, end).split('\n')) {
    const cells = line.split(' | ');
    const name = /^\| `(?:new )?([A-Za-z_]+)/.exec(cells[0])?.[1];
    if (!name || cells.length < 3) continue;
    const keys = [...cells[1].matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]);
    rows.set(name, keys.sort());
  }
  return rows;
}

const main = declarations('index.d.ts');
const readme = readmeKeys();

for (const [name, call] of Object.entries(EXPORTS)) {
  test(`${name}: the keys it refuses others with are its declared options and the README's`, async () => {
    const runtime = await runtimeKeys(call);
    assert.deepEqual(declaredKeys(main, name, signatureOf(main, name)), runtime, 'the .d.ts');
    assert.deepEqual(readme.get(name), runtime, 'the README table');
  });
}

for (const [method, name] of Object.entries(POOL_METHODS)) {
  test(`WorkerPool.${method}: the options of ${name}`, async () => {
    const pool = dlx.create_worker_pool(1);
    try {
      const runtime = await runtimeKeys((o) => pool[method](name === 'exact_cover_async' ? PROBLEM : PUZZLE, o));
      assert.deepEqual(runtime, await runtimeKeys(EXPORTS[name]));
      assert.deepEqual(declaredKeys(main, method, signatureOf(main, name, method)), runtime);
    } finally {
      pool.close();
    }
  });
}

test('dlx-wasm/core: the schemas of the main module, less the memo\'s keys', async () => {
  const types = declarations('core.d.ts');
  // The memo's keys as the two modules' schemas (src/wasm/keys.rs) make them: what the
  // main module's exact_cover takes and the core's does not.
  const coreKeys = await runtimeKeys(CORE.exact_cover);
  const memoKeys = (await runtimeKeys(EXPORTS.exact_cover)).filter((key) => !coreKeys.includes(key));
  assert.ok(memoKeys.includes('memo'), memoKeys.join());
  for (const [name, call] of Object.entries(CORE)) {
    const runtime = await runtimeKeys(call);
    const main = await runtimeKeys(EXPORTS[name]);
    assert.deepEqual(runtime, main.filter((key) => !memoKeys.includes(key)), name);
    assert.deepEqual(declaredKeys(types, name, signatureOf(types, name)), runtime, name);
  }
  // core.js turns the refusal of exactly those keys into unsupported_option (its own test of
  // the key, held to the schemas here): each of them, and none of the keys near them.
  const refusal = (options) => {
    try {
      core.exact_cover(PROBLEM, options);
    } catch (error) {
      return error.code;
    }
    return 'accepted';
  };
  for (const key of memoKeys) assert.equal(refusal({ [key]: 1 }), 'unsupported_option', key);
  for (const key of ['memos', 'Memo', 'memoByte', 'amemo', 'memoBytesx', 'memo.Order']) {
    assert.equal(refusal({ [key]: 1 }), 'invalid_argument', key);
  }
  assert.ok((await runtimeKeys(CORE.exact_cover)).length < (await runtimeKeys(EXPORTS.exact_cover)).length);
  assert.ok(!types.exports.has('exact_cover_trace'), 'the core declares no exact_cover_trace');
});

test('an async export accepts exactly its sync export\'s keys and the pool\'s', async () => {
  const pool = ['onProgress', 'onSolution', 'signal', 'tasks', 'workers'];
  assert.deepEqual(await runtimeKeys(EXPORTS.exact_cover_async),
    [...await runtimeKeys(EXPORTS.exact_cover), ...pool].sort());
  assert.deepEqual(await runtimeKeys(EXPORTS.solve_sudoku_async),
    [...await runtimeKeys(EXPORTS.solve_sudoku), 'signal'].sort());
});

test('no export takes more than the four arguments the init guard passes on (pkg-template/ready.js)', async () => {
  for (const module of ['dlx_wasm.js', 'dlx_wasm_coach.js']) {
    const raw = await import(join(PKG, module));
    for (const [name, f] of Object.entries(raw)) {
      if (typeof f === 'function' && !/^[A-Z]/.test(name)) assert.ok(f.length <= 4, `${module}: ${name} takes ${f.length}`);
    }
  }
});

test('every function and class of the module is in the table above or takes no options', () => {
  const exported = Object.keys(dlx).filter((k) => typeof dlx[k] === 'function').sort();
  const without = [
    'TaskSchedule', 'WorkerPool', 'close_worker_pool', 'create_worker_pool', 'default', 'initSync', 'init_coach', 'isDlxError',
  ];
  assert.deepEqual(exported.filter((k) => !(k in EXPORTS)), without);
  assert.deepEqual([...readme.keys()].sort(), Object.keys(EXPORTS).sort());
});

test('pack.js and pool.js read the key lists of src/wasm/keys.rs as scripts/readers.mjs writes them from it (and protocol.js its shownKey)', async () => {
  const { KEYS_RS, PACK_JS, POOL_JS, PROTOCOL_JS, keyLists, withPoolKeys, withReaders, withShownKey } = await import(join(ROOT, 'scripts', 'readers.mjs'));
  const pack = readFileSync(PACK_JS, 'utf8');
  const rust = readFileSync(KEYS_RS, 'utf8');
  assert.equal(pack, withReaders(pack, rust), 'pack.js is out of date: run node scripts/readers.mjs');
  const pool = readFileSync(POOL_JS, 'utf8');
  assert.equal(pool, withPoolKeys(pool, rust), 'pool.js is out of date: run node scripts/readers.mjs');
  const protocol = readFileSync(PROTOCOL_JS, 'utf8');
  assert.equal(protocol, withShownKey(protocol), 'protocol.js is out of date: run node scripts/readers.mjs');
  // Every list keys.rs makes (each export's options, the problem, the pool's answers, the
  // sudoku options): a list written elsewhere would have no reader.
  const lists = keyLists(rust);
  for (const keys of ['primary secondary items offsets options', 'nodes updates solutions', 'min max']) {
    assert.ok(lists.includes(keys), keys);
  }
  // The package ships the same pack.js (wasm-bindgen copies it as it is).
  const [shipped] = readdirSync(join(PKG, 'snippets'), { recursive: true }).filter((f) => f.endsWith('pack.js'));
  assert.equal(readFileSync(join(PKG, 'snippets', shipped), 'utf8'), pack, 'pkg/ is older than src/wasm/pack.js: rebuild');
});
