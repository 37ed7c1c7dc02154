// The pages' preloads (issue #36: cold start). A module's imports are fetched only once the
// module has arrived, so a page whose modules import each other five deep waits five round
// trips before its last module is even requested, then one more for the .wasm, which load.js
// asks for only when it runs. Each page lists in its <head> every module it will load (its
// static imports and its workers', for those are the same files, which the HTTP cache then
// holds) and the .wasm, so that all are requested at once with the page. This test holds
// each list to what the modules import: a list that missed a module would cost a round
// trip, one that named a module no longer imported would fetch it for nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT, requireBuild } from './helpers.mjs';

const WWW = join(ROOT, 'www');

/**
 * The modules `entry` loads before it runs, and those its workers load: every file named by
 * a static `import`/`export ... from`, or by `new URL('./….js', import.meta.url)` (a worker's
 * script), followed to the end. Dynamic `import()` is left out: it is fetched when needed.
 */
function moduleGraph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const specifiers = source.matchAll(
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*['"](\.[^'"]+)['"]|new URL\(\s*['"](\.[^'"]+\.js)['"]\s*,\s*import\.meta\.url\s*\)/g,
  );
  for (const match of specifiers) {
    moduleGraph(join(dirname(entry), match[1] ?? match[2] ?? match[3]), seen);
  }
  return seen;
}

/** The `<link rel=REL ...>` tags of `html` as attribute maps. */
function links(html, rel) {
  return [...html.matchAll(/<link\s([^>]*)>/g)]
    .map((m) => Object.fromEntries([...m[1].matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ''])))
    .filter((attributes) => attributes.rel === rel);
}

for (const page of ['index.html', 'dlx.html']) {
  test(`${page} preloads every module it and its workers load, and the .wasm`, () => {
    requireBuild('www/pkg/dlx_wasm.js');
    const html = readFileSync(join(WWW, page), 'utf8');
    const entry = html.match(/<script type="module" src="([^"]+)"><\/script>/)[1];
    const graph = [...moduleGraph(join(WWW, entry))].map((path) => relative(WWW, path)).slice(1);
    for (const path of graph) assert.ok(existsSync(join(WWW, path)), `${entry} imports ${path}, which is missing`);
    const preloaded = links(html, 'modulepreload').map((l) => l.href);
    assert.deepEqual([...preloaded].sort(), [...graph].sort(),
      `the modulepreload links of ${page} should be, in any order:\n${graph.map((p) => `  <link rel="modulepreload" href="${p}">`).join('\n')}`);
    // The .wasm load.js fetches where the engine has SIMD (every current browser), preloaded
    // as the fetch() load.js makes (mode cors, same-origin credentials: `crossorigin`), so
    // that the fetch takes the preloaded response instead of asking again.
    const wasm = links(html, 'preload').filter((l) => l.as === 'fetch');
    assert.deepEqual(wasm.map((l) => [l.href, l.type, l.crossorigin]), [['pkg/dlx_wasm_simd_bg.wasm', 'application/wasm', '']]);
    assert.match(readFileSync(join(WWW, 'pkg/load.js'), 'utf8'), /new URL\('\.\/dlx_wasm_simd_bg\.wasm', import\.meta\.url\)/);
  });
}
