// The JS half of reading a problem given as arrays (src/wasm/convert.rs holds the Rust half).
// Crossing the wasm boundary once per element costs more than solving a small problem, so
// this walks the arrays in JS, once, and hands Rust flat typed arrays. It decides nothing:
// every number and name is checked in Rust. It only reports where the structure is not
// arrays of numbers and strings (a `fault`), so that Rust can name the place in its error.

/** A structural fault at `path` ([k] or [k, j]): `kind` is 'array', 'entry' or 'threw'. */
function fault(kind, path, value) {
  return { fault: kind, path, value };
}

/**
 * Flattens `list` (an array of arrays of numbers and strings, each inner array at most
 * `maxLength` long) into `{ values, kinds, ends, text, lengths }`: entry i is the number
 * `values[i]` when `kinds[i]` is 0, else the next string of `text` (cut by `lengths`, in
 * UTF-16 units); inner array k ends at entry `ends[k]`. Returns `{ fault, path, value }`
 * instead when an inner value is not an array, an entry is neither a number nor a string,
 * or reading one throws (then `value` is what was thrown), or an inner array is too long
 * (`fault: 'length'`, `value` its length).
 *
 * `names`, when given, are the item names Rust has already read and checked (the `names`
 * that `packStrings` returned, primary then secondary: distinct, without `:`): a string
 * entry equal to one of them crosses as that item's number, so that options given by name
 * do not pay for their text twice. Any other string (a color `name:color`, a name that is
 * not an item) crosses as text, for Rust to read and, if need be, report.
 */
export function packLists(list, maxLength, primaryNames, secondaryNames) {
  const count = list.length;
  let index = null;
  if (primaryNames) {
    index = new Map();
    for (let i = 0; i < primaryNames.length; i++) index.set(primaryNames[i], i);
    for (let i = 0; i < secondaryNames.length; i++) index.set(secondaryNames[i], primaryNames.length + i);
  }
  const ends = new Uint32Array(count);
  const values = [];
  const kinds = [];
  const lengths = [];
  // Concatenated as it goes: V8 builds a rope, cheaper than an array and join('').
  let text = '';
  let k = 0;
  let j = -1;
  try {
    for (; k < count; k++) {
      const inner = list[k];
      j = -1;
      if (!Array.isArray(inner)) return fault('array', [k], inner);
      const length = inner.length;
      if (length > maxLength) return fault('length', [k], length);
      for (j = 0; j < length; j++) {
        const entry = inner[j];
        if (typeof entry === 'number') {
          values.push(entry);
          kinds.push(0);
        } else if (typeof entry === 'string') {
          const item = index?.get(entry);
          if (item !== undefined) {
            values.push(item);
            kinds.push(0);
            continue;
          }
          values.push(0);
          kinds.push(1);
          text += entry;
          lengths.push(entry.length);
        } else {
          return fault('entry', [k, j], entry);
        }
      }
      ends[k] = values.length;
    }
  } catch (thrown) {
    return fault('threw', j < 0 ? [k] : [k, j], thrown);
  }
  return {
    values: new Float64Array(values),
    kinds: new Uint8Array(kinds),
    ends,
    text,
    lengths: new Uint32Array(lengths),
  };
}

/**
 * Flattens `list` (an array of strings) into `{ text, lengths, names }`, or a fault as above
 * ('entry' for a value that is not a string); `names` holds the strings as read, once each.
 * With `bounds`, an entry may also be an object `{ name, min?, max? }` (a primary item with
 * multiplicities): then `bounded` lists those entries' positions and `mins` / `maxs` their
 * bounds as given (NaN where absent).
 */
export function packStrings(list, bounds) {
  const count = list.length;
  const lengths = new Uint32Array(count);
  const names = new Array(count);
  const bounded = [];
  const mins = [];
  const maxs = [];
  let text = '';
  let k = 0;
  try {
    for (; k < count; k++) {
      let entry = list[k];
      if (bounds && typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
        const { name, min, max } = entry;
        if (typeof name !== 'string') return fault('entry', [k], entry);
        bounded.push(k);
        mins.push(typeof min === 'number' ? min : min === undefined ? NaN : -1);
        maxs.push(typeof max === 'number' ? max : max === undefined ? NaN : -1);
        entry = name;
      }
      if (typeof entry !== 'string') return fault('entry', [k], entry);
      text += entry;
      lengths[k] = entry.length;
      names[k] = entry;
    }
  } catch (thrown) {
    return fault('threw', [k], thrown);
  }
  return {
    text,
    lengths,
    names,
    bounded: new Uint32Array(bounded),
    mins: new Float64Array(mins),
    maxs: new Float64Array(maxs),
  };
}

/** Cuts `flat` at `ends` into arrays of numbers: the solutions a search collected. */
function unpackLists(flat, ends) {
  const out = new Array(ends.length);
  let start = 0;
  for (let k = 0; k < ends.length; k++) {
    const end = ends[k];
    out[k] = Array.from(flat.subarray(start, end));
    start = end;
  }
  return out;
}

/**
 * The result of `exact_cover`, as one object of a fixed shape (built here, in one call,
 * rather than property by property from wasm): the solutions cut from `flat` at `ends`.
 */
export function exactCoverResult(flat, ends, count, complete, nodes, updates) {
  return { solutions: unpackLists(flat, ends), count, complete, stats: { nodes, updates } };
}
