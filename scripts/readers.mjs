// Writes the readers of src/wasm/pack.js (between its `readers` markers), and the lists
// pkg-template/pool.js reads itself (between its `keys` markers), from the key lists of
// src/wasm/keys.rs, the one place they are written; and how an unknown key or name is shown
// in an error (`SHOWN_KEY`), into pack.js and pkg-template/protocol.js (between its
// `shownKey` markers), which the pool and the workers import. In pack.js one function per list, which
// looks each key up by name at a site of its own (V8 specialises each site to the objects it
// sees; a loop over the names shares one keyed load among them all, which it cannot), then
// refuses any other own key. What each returns is `readFields`' array (pack.js, `fieldsOf`).
//
//   node scripts/readers.mjs            # rewrites them
//   node scripts/readers.mjs --check    # exits 1 if they are not what keys.rs gives
//
// tests/js/schema.test.mjs makes `--check`'s comparison.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const KEYS_RS = join(ROOT, 'src', 'wasm', 'keys.rs');
export const PACK_JS = join(ROOT, 'src', 'wasm', 'pack.js');
export const POOL_JS = join(ROOT, 'pkg-template', 'pool.js');
export const PROTOCOL_JS = join(ROOT, 'pkg-template', 'protocol.js');
const BEGIN = '// BEGIN readers: written by scripts/readers.mjs from src/wasm/keys.rs; do not edit.';
const END = '// END readers';
const BEGIN_KEYS = '// BEGIN keys: written by scripts/readers.mjs from src/wasm/keys.rs; do not edit.';
const END_KEYS = '// END keys';
const BEGIN_SHOWN = '// BEGIN shownKey: written by scripts/readers.mjs; do not edit.';
const END_SHOWN = '// END shownKey';
// The lists the pool reads itself (its async exports' options, the sync export's keys and its
// own, and a problem it copies for its workers), by their names in keys.rs. Where a name is
// written twice (`EXACT_COVER`, with and without the memo), the first: the main module's.
const POOL_LISTS = ['EXACT_COVER', 'PUZZLE', 'PROBLEM', 'BOUND'];
// And `NAMES`: every name of every list, by which the pool reads any object of an argument it
// sends to a worker as the module would read it (protocol.js `encodeArgument`).

/** The distinct key lists of keys.rs (`Keys("...")`), in the order written. */
export function keyLists(rust) {
  const lists = [...rust.matchAll(/Keys\(\s*"([^"]*)"\s*\)/g)].map((m) => m[1]);
  for (const list of lists) {
    const names = list.split(' ');
    // Rust's `Fields` keeps each list's key ends in bytes (u8) and its present keys as bits
    // of a u32; each name goes into the code as it is.
    const ok = names.length <= 32 && list.length < 256
      && names.every((name) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name))
      && new Set(names).size === names.length;
    if (!ok) throw new Error(`keys.rs: "${list}" is not a list of at most 32 distinct names`);
  }
  return [...new Set(lists)];
}

/** Each list of keys.rs by its name (`const NAME: Keys = Keys("...")`), the first of each name. */
export function namedLists(rust) {
  const named = new Map();
  for (const [, name, list] of rust.matchAll(/const (\w+): Keys =\s*Keys\(\s*"([^"]*)"\s*\)/g)) {
    if (!named.has(name)) named.set(name, list);
  }
  return named;
}

/**
 * The reader of the key list `list`: `readFields`' array for an object (see `fieldsOf` in
 * pack.js). Each key looked up at a site of its own, in the list's order; then any own key of
 * the object that is not in the list refused (a `switch` of the names: compared as
 * addresses, where a `Set` hashes).
 */
function reader(list) {
  const names = list.split(' ');
  const v = names.map((_, k) => `v${k}`);
  return [
    `  [${JSON.stringify(list)}, (object) => {`,
    `    let k = 0, ${v.join(', ')};`,
    '    try {',
    ...names.map((name, k) => `      ${v[k]} = object.${name};${k + 1 < names.length ? ` k = ${k + 1};` : ''}`),
    '    } catch (thrown) {',
    '      return [-1 - k, thrown];',
    '    }',
    '    let keys;',
    '    try {',
    '      keys = Object.keys(object);',
    '    } catch (thrown) {',
    '      return [-34, thrown];',
    '    }',
    '    for (let i = 0; i < keys.length; i++) {',
    '      switch (keys[i]) {',
    ...names.map((name) => `        case '${name}':`),
    '          break;',
    '        default:',
    `          return [-33, shownKey(keys[i]), '${names.join(', ')}'];`,
    '      }',
    '    }',
    '    let present = 0;',
    ...names.map((_, k) => `    if (${v[k]} !== undefined && ${v[k]} !== null) present |= ${2 ** k};`),
    `    return [present >>> 0, ${v.join(', ')}];`,
    '  }],',
  ].join('\n');
}

/**
 * How an unknown key is named in an error, written into pack.js (the module's readers) and
 * pool.js (the async exports' options) alike, so that the sync and async messages agree: the
 * key's first 40 UTF-16 units, or 39 where the 40th begins a surrogate pair (a cut never
 * splits a character), each lone surrogate as U+FFFD (as the module's message, a Rust string,
 * has it).
 */
const SHOWN_KEY = [
  '/** An unknown key as an error names it (scripts/readers.mjs `SHOWN_KEY`). */',
  'function shownKey(key) {',
  '  const cut = /^[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]/.test(key.slice(39, 41)) ? 39 : 40;',
  '  const lone = /[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]/g;',
  "  return key.slice(0, cut).replace(lone, '\\uFFFD');",
  '}',
];

/** `text` with what lies between the lines `begin` and `end` replaced by `lines`. */
function between(text, begin, end, lines, file) {
  const from = text.indexOf(begin);
  const to = text.indexOf(end, from);
  if (from < 0 || to < from) throw new Error(`${file}: no markers ${begin.split(':')[0]} and ${end}`);
  return `${text.slice(0, from)}${begin}\n${lines.join('\n')}\n${text.slice(to)}`;
}

/** pack.js with its readers written from keys.rs's text `rust`. */
export function withReaders(pack, rust) {
  const readers = ['const READERS = new Map([', ...keyLists(rust).map(reader), ']);', ...SHOWN_KEY];
  return between(pack, BEGIN, END, readers, 'pack.js');
}

/** pool.js with the lists it reads itself written from keys.rs's text `rust`. */
export function withPoolKeys(pool, rust) {
  const named = namedLists(rust);
  const lines = POOL_LISTS.map((name) => {
    if (!named.has(name)) throw new Error(`keys.rs: no list ${name}`);
    return `  ${name}: [${named.get(name).split(' ').map((key) => `'${key}'`).join(', ')}],`;
  });
  const names = [...new Set(keyLists(rust).flatMap((list) => list.split(' ')))];
  lines.push(`  NAMES: [${names.map((key) => `'${key}'`).join(', ')}],`);
  return between(pool, BEGIN_KEYS, END_KEYS, ['const KEYS = {', ...lines, '};'], 'pool.js');
}

/** protocol.js with `shownKey` (exported: the pool and the workers import it). */
export function withShownKey(protocol) {
  const lines = SHOWN_KEY.map((line) => line.replace(/^function /, 'export function '));
  return between(protocol, BEGIN_SHOWN, END_SHOWN, lines, 'protocol.js');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rust = readFileSync(KEYS_RS, 'utf8');
  for (const [file, write] of [[PACK_JS, withReaders], [POOL_JS, withPoolKeys], [PROTOCOL_JS, withShownKey]]) {
    const text = readFileSync(file, 'utf8');
    const written = write(text, rust);
    if (written === text) continue;
    if (process.argv.includes('--check')) {
      console.error(`${file}: not what src/wasm/keys.rs gives: run node scripts/readers.mjs`);
      process.exitCode = 1;
    } else {
      writeFileSync(file, written);
    }
  }
}
