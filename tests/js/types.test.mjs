// The package's TypeScript declarations: no `any` in a public signature of any module, and
// a strict consumer of every export (fixtures/types-consumer.ts: right uses pass, wrong ones
// are caught) type-checks against the published types as a user's project sees them: the
// packed tarball installed into a fresh project, `strict`, `lib: ["es2022", "dom"]`, no
// `skipLibCheck`, with `nodenext` and with `bundler` resolution; a CommonJS file
// (fixtures/types-consumer.cts) that requires the package type-checks under `nodenext`.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { consumerProject } from './fixtures/consumer-project.mjs';
import { PKG, ROOT, requireBuild, run } from './helpers.mjs';

const MODULES = ['dlx_wasm.d.ts', 'dlx_wasm_coach.d.ts', 'dlx_wasm_core.d.ts'];
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

/** The compiler options every configuration shares: what a careful user's project has. */
const STRICT = {
  strict: true,
  noEmit: true,
  target: 'es2022',
  lib: ['es2022', 'dom'],
  // Only the types the consumer imports: no @types package from anywhere up the tree.
  types: [],
};

/** The declaration files of the installed package that a tsc run read, by path in the project. */
function packageFiles(listed, project) {
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes('/node_modules/dlx-wasm/'))
    .map((line) => relative(project, line))
    .sort();
}

describe('the published types in a strict TypeScript project', { timeout: 120_000 }, () => {
  let project;
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

  before(() => {
    project = consumerProject('types', ['types-consumer.ts', 'types-consumer.cts']);
    const config = (compilerOptions, files) => JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions }, files }, null, 2);
    writeFileSync(
      join(project.path, 'tsconfig.nodenext.json'),
      config({ module: 'nodenext', moduleResolution: 'nodenext' }, ['types-consumer.ts', 'types-consumer.cts']),
    );
    writeFileSync(
      join(project.path, 'tsconfig.bundler.json'),
      config({ module: 'esnext', moduleResolution: 'bundler' }, ['types-consumer.ts']),
    );
  });

  after(() => project?.remove());

  for (const resolution of ['nodenext', 'bundler']) {
    test(`module and moduleResolution ${resolution}: every export, the async API, the errors`, () => {
      const config = JSON.parse(readFileSync(join(project.path, `tsconfig.${resolution}.json`), 'utf8'));
      assert.equal(config.compilerOptions.skipLibCheck, undefined, 'the package types are checked too');
      // `tsc -p` as a user's project runs it (`npx tsc -p . --noEmit`), with the repository's
      // TypeScript, from the consumer project: the types resolve from its node_modules.
      const listed = run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`, '--noEmit', '--listFiles'], {
        cwd: project.path,
      });
      // The entries' declarations as published (index.d.ts, core.d.ts) and the modules' behind them
      // (the coach module's re-exported by index.d.ts).
      assert.deepEqual(packageFiles(listed, project.path), [
        'node_modules/dlx-wasm/core.d.ts', 'node_modules/dlx-wasm/dlx_wasm.d.ts',
        'node_modules/dlx-wasm/dlx_wasm_coach.d.ts', 'node_modules/dlx-wasm/dlx_wasm_core.d.ts',
        'node_modules/dlx-wasm/index.d.ts',
      ]);
      // `[Symbol.dispose]` and `using` come from the lib the package references itself.
      assert.match(listed, /lib\.esnext\.disposable\.d\.ts/);
    });
  }
});
