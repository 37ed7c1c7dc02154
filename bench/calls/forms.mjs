// The 8-queens problem (tests/data/q8.dlx) in every form `exact_cover` takes, for the scripts
// of this folder that time one call: Knuth's text, arrays of names, arrays of item numbers,
// the compact typed arrays.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const text = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');
const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('|'));
const [primary, secondary] = lines[0].split('|').map((part) => part.trim().split(/\s+/));
const names = { primary, secondary, options: lines.slice(1).map((l) => l.trim().split(/\s+/)) };
const all = [...primary, ...secondary];
const numbers = {
  primary: primary.length,
  secondary: secondary.length,
  options: names.options.map((o) => o.map((name) => all.indexOf(name))),
};
const offsets = new Uint32Array(numbers.options.length + 1);
numbers.options.forEach((o, k) => (offsets[k + 1] = offsets[k] + o.length));
const compact = { primary: numbers.primary, secondary: numbers.secondary, items: new Uint32Array(numbers.options.flat()), offsets };

/** The forms by name: `text`, `names`, `numbers`, `compact`. */
export const FORMS = { text, names, numbers, compact };
