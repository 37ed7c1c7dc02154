// www/lib/numbers.js: the pages' numbers, checked against what Intl writes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { grouped } from '../../www/lib/numbers.js';

test('grouped writes whole numbers as toLocaleString("en-US") does', () => {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12345, 999999, 1000000, 1234567, -1, -999, -1000, -1234567,
    2 ** 31, 2 ** 32 - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  // Random whole numbers of every length to 2^53.
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let k = 0; k < 2000; k++) values.push(Math.floor(random() * 10 ** (1 + (k % 16))));
  for (const n of values) {
    assert.equal(grouped(n), n.toLocaleString('en-US'), String(n));
    assert.equal(grouped(String(n)), n.toLocaleString('en-US'), `'${n}'`);
    assert.equal(grouped(BigInt(n)), BigInt(n).toLocaleString('en-US'), `${n}n`);
  }
  // BigInts past 2^53 keep every digit; numbers past it and fractions are Intl's.
  for (const n of [2n ** 64n - 1n, 10n ** 30n, -(10n ** 25n) - 7n]) assert.equal(grouped(n), n.toLocaleString('en-US'));
  for (const n of [2 ** 60, 1e21, 1234.5, 0.25, -0.5]) assert.equal(grouped(n), n.toLocaleString('en-US'));
  assert.equal(grouped(1234567), '1,234,567');
});
