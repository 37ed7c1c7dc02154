// The site users get (issue #36: cold start): site/, which scripts/build-pages.mjs makes from
// www/ (scripts/build.sh runs it), each page one response: its CSS, its module script
// bundled with all it imports, and the main wasm module inlined, the workers' modules
// preloaded. These tests hold site/ to the sources (it is what the build makes of www/ as it
// is now), and each page to being whole: nothing inlined missing or stale, every inline
// script and style allowed by the page's Content-Security-Policy, every module the workers
// load preloaded and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, requireBuild } from './helpers.mjs';
import { COMPILE_INLINED, INLINED_WASM, PAGES, SITE, WORKER, WWW, moduleGraph, page } from '../../scripts/build-pages.mjs';

/** The `<link rel=REL ...>` tags of `html` as attribute maps. */
function links(html, rel) {
  return [...html.matchAll(/<link\s([^>]*)>/g)]
    .map((m) => Object.fromEntries([...m[1].matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ''])))
    .filter((attributes) => attributes.rel === rel);
}

const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

for (const name of PAGES) {
  test(`site/${name} is what scripts/build-pages.mjs makes of www/ now`, async () => {
    requireBuild(join(WWW, INLINED_WASM), join(SITE, name));
    assert.equal(readFileSync(join(SITE, name), 'utf8'), await page(name),
      `site/${name} is stale: run scripts/build.sh (or node scripts/build-pages.mjs)`);
  });

  test(`site/${name} is one response: its CSS, JS and main module inlined, allowed by its CSP`, () => {
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
    assert.equal(styles.length, 1);
    // The page's module script, then the classic script that compiles the inlined module (whole).
    assert.equal(scripts.length, 2);
    assert.equal(scripts[1], readFileSync(join(WWW, COMPILE_INLINED), 'utf8').trimEnd());
    const directive = (key) => csp.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === key);
    assert.ok(directive('style-src').includes(hash(styles[0])), csp);
    for (const script of scripts) assert.ok(directive('script-src').includes(hash(script)), csp);
    // Every stylesheet of the source page, whole, in its order.
    const source = readFileSync(join(WWW, name), 'utf8');
    const sheets = [...source.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => readFileSync(join(WWW, m[1]), 'utf8'));
    assert.ok(sheets.length > 0);
    assert.equal(styles[0], sheets.join('\n'));
    // The main module, byte for byte the build's SIMD module.
    // (Each byte a character whose code is the byte modulo 256: scripts/build-pages.mjs `wasmText`.)
    const text = html.match(/<script type="application\/octet-stream" id="wasm-module">([^<]*)<\/script>/)[1];
    assert.ok(Buffer.from([...text].map((c) => c.charCodeAt(0) & 0xff)).equals(readFileSync(join(WWW, INLINED_WASM))));
    assert.doesNotMatch(text, /[\0\r<]|[^\0-\u01ff]/);
    // The dancing-links page's first example (www/dlx/examples.js), whole.
    const examples = [...html.matchAll(/<script type="text\/plain" data-example="([^"]+)">([^<]*)<\/script>/g)];
    if (name === 'dlx.html') {
      assert.equal(examples.length, 1);
      assert.equal(examples[0][2], readFileSync(join(WWW, 'dlx', 'examples', `${examples[0][1]}.dlx`), 'utf8'));
      assert.match(readFileSync(join(WWW, 'dlx', 'examples.js'), 'utf8'), new RegExp(`EXAMPLES = \\[\\s*\\{\\s*id: '${examples[0][1]}'`));
    } else assert.equal(examples.length, 0);
  });

  test(`site/${name} preloads every module its workers load, and nothing else`, () => {
    requireBuild(join(SITE, name));
    // The workers' graph, as the build walks it (`moduleGraph`), holding every module the
    // workers' script and its imports name (one walker: its regex checked here on them).
    const expected = [...moduleGraph(join(WWW, WORKER))].map((path) => relative(WWW, path));
    for (const module of ['pkg/worker.js', 'pkg/worker-core.js', 'pkg/protocol.js', 'pkg/load.js', 'pkg/dlx_wasm.js']) {
      assert.ok(expected.includes(module), `${module} is not in the workers' graph: ${expected}`);
    }
    assert.ok(expected.some((path) => path.endsWith('src/wasm/pack.js')), `${expected}`);
    for (const path of expected) assert.ok(existsSync(join(SITE, path)), `${path} is missing from site/`);
    const html = readFileSync(join(SITE, name), 'utf8');
    assert.deepEqual(links(html, 'modulepreload').map((l) => l.href).sort(), expected.sort());
    // The page starts its workers from that script.
    assert.match(readFileSync(join(ROOT, 'www', 'lib', 'pool.js'), 'utf8'), /new URL\('\.\.\/pkg\/worker\.js', import\.meta\.url\)/);
  });
}
