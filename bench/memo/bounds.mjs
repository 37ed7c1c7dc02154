// How much any memo keyed by the items left to cover could save on n queens and Langford
// pairs (issue 17): plain JS, no package. Each count is made twice in one fixed branching
// order, once searching every node and once counting each distinct subproblem once; the
// second's node count bounds what a memo in that order can save, whatever its cache costs.
// Compare the nodes with the plain MRV search's (README, "Counting with the memo cache").
//
//   node bench/memo/bounds.mjs [n queens, default 12] [n Langford, default 12]

/**
 * n queens row by row on bit masks: a subproblem is the row reached, the columns taken and
 * the diagonals taken where they cross the rows left (the items still to cover and the
 * secondary items still in play).
 */
function queens(n, memo) {
  const full = (1 << n) - 1;
  const seen = new Map();
  let nodes = 0;
  const go = (row, cols, ld, rd) => {
    nodes += 1;
    if (row === n) return 1;
    const key = `${row},${cols},${ld},${rd}`;
    if (memo && seen.has(key)) return seen.get(key);
    let count = 0;
    for (let free = full & ~(cols | ld | rd); free; free &= free - 1) {
      const bit = free & -free;
      count += go(row + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
    }
    if (memo) seen.set(key, count);
    return count;
  };
  return { count: go(0, 0, 0, 0), nodes, subproblems: seen.size };
}

/**
 * Langford pairs, the numbers from the largest down: a subproblem is the slots taken (the
 * numbers left are the ones below the number reached). Pairings and their reversals count.
 */
function langford(n, memo) {
  const slots = 2 * n;
  const seen = new Map();
  let nodes = 0;
  const go = (k, taken) => {
    nodes += 1;
    if (k === 0) return 1;
    const key = taken * 32 + k;
    if (memo && seen.has(key)) return seen.get(key);
    let count = 0;
    for (let p = 0; p + k + 1 < slots; p++) {
      const pair = (1 << p) | (1 << (p + k + 1));
      if ((taken & pair) === 0) count += go(k - 1, taken | pair);
    }
    if (memo) seen.set(key, count);
    return count;
  };
  return { count: go(n, 0), nodes, subproblems: seen.size };
}

/**
 * Langford pairs, the leftmost empty slot first (the in-order memo's choice with the slots
 * listed left to right): a subproblem is the numbers placed and the slots taken.
 */
function langfordSlots(n, memo) {
  const slots = 2 * n;
  const seen = new Map();
  let nodes = 0;
  const go = (used, taken) => {
    nodes += 1;
    if (used === (1 << n) - 1) return 1;
    const key = used * 2 ** slots + taken;
    if (memo && seen.has(key)) return seen.get(key);
    let p = 0;
    while (taken & (1 << p)) p += 1;
    let count = 0;
    for (let k = 1; k <= n; k++) {
      const q = p + k + 1;
      if (!(used & (1 << (k - 1))) && q < slots && !(taken & (1 << q))) {
        count += go(used | (1 << (k - 1)), taken | (1 << p) | (1 << q));
      }
    }
    if (memo) seen.set(key, count);
    return count;
  };
  return { count: go(0, 0), nodes, subproblems: seen.size };
}

const [q = 12, l = 12] = process.argv.slice(2).map(Number);
for (const [name, run] of [[`${q} queens, row by row`, () => [queens(q, false), queens(q, true)]],
  [`Langford pairs n=${l}, largest number first`, () => [langford(l, false), langford(l, true)]],
  [`Langford pairs n=${l}, leftmost slot first`, () => [langfordSlots(l, false), langfordSlots(l, true)]]]) {
  const [plain, memo] = run();
  if (plain.count !== memo.count) throw new Error(`${name}: ${plain.count} against ${memo.count}`);
  const f = (x) => x.toLocaleString('en');
  console.log(`${name}: ${f(plain.count)} solutions; ${f(plain.nodes)} nodes plain, ${f(memo.nodes)} with ` +
    `each of its ${f(memo.subproblems)} subproblems counted once (${(plain.nodes / memo.nodes).toFixed(2)}x fewer)`);
}
