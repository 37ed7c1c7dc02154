// The package's TypeScript declarations, for both modules: no `any` in a public signature,
// and a strict consumer of the entries type-checks (wrong uses are caught, right ones pass).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, ROOT, requireBuild, run, tempDir } from './helpers.mjs';

const MODULES = ['dlx_wasm.d.ts', 'dlx_wasm_core.d.ts'];
requireBuild(...MODULES.map((file) => join(PKG, file)), join(PKG, 'index.d.ts'), join(PKG, 'core.d.ts'));

/** The public part of a module's declarations: everything but wasm-bindgen's raw `InitOutput`. */
function publicDeclarations(file) {
  const text = readFileSync(join(PKG, file), 'utf8');
  return text.replace(/export interface InitOutput \{[\s\S]*?\n\}/, '');
}

for (const file of MODULES) {
  test(`${file}: no public signature uses any, and the start function is not declared`, () => {
    const code = publicDeclarations(file)
      .split('\n')
      .filter((line) => !line.trim().startsWith('*') && !line.trim().startsWith('/'));
    assert.deepEqual(code.filter((line) => /\bany\b/.test(line)), []);
    assert.deepEqual(code.filter((line) => /\bstart\b/.test(line)), []);
  });
}

const CONSUMER = `
import init, {
  solve_sudoku, exact_cover, exact_cover_trace, ExactCoverSolver, solve_sudoku_batch,
  generate_sudoku, sudoku_hint,
  type ExactCoverResult, type DlxError, type TraceEvent, type RunResult, type SolverStatus,
  type GeneratedSudoku, type SudokuHint, type ExactCoverCompact,
  countSolutions, findSolutions, solveSudokuAsync, createWorkerPool, closeWorkerPool, ExactCoverTasks,
  type CountResult, type FindResult, type ExactCoverTask, type WorkerPool,
} from '${join(PKG, 'index.js')}';
import initCore, { exact_cover as coreCover, ExactCoverSolver as CoreSolver } from '${join(PKG, 'core.js')}';
// @ts-expect-error: the core entry has no sudoku exports
import { solve_sudoku as missing } from '${join(PKG, 'core.js')}';

await init();
await initCore();
const compact: ExactCoverCompact = { primary: 2, items: new Uint32Array([0, 1]), offsets: new Uint32Array([0, 1, 2]) };
const fromCompact: number = exact_cover(compact, { countOnly: true }).count + coreCover(compact).count;
const batch: string = solve_sudoku_batch('.'.repeat(16) + '\\n' + '.'.repeat(16));
// @ts-expect-error: the compact form takes typed arrays
exact_cover({ primary: 2, items: 'A B', offsets: [0, 1] });
const result: ExactCoverResult = exact_cover('A B\\nA\\nB', { limit: 1, countOnly: false });
const count: number = result.count + result.stats.nodes + result.stats.updates;
const first: number[] | undefined = result.solutions[0];

const solver = new ExactCoverSolver({ primary: ['a', 'b'], options: [['a'], ['b']] }, { seed: 1 });
for (const solution of solver) {
  const option: number = solution[0];
}
const step: RunResult = solver.run(100);
if (step.state === 'solution') {
  const s: number[] | undefined = step.solution;
}
const status: SolverStatus = solver.status;
const progress: number = solver.progress;
solver.free();

const trace = exact_cover_trace('A\\nA', { maxSteps: 10 });
for (const event of trace.events as TraceEvent[]) {
  if (event.op === 'choose') {
    const lengths: [number, number][] = event.lengths;
  } else if (event.op === 'hide') {
    const option: number = event.option + event.item;
  }
}

const solved: string | null | undefined = solve_sudoku('1'.repeat(81));
const generated: GeneratedSudoku = generate_sudoku({ size: 9, difficulty: 'hard', seed: 1 });
const hint: SudokuHint | null = sudoku_hint(generated.puzzle, generated.puzzle);
for (const solution of new CoreSolver('A\\nA')) {
  const option: number = solution[0];
}
// @ts-expect-error: the difficulty is one of five names (easy … diabolical)
generate_sudoku({ difficulty: 'impossible' });
try {
  exact_cover('A\\nB');
} catch (error) {
  const e = error as DlxError;
  const code: string = e.code;
  const line: number | undefined = e.line;
}

// @ts-expect-error: a problem is a string or an object, never a number
exact_cover(42);
// @ts-expect-error: limit is a number
exact_cover('A\\nA', { limit: 'all' });
// @ts-expect-error: run takes a node budget
solver.run();

// The async API on the worker pool.
const controller = new AbortController();
const counted: CountResult = await countSolutions('A B\\nA\\nB', {
  workers: 2, signal: controller.signal, onProgress: (p: number) => {}, forced: [0], seed: 3,
});
const countedNumber: number = counted.count + counted.stats.nodes;
const found: FindResult = await findSolutions({ primary: 1, options: [[0]] }, {
  limit: 1, onSolution: (s: number[]) => {},
});
const firstFound: number[] | undefined = found.solutions[0];
const sudoku: string | null = await solveSudokuAsync('.'.repeat(81), { signal: controller.signal });
const pool: WorkerPool = createWorkerPool(2);
const poolCount: number = (await pool.countSolutions('A\\nA')).count;
pool.close();
closeWorkerPool();
const bounded: 'exhausted' | 'solution_limit' | 'node_limit' = (await countSolutions('A\\nA', { maxNodes: 10 })).status;
// @ts-expect-error: maxNodes is a number
countSolutions('A\\nA', { maxNodes: 'few' });
// @ts-expect-error: workers is a number
countSolutions('A\\nA', { workers: 'all' });
const tasks = new ExactCoverTasks('A B\\nA\\nB');
const split: ExactCoverTask[] = tasks.split(8);
const taskSolver: ExactCoverSolver = tasks.solver(split[0]?.path ?? '');
const viaOption = exact_cover('A B\\nA\\nB', { task: split[0]?.path });
export {
  count, first, status, progress, solved, hint, missing, fromCompact, batch, countedNumber,
  firstFound, sudoku, poolCount, taskSolver, viaOption, bounded,
};
`;

test('a strict TypeScript consumer of every export type-checks', () => {
  const dir = tempDir('types');
  try {
    writeFileSync(join(dir.path, 'consumer.ts'), CONSUMER);
    writeFileSync(
      join(dir.path, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'es2022',
          moduleResolution: 'bundler',
          lib: ['es2022', 'dom', 'esnext.disposable'],
          noUnusedLocals: false,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    run(process.execPath, [tsc, '-p', dir.path]);
  } finally {
    dir.remove();
  }
});
