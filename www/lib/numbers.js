// Numbers as both pages write them.

/**
 * `n` (a whole number: a Number, a BigInt or a string of digits) with its thousands
 * separated by commas ("1,234,567"), as `toLocaleString('en-US')` writes it, but without
 * Intl: a page's first call of that loads the locale's data, 36 ms of the main thread here
 * (144 ms at the cold-start bench's 4x CPU throttling: a page's first count or solve
 * waited for it). Anything else (a fraction, a number past 2^53) is `toLocaleString`'s.
 * @param {number | bigint | string} n
 */
export function grouped(n) {
  const whole = typeof n === 'bigint' ? n : Number(n);
  if (typeof whole === 'number' && !Number.isSafeInteger(whole)) return whole.toLocaleString('en-US');
  const digits = String(whole < 0 ? -whole : whole);
  let text = digits.slice(0, digits.length % 3 || 3);
  for (let at = text.length; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return whole < 0 ? `-${text}` : text;
}
