// The JS half of reading a problem given as arrays (src/wasm/convert.rs holds the Rust half).
// Crossing the wasm boundary once per element costs more than solving a small problem, so
// this walks the arrays in JS, once, and hands Rust flat typed arrays. It decides nothing:
// every number and name is checked in Rust. It only reports where the structure is not
// arrays of numbers and strings (a `fault`), so that Rust can name the place in its error.

// What the pack functions return is an array read by position (one crossing per slot Rust
// reads, no property names to look up): slot 0 is null, or the kind of a fault.

/**
 * A structural fault at `path` ([k] or [k, j]): `[kind, path, value]`, `kind` 'array',
 * 'shape' (an array whose `length` is no array length), 'entry', 'length' or 'threw'.
 */
function fault(kind, path, value) {
  return [kind, path, value];
}

// Typed arrays kept from call to call, one per use. A new typed array of a few hundred
// elements costs microseconds (a backing store of its own), more than reading a small problem;
// a view of a kept one costs almost nothing. Rust copies what a pack function hands it before
// any other JS runs, so the next call may reuse them. While one call fills them, JS code of
// the caller's may run (a getter, a proxy); should it call the solver, that call makes new
// arrays: only the call that found them free (`own`) uses them. Above KEEP elements, new ones.
const kept = {
  whole: new Uint32Array(0),
  values: new Float64Array(0),
  kinds: new Uint8Array(0),
  ends: new Uint32Array(0),
  lengths: new Uint32Array(0),
};
const KEEP = 1 << 16;
let taken = false;

/**
 * An array of the kind of kept array `use` with room for `n` elements: the kept one (perhaps
 * longer) when the caller owns the kept arrays, else a new one of `n`. Its elements are left
 * as they were: the caller writes every one it reads.
 */
function room(use, n, own) {
  let array = kept[use];
  if (!own || n > KEEP) return new array.constructor(n);
  if (array.length < n) {
    array = new array.constructor(Math.min(KEEP, Math.max(n, 2 * array.length)));
    kept[use] = array;
  }
  return array;
}

/** `room(use, n, own)` cut to exactly `n` elements. */
function scratch(use, n, own) {
  const array = room(use, n, own);
  return array.length === n ? array : array.subarray(0, n);
}

/** Runs `pack(own)`, with `own` true when the kept arrays were free (and are now its). */
function withScratch(pack) {
  const own = !taken;
  taken = true;
  try {
    return pack(own);
  } finally {
    if (own) taken = false;
  }
}

/**
 * Flattens the first `count` elements of `list` (an array of arrays of numbers and strings,
 * each inner array at most `maxLength` long; `count` is its length as Rust read it) into
 * `values` and `ends`, which `takeNumbers` then copies into wasm memory (no array is made
 * for them, nor a view of them): inner array k ends at entry `ends[k]`. Returns twice the
 * number of entries when none is a string (the forms by number, and by item name: see
 * `names` below), plus 1 when every one is a whole number from 0 to 2^32 - 1 (which
 * `takeNumbers` then copies as `u32`s, for Rust to check the range alone, as it does a
 * `Uint32Array`'s: src/wasm/convert.rs `TypedNumbers`); with strings, -1 minus that number,
 * and `takeLast` gives `[null, lengths, kinds, text]`: entry i is the number `values[i]`
 * when `kinds[i]` is 0, else the next string of `text` (cut by `lengths`, in UTF-16 units).
 * Returns -1, and `takeLast` gives a fault, when an inner value is not an array, an entry is
 * neither a number nor a string, or reading one throws (then the value is what was thrown),
 * or an inner array's `length` is no array length (a proxy's: 'shape') or is too long
 * ('length', the value its length). Each inner array is read once and its entries right
 * after (in one pass: no array of them is made), up to the first bad entry; the inner arrays
 * after it are still read for their shape, whose fault, whatever its place, is the one
 * returned.
 *
 * `names`, when given, are the item names Rust has already read and checked (the `names`
 * that `packStrings` returned, primary then secondary: distinct, without `:`): a string
 * entry equal to one of them crosses as that item's number, so that options given by name
 * do not pay for their text twice. Any other string (a color `name:color`, a name that is
 * not an item) crosses as text, for Rust to read and, if need be, report.
 */
export function packLists(list, count, maxLength, primaryNames, secondaryNames) {
  const packed = withScratch((own) => packListsWith(own, list, count, maxLength, primaryNames, secondaryNames));
  if (typeof packed === 'number') return packed;
  lastArray = packed;
  return -1;
}

// What the last `packLists` packed: its numbers (in kept arrays, perhaps longer than the
// count), until `takeNumbers` copies them.
let packedValues;
let packedEnds;
let packedTotal = 0;
let packedCount = 0;
let packedWhole = false;

/**
 * Copies the last `packLists`' numbers into wasm memory `memory`: its values (as `f64`s, or
 * as `u32`s where `packLists` found them all whole) at address `values`, its ends (as
 * `u32`s) at address `ends`, where Rust made room for them.
 */
export function takeNumbers(memory, values, ends) {
  if (packedWhole) copyPrefix(words(memory, false), values >>> 2, packedValues, packedTotal);
  else copyPrefix(words(memory, true), values >>> 3, packedValues, packedTotal);
  copyPrefix(words(memory, false), ends >>> 2, packedEnds, packedCount);
  packedValues = packedEnds = undefined;
}

/**
 * Copies the first `n` elements of typed array `from` into typed array `into` from position
 * `at` (converted where their kinds differ: a `u32` list copied as `f64`s).
 */
function copyPrefix(into, at, from, n) {
  into.set(from.length === n ? from : from.subarray(0, n), at);
}


function packListsWith(own, list, count, maxLength, primaryNames, secondaryNames) {
  const index = primaryNames ? itemIndex(primaryNames, secondaryNames) : null;
  let k = 0;
  let j = -1;
  // The first entry that is neither a number nor a string, as a fault: returned once every
  // inner array's shape is checked (a shape's fault, whatever its k, comes first).
  let bad = null;
  try {
    const ends = room('ends', count, own);
    // The numbers as u32s while every one so far is a whole number from 0 to 2^32 - 1 (an
    // item number resolved from a name is), which copy into wasm memory as they are; from the
    // first other number on, as f64s (those before it copied over). Grown as they fill.
    let whole = room('whole', 0, own);
    let values = null;
    // Made at the first string entry (0 a number, 1 a string): the names and numbers forms
    // have none.
    let kinds = null;
    // The strings' lengths, made with `kinds`.
    let lengths = null;
    // Concatenated as it goes: V8 builds a rope, cheaper than an array and join('').
    let text = '';
    let at = 0;
    for (; k < count; k++) {
      // Each inner array read once (an element may be a getter): its shape, then (while no
      // entry was bad) its entries.
      const inner = list[k];
      if (!Array.isArray(inner)) return fault('array', [k], inner);
      const length = inner.length;
      // A proxy's `length` may be no array length (-1 read on as 2^32 - 1 entries).
      if (!(Number.isInteger(length) && length >= 0 && length <= 0xffffffff)) return fault('shape', [k], inner);
      if (length > maxLength) return fault('length', [k], length);
      const end = at + length;
      ends[k] = end;
      if (bad !== null) {
        at = end;
        continue;
      }
      if (end > whole.length) {
        const size = Math.max(end, 2 * whole.length, 64);
        whole = grown('whole', whole, size, at, own);
        if (values !== null) values = grown('values', values, size, at, own);
        if (kinds !== null) kinds = grown('kinds', kinds, size, at, own);
      }
      for (j = 0; at < end; j++, at++) {
        const entry = inner[j];
        if (typeof entry === 'number') {
          if (values === null) {
            if (entry >>> 0 === entry) {
              whole[at] = entry;
              if (kinds !== null) kinds[at] = 0;
              continue;
            }
            values = room('values', whole.length, own);
            for (let i = 0; i < at; i++) values[i] = whole[i];
          }
          values[at] = entry;
          if (kinds !== null) kinds[at] = 0;
        } else if (typeof entry === 'string') {
          const item = index?.[entry];
          if (item !== undefined) {
            if (values === null) whole[at] = item;
            else values[at] = item;
            if (kinds !== null) kinds[at] = 0;
            continue;
          }
          if (kinds === null) {
            kinds = room('kinds', whole.length, own).fill(0, 0, at);
            lengths = [];
          }
          kinds[at] = 1;
          text += entry;
          lengths.push(entry.length);
        } else {
          bad = fault('entry', [k, j], entry);
          at = end;
          break;
        }
      }
      j = -1;
    }
    if (bad !== null) return bad;
    packedValues = values ?? whole;
    packedEnds = ends;
    packedTotal = at;
    packedCount = count;
    packedWhole = kinds === null && values === null;
    if (kinds === null) return 2 * at + (packedWhole ? 1 : 0);
    const lengthsOut = scratch('lengths', lengths.length, own);
    lengthsOut.set(lengths);
    lastArray = [null, lengthsOut, kinds.length === at ? kinds : kinds.subarray(0, at), text];
    return -1 - at;
  } catch (thrown) {
    return fault('threw', j < 0 ? [k] : [k, j], thrown);
  }
}

/**
 * `room(use, n, own)` (`n` more than `array`'s length) holding the first `used` elements of
 * `array`, a list being filled.
 */
function grown(use, array, n, used, own) {
  const next = room(use, n, own);
  if (next !== array) next.set(array.length === used ? array : array.subarray(0, used));
  return next;
}

// The item numbers of the last names given, kept while the next call gives the same names
// (the usual case: one problem's options read again and again): comparing the names costs
// less than a new index.
let lastNames = [];
let lastIndex = null;

/**
 * Each of the names (primary, then secondary) to its item number: an object without a
 * prototype (so no name finds an inherited property), whose keyed loads cost two thirds of
 * a Map's `get` (8 queens' 256 entries by name: 6.8 µs against 10.3 µs in Node 20).
 */
function itemIndex(primary, secondary) {
  const n1 = primary.length;
  let same = n1 + secondary.length === lastNames.length;
  for (let i = 0; same && i < n1; i++) same = primary[i] === lastNames[i];
  for (let i = 0; same && i < secondary.length; i++) same = secondary[i] === lastNames[n1 + i];
  if (same) return lastIndex;
  const index = Object.create(null);
  for (let i = 0; i < n1; i++) index[primary[i]] = i;
  for (let i = 0; i < secondary.length; i++) index[secondary[i]] = n1 + i;
  lastNames = [...primary, ...secondary];
  lastIndex = index;
  return index;
}

/**
 * Flattens `list` (an array of strings; `count` is its length as Rust read it) into `[null,
 * names, lengths, text]`, or a fault as above ('entry' for a value that is not a string);
 * `names` holds the strings as read, once each. With `bounds`, an entry may also be an object `{ name, min?, max? }` (a primary item
 * with multiplicities): then `[null, names, lengths, text, bounded, mins, maxs]`, where
 * `bounded` lists those entries' positions and `mins` / `maxs` their bounds as given (NaN
 * where absent); a bound that is neither absent nor a number is a fault 'min' or 'max'.
 */
export function packStrings(list, count, bounds) {
  return withScratch((own) => packStringsWith(own, list, count, bounds));
}

function packStringsWith(own, list, count, bounds) {
  const bounded = [];
  const mins = [];
  const maxs = [];
  let text = '';
  let k = 0;
  let lengths;
  let names;
  try {
    lengths = scratch('lengths', count, own);
    names = new Array(count);
    for (; k < count; k++) {
      let entry = list[k];
      if (bounds && typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
        // Its fields by the list's reader (src/wasm/keys.rs `BOUND`), which refuses any
        // other key: `[present, name, min, max]`, or why not.
        const read = fieldsOf(entry, BOUND_KEYS);
        if (read[0] === -33) return [...fault('key', [k], read[1]), read[2]];
        if (read[0] < 0) return fault('threw', [k], read[1]);
        const [, name, min, max] = read;
        if (typeof name !== 'string') return fault('entry', [k], entry);
        if (!isBound(min)) return fault('min', [k], min);
        if (!isBound(max)) return fault('max', [k], max);
        bounded.push(k);
        mins.push(min === undefined ? NaN : min);
        maxs.push(max === undefined ? NaN : max);
        entry = name;
      }
      if (typeof entry !== 'string') return fault('entry', [k], entry);
      text += entry;
      lengths[k] = entry.length;
      names[k] = entry;
    }
  } catch (thrown) {
    return fault('threw', names === undefined ? [] : [k], thrown);
  }
  if (bounded.length === 0) return [null, names, lengths, text];
  return [null, names, lengths, text, new Uint32Array(bounded), new Float64Array(mins), new Float64Array(maxs)];
}

// The keys of a primary item given with its bounds (their reader's list).
const BOUND_KEYS = 'name min max';

/** Whether `value` may be an item's bound as given: absent, or a number (not NaN). */
function isBound(value) {
  return value === undefined || (typeof value === 'number' && !Number.isNaN(value));
}

/**
 * Cuts the `u32`s of wasm memory `memory` at address `flat` at the `count` ends at address `ends`
 * into arrays of numbers: the solutions a search collected. Copied element by element:
 * `Array.from` of a subarray goes through the iterator protocol, over ten times slower for a
 * solution of 8 options (about 0.9 µs, Node 20).
 */
function unpackLists(memory, flat, ends, count) {
  memory = words(memory, false);
  const base = flat >>> 2;
  const at = ends >>> 2;
  const out = new Array(count);
  let start = base;
  for (let k = 0; k < count; k++) {
    const end = base + memory[at + k];
    const list = new Array(end - start);
    for (let i = start; i < end; i++) list[i - start] = memory[i];
    out[k] = list;
    start = end;
  }
  return out;
}

/**
 * The result of `exact_cover`, as one object of a fixed shape (built here, in one call,
 * rather than property by property from wasm): the solutions cut from `flat` at `ends`, none
 * when they are undefined (a count).
 */
/** Where a search stands, by the index `status_index` (src/wasm/convert.rs) gives. */
const STATUS = ['searching', 'exhausted', 'solution_limit', 'node_limit'];

/**
 * Every count's shape, made in one call (`result` in src/wasm/convert.rs): `solutions` (the
 * option numbers at address `flat` of wasm memory `memory` cut at the `listed` ends at address `ends`; no key where
 * `listed` is -1), `count`,
 * `countText` (its digits, exact past 2^53 where given), `complete`, `status`, `stats`
 * (`found`: the solutions the search has found in all, which a count of the rest of a
 * streaming search does not include) and `warnings` (no key where undefined, a new empty
 * array where null: none to report).
 */
export function countResult(memory, flat, ends, listed, count, countText, status, nodes, updates, found, warnings) {
  const text = countText ?? String(count);
  const complete = status === 1;
  const name = STATUS[status];
  const stats = { nodes, updates, solutions: found };
  // Each shape one literal (its object made at its size, in one step), not grown key by key.
  if (listed < 0) {
    if (warnings === undefined) return { count, countText: text, complete, status: name, stats };
    return { count, countText: text, complete, status: name, stats, warnings: warnings ?? [] };
  }
  const solutions = unpackLists(memory, flat, ends, listed);
  if (warnings === undefined) return { solutions, count, countText: text, complete, status: name, stats };
  return { solutions, count, countText: text, complete, status: name, stats, warnings: warnings ?? [] };
}

/**
 * The properties `keys` (names separated by spaces) of `object`, read in one call, so that
 * an export reading its options does not cross the boundary once per property it might
 * find: returns the head of `[head, ...]`, kept for `takeLast`: `[present, ...values]`,
 * where bit k of `present` is set when `values[k]` is neither undefined nor null (Rust reads
 * no other); `[-1 - k, thrown]` when reading key k threw (a getter or a proxy);
 * `[-33, key, known]` when `object` has a key not in `keys` (see `unknownKey`), and
 * `[-34, thrown]` when listing its keys threw. The head crosses as a number: Rust takes the
 * array only where it reads a value from it.
 */
export function readFields(object, keys) {
  lastArray = fieldsOf(object, keys);
  return lastArray[0];
}

/**
 * `readFields` for a value that must be a plain object (not an array) or absent: -35 (and
 * nothing kept) when it is undefined or null, -36 when it is not an object or is an array,
 * -37 when looking threw (see `takeThrown`). One call across for what `typeof`, the array
 * test and `readFields` took six.
 */
export function readObject(value, keys) {
  if (value === undefined || value === null) return -35;
  if (typeof value !== 'object') return -36;
  const length = arrayLength(value);
  if (length === -2) return -37;
  if (length !== -1) return -36;
  return readFields(value, keys);
}

// The array the last `readFields` read, or the last `packLists` left (strings or a fault),
// until `takeLast` takes it: what Rust reads of it, it reads by position.
let lastArray;

/** The array of the last `readFields` or `packLists`, forgotten as it is taken. */
export function takeLast() {
  const array = lastArray;
  lastArray = undefined;
  return array;
}

/**
 * `readFields`' array for `object` and the key list `keys`, by the list's reader (each list
 * of src/wasm/keys.rs has one: tests/js/schema.test.mjs sees to it; were one missing,
 * `[-34, why]`).
 */
function fieldsOf(object, keys) {
  const read = READERS.get(keys);
  if (read === undefined) {
    return [-34, new Error(`no reader for the keys ${keys}: run node scripts/readers.mjs`)];
  }
  return read(object);
}

// Each key list's reader (see `reader` in scripts/readers.mjs), written from
// src/wasm/keys.rs, where the lists are written: one function per list, so that V8
// specialises each key's look-up to the objects it sees (a loop over the names shared one
// keyed look-up among every key of every list: 5-7% of a first solution of 8 queens from the
// compact form, bench/README.md).
// BEGIN readers: written by scripts/readers.mjs from src/wasm/keys.rs; do not edit.
const READERS = new Map([
  ["limit maxNodes seed forced task strict countOnly memo memoBytes memoOrder", (object) => {
    let k = 0, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9;
    try {
      v0 = object.limit; k = 1;
      v1 = object.maxNodes; k = 2;
      v2 = object.seed; k = 3;
      v3 = object.forced; k = 4;
      v4 = object.task; k = 5;
      v5 = object.strict; k = 6;
      v6 = object.countOnly; k = 7;
      v7 = object.memo; k = 8;
      v8 = object.memoBytes; k = 9;
      v9 = object.memoOrder;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'limit':
        case 'maxNodes':
        case 'seed':
        case 'forced':
        case 'task':
        case 'strict':
        case 'countOnly':
        case 'memo':
        case 'memoBytes':
        case 'memoOrder':
          break;
        default:
          return [-33, shownKey(keys[i]), 'limit, maxNodes, seed, forced, task, strict, countOnly, memo, memoBytes, memoOrder'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    if (v5 !== undefined && v5 !== null) present |= 32;
    if (v6 !== undefined && v6 !== null) present |= 64;
    if (v7 !== undefined && v7 !== null) present |= 128;
    if (v8 !== undefined && v8 !== null) present |= 256;
    if (v9 !== undefined && v9 !== null) present |= 512;
    return [present >>> 0, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9];
  }],
  ["limit maxNodes seed forced task strict countOnly", (object) => {
    let k = 0, v0, v1, v2, v3, v4, v5, v6;
    try {
      v0 = object.limit; k = 1;
      v1 = object.maxNodes; k = 2;
      v2 = object.seed; k = 3;
      v3 = object.forced; k = 4;
      v4 = object.task; k = 5;
      v5 = object.strict; k = 6;
      v6 = object.countOnly;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'limit':
        case 'maxNodes':
        case 'seed':
        case 'forced':
        case 'task':
        case 'strict':
        case 'countOnly':
          break;
        default:
          return [-33, shownKey(keys[i]), 'limit, maxNodes, seed, forced, task, strict, countOnly'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    if (v5 !== undefined && v5 !== null) present |= 32;
    if (v6 !== undefined && v6 !== null) present |= 64;
    return [present >>> 0, v0, v1, v2, v3, v4, v5, v6];
  }],
  ["limit maxNodes seed forced task strict", (object) => {
    let k = 0, v0, v1, v2, v3, v4, v5;
    try {
      v0 = object.limit; k = 1;
      v1 = object.maxNodes; k = 2;
      v2 = object.seed; k = 3;
      v3 = object.forced; k = 4;
      v4 = object.task; k = 5;
      v5 = object.strict;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'limit':
        case 'maxNodes':
        case 'seed':
        case 'forced':
        case 'task':
        case 'strict':
          break;
        default:
          return [-33, shownKey(keys[i]), 'limit, maxNodes, seed, forced, task, strict'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    if (v5 !== undefined && v5 !== null) present |= 32;
    return [present >>> 0, v0, v1, v2, v3, v4, v5];
  }],
  ["limit maxNodes seed forced strict", (object) => {
    let k = 0, v0, v1, v2, v3, v4;
    try {
      v0 = object.limit; k = 1;
      v1 = object.maxNodes; k = 2;
      v2 = object.seed; k = 3;
      v3 = object.forced; k = 4;
      v4 = object.strict;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'limit':
        case 'maxNodes':
        case 'seed':
        case 'forced':
        case 'strict':
          break;
        default:
          return [-33, shownKey(keys[i]), 'limit, maxNodes, seed, forced, strict'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    return [present >>> 0, v0, v1, v2, v3, v4];
  }],
  ["limit maxNodes seed forced task strict maxSteps", (object) => {
    let k = 0, v0, v1, v2, v3, v4, v5, v6;
    try {
      v0 = object.limit; k = 1;
      v1 = object.maxNodes; k = 2;
      v2 = object.seed; k = 3;
      v3 = object.forced; k = 4;
      v4 = object.task; k = 5;
      v5 = object.strict; k = 6;
      v6 = object.maxSteps;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'limit':
        case 'maxNodes':
        case 'seed':
        case 'forced':
        case 'task':
        case 'strict':
        case 'maxSteps':
          break;
        default:
          return [-33, shownKey(keys[i]), 'limit, maxNodes, seed, forced, task, strict, maxSteps'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    if (v5 !== undefined && v5 !== null) present |= 32;
    if (v6 !== undefined && v6 !== null) present |= 64;
    return [present >>> 0, v0, v1, v2, v3, v4, v5, v6];
  }],
  ["primary secondary items offsets options", (object) => {
    let k = 0, v0, v1, v2, v3, v4;
    try {
      v0 = object.primary; k = 1;
      v1 = object.secondary; k = 2;
      v2 = object.items; k = 3;
      v3 = object.offsets; k = 4;
      v4 = object.options;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'primary':
        case 'secondary':
        case 'items':
        case 'offsets':
        case 'options':
          break;
        default:
          return [-33, shownKey(keys[i]), 'primary, secondary, items, offsets, options'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    return [present >>> 0, v0, v1, v2, v3, v4];
  }],
  ["name min max", (object) => {
    let k = 0, v0, v1, v2;
    try {
      v0 = object.name; k = 1;
      v1 = object.min; k = 2;
      v2 = object.max;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'name':
        case 'min':
        case 'max':
          break;
        default:
          return [-33, shownKey(keys[i]), 'name, min, max'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    return [present >>> 0, v0, v1, v2];
  }],
  ["count stats status progress", (object) => {
    let k = 0, v0, v1, v2, v3;
    try {
      v0 = object.count; k = 1;
      v1 = object.stats; k = 2;
      v2 = object.status; k = 3;
      v3 = object.progress;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'count':
        case 'stats':
        case 'status':
        case 'progress':
          break;
        default:
          return [-33, shownKey(keys[i]), 'count, stats, status, progress'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    return [present >>> 0, v0, v1, v2, v3];
  }],
  ["nodes updates solutions", (object) => {
    let k = 0, v0, v1, v2;
    try {
      v0 = object.nodes; k = 1;
      v1 = object.updates; k = 2;
      v2 = object.solutions;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'nodes':
        case 'updates':
        case 'solutions':
          break;
        default:
          return [-33, shownKey(keys[i]), 'nodes, updates, solutions'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    return [present >>> 0, v0, v1, v2];
  }],
  ["boxRows boxCols variant regions alphabet", (object) => {
    let k = 0, v0, v1, v2, v3, v4;
    try {
      v0 = object.boxRows; k = 1;
      v1 = object.boxCols; k = 2;
      v2 = object.variant; k = 3;
      v3 = object.regions; k = 4;
      v4 = object.alphabet;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'boxRows':
        case 'boxCols':
        case 'variant':
        case 'regions':
        case 'alphabet':
          break;
        default:
          return [-33, shownKey(keys[i]), 'boxRows, boxCols, variant, regions, alphabet'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    return [present >>> 0, v0, v1, v2, v3, v4];
  }],
  ["boxRows boxCols variant regions alphabet limit", (object) => {
    let k = 0, v0, v1, v2, v3, v4, v5;
    try {
      v0 = object.boxRows; k = 1;
      v1 = object.boxCols; k = 2;
      v2 = object.variant; k = 3;
      v3 = object.regions; k = 4;
      v4 = object.alphabet; k = 5;
      v5 = object.limit;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'boxRows':
        case 'boxCols':
        case 'variant':
        case 'regions':
        case 'alphabet':
        case 'limit':
          break;
        default:
          return [-33, shownKey(keys[i]), 'boxRows, boxCols, variant, regions, alphabet, limit'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    if (v5 !== undefined && v5 !== null) present |= 32;
    return [present >>> 0, v0, v1, v2, v3, v4, v5];
  }],
  ["boxRows boxCols variant regions alphabet size seed difficulty symmetry se", (object) => {
    let k = 0, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9;
    try {
      v0 = object.boxRows; k = 1;
      v1 = object.boxCols; k = 2;
      v2 = object.variant; k = 3;
      v3 = object.regions; k = 4;
      v4 = object.alphabet; k = 5;
      v5 = object.size; k = 6;
      v6 = object.seed; k = 7;
      v7 = object.difficulty; k = 8;
      v8 = object.symmetry; k = 9;
      v9 = object.se;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'boxRows':
        case 'boxCols':
        case 'variant':
        case 'regions':
        case 'alphabet':
        case 'size':
        case 'seed':
        case 'difficulty':
        case 'symmetry':
        case 'se':
          break;
        default:
          return [-33, shownKey(keys[i]), 'boxRows, boxCols, variant, regions, alphabet, size, seed, difficulty, symmetry, se'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    if (v2 !== undefined && v2 !== null) present |= 4;
    if (v3 !== undefined && v3 !== null) present |= 8;
    if (v4 !== undefined && v4 !== null) present |= 16;
    if (v5 !== undefined && v5 !== null) present |= 32;
    if (v6 !== undefined && v6 !== null) present |= 64;
    if (v7 !== undefined && v7 !== null) present |= 128;
    if (v8 !== undefined && v8 !== null) present |= 256;
    if (v9 !== undefined && v9 !== null) present |= 512;
    return [present >>> 0, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9];
  }],
  ["min max", (object) => {
    let k = 0, v0, v1;
    try {
      v0 = object.min; k = 1;
      v1 = object.max;
    } catch (thrown) {
      return [-1 - k, thrown];
    }
    let keys;
    try {
      keys = Object.keys(object);
    } catch (thrown) {
      return [-34, thrown];
    }
    for (let i = 0; i < keys.length; i++) {
      switch (keys[i]) {
        case 'min':
        case 'max':
          break;
        default:
          return [-33, shownKey(keys[i]), 'min, max'];
      }
    }
    let present = 0;
    if (v0 !== undefined && v0 !== null) present |= 1;
    if (v1 !== undefined && v1 !== null) present |= 2;
    return [present >>> 0, v0, v1];
  }],
]);
/** An unknown key as an error names it (scripts/readers.mjs `SHOWN_KEY`). */
function shownKey(key) {
  const cut = /^[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(key.slice(39, 41)) ? 39 : 40;
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return key.slice(0, cut).replace(lone, '\uFFFD');
}
// END readers

// Looking at a caller's value may run the caller's code (a proxy's traps, a getter), and that
// code may throw. A throw must never unwind through wasm: it would skip the Rust frames'
// clean-up (their stack space, the JS values they hold, a solver's borrow), and a few hundred
// of them would break the instance. So every look that can throw is made here, under `try`,
// and what was thrown is kept for Rust to report (`takeThrown`).
let lastThrown;

/** What the last look that failed threw, forgotten as it is taken. */
export function takeThrown() {
  const value = lastThrown;
  lastThrown = undefined;
  return value;
}

/**
 * The length of `value` if it is an array: a whole number; -1 when it is not an array, -2
 * when looking threw (a revoked proxy, a `length` getter that throws: see `takeThrown`), -3
 * when it is an array (a proxy of one) whose `length` is not an array length.
 */
export function arrayLength(value) {
  try {
    if (!Array.isArray(value)) return -1;
    const length = value.length;
    return Number.isInteger(length) && length >= 0 && length <= 0xffffffff ? length : -3;
  } catch (error) {
    lastThrown = error;
    return -2;
  }
}

/** The message of `value` when it is an Error whose message can be read, else undefined. */
export function errorMessage(value) {
  try {
    if (value instanceof Error) return String(value.message);
  } catch {
    // A proxy, a throwing getter: described by its type instead.
  }
  return undefined;
}

// The typed arrays' own getters, read from their shared prototype: a subclass's getters (or
// their absence on a look-alike object) cannot change what is read.
const TypedArray = Object.getPrototypeOf(Uint8Array);
const viewLength = Object.getOwnPropertyDescriptor(TypedArray.prototype, 'length').get;
const viewKind = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;

/**
 * What a typed array of kind `kind` (its `Symbol.toStringTag`, undefined for anything else)
 * holds: 1 for the whole kinds (the four below), whose elements are all whole numbers from
 * 0 to 2^32 - 1 (Rust copies them as u32, with no conversion to check: convert.rs
 * `TypedNumbers`), 0 for the other kinds of numbers, -1 for BigInts and for what is not a
 * typed array. A `switch` on the names (comparisons of addresses) rather than a `Set`'s
 * hash lookup.
 */
function numberKind(kind) {
  switch (kind) {
    case 'Uint8Array':
    case 'Uint8ClampedArray':
    case 'Uint16Array':
    case 'Uint32Array':
      return 1;
    case undefined:
    case 'BigInt64Array':
    case 'BigUint64Array':
      return -1;
    default:
      return 0;
  }
}

/**
 * If `value` is a typed array of numbers (any kind but BigInt), twice its length, plus 1 for
 * a whole kind; else -1. A detached one reads length 0: the copy tells it. When it is of a
 * whole kind and at most `room` long, its numbers are also copied into wasm memory `memory`
 * at address `at` as `u32`s (where Rust has room for them: one call across for the length
 * and the copy); -2 if that threw (see `takeThrown`). Else Rust makes room and calls
 * `copyNumbers`.
 */
export function typedInto(value, memory, at, room) {
  const kind = numberKind(ArrayBuffer.isView(value) ? viewKind.call(value) : undefined);
  if (kind < 0) return -1;
  const length = viewLength.call(value);
  if (kind === 0) return 2 * length;
  if (length <= room && !copyNumbers(value, memory, at, length, true)) return -2;
  return 2 * length + 1;
}

/**
 * `typedInto` of `array[k]`, a field of an array `readFields` made: the field and its numbers
 * in one call across (src/wasm/convert.rs `Fields::typed`).
 */
export function typedAt(array, k, memory, at, room) {
  return typedInto(array[k], memory, at, room);
}

// Views of the calling instance's wasm memory (Rust hands its `WebAssembly.Memory` with
// each call that reads or writes it: `with_memory` in src/wasm/convert.rs), made again only
// when the memory has grown (which detaches the old buffer: its views then have length 0) or
// another instance calls (the package's modules share this file), instead of a new view of
// each list a call hands across.
let viewed;
let u32s = new Uint32Array(0);
let f64s = new Float64Array(0);

/** `memory` as `u32`s (and, with `doubles`, as `f64`s). */
function words(memory, doubles) {
  if (memory !== viewed || u32s.length === 0 || (doubles && f64s.length === 0)) {
    viewed = memory;
    u32s = new Uint32Array(memory.buffer);
    f64s = new Float64Array(memory.buffer);
  }
  return doubles ? f64s : u32s;
}

/**
 * Copies typed array `value`, of `length` elements, into wasm memory `memory` at address
 * `at`: as `u32`s for a whole kind (`whole`), else as `f64`s; false if that threw (a
 * detached buffer, even an empty one: see `takeThrown`) or its length is no longer `length`
 * (it would write past the list).
 */
export function copyNumbers(value, memory, at, length, whole) {
  try {
    if (viewLength.call(value) !== length) throw new RangeError('the typed array changed length');
    if (whole) words(memory, false).set(value, at >>> 2);
    else words(memory, true).set(value, at >>> 3);
    return true;
  } catch (error) {
    lastThrown = error;
    return false;
  }
}

/**
 * `value` if it is a number, else NaN: read from wasm in one call that returns the number
 * itself (wasm-bindgen's `as_f64` writes it into wasm memory through a DataView, which costs
 * more than the call; convert.rs's `number` asks it only about a NaN).
 */
export function numberOrNaN(value) {
  return typeof value === 'number' ? value : NaN;
}

/**
 * `array[k]` if it is a number, else NaN (`numberOrNaN` of it): an array `readFields` made,
 * whose number fields Rust reads without taking their values (convert.rs `Fields::field`).
 */
export function numberAt(array, k) {
  return numberOrNaN(array[k]);
}

const encoder = new TextEncoder();

/**
 * A string's UTF-8 bytes, in one call of the engine's encoder (wasm-bindgen's own copy of
 * a string walks it one UTF-16 unit at a time in JS), for a string `utf8Into` could not
 * write. Lone surrogates become U+FFFD, as in wasm-bindgen's copy.
 */
export function utf8(string) {
  return encoder.encode(string);
}

/**
 * Writes a string's UTF-8 bytes into `bytes` (a view of wasm memory, one byte per UTF-16
 * unit of the string), as `utf8` encodes them: the number written, or -1 when they did not
 * fit (the string is not ASCII). Saves `utf8`'s new array and its copy into wasm.
 */
export function utf8Into(string, bytes) {
  const { read, written } = encoder.encodeInto(string, bytes);
  return read === string.length ? written : -1;
}

/**
 * Views of `length` bytes at address `at` of wasm memory (see `words`): the last one made,
 * kept while it is for the same place of the same memory and not detached (a single
 * sudoku's 81 digits in and out, at the same places call after call), else a new one. One
 * for the bytes Rust reads (`asciiInto`), one for those it wrote (`fromUtf8`), so that a call
 * that does both makes none.
 */
class ByteView {
  memory = undefined;
  at = -1;
  view = new Uint8Array(0);

  of(memory, at, length) {
    if (memory !== this.memory || at !== this.at || this.view.length !== length) {
      this.memory = memory;
      this.at = at;
      this.view = new Uint8Array(memory.buffer, at, length);
    }
    return this.view;
  }
}
const bytesIn = new ByteView();
const bytesOut = new ByteView();

/**
 * Whether `value` is a string of exactly `length` ASCII characters, written into wasm memory
 * `memory` at address `at` if so: one call across for what `typeof`, `length` and
 * `utf8Into` take three for (a single sudoku's 81 digits, where the crossings are most of
 * what is left of the call's cost).
 */
export function asciiInto(value, memory, at, length) {
  if (typeof value !== 'string' || value.length !== length) return false;
  if (length === 0) return true;
  const { read, written } = encoder.encodeInto(value, bytesIn.of(memory, at, length));
  return read === length && written === length;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The `length` bytes of UTF-8 at address `at` of wasm memory `memory` as a string. Throws on
 * bytes that are not UTF-8, which Rust never hands it.
 */
export function fromUtf8(memory, at, length) {
  return length === 0 ? '' : decoder.decode(bytesOut.of(memory, at, length));
}
