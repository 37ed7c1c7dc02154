// How much any memo keyed by the items left to cover could save on n queens and Langford
// pairs (issue 17): plain JS, no package. Each count is made twice in one fixed branching
// order, once searching every node and once counting each distinct subproblem once; the
// second's node count bounds what a memo in that order can save, whatever its cache costs.
// Compare the nodes with the plain MRV search's (README, "Counting with the memo cache").
//
//   node bench/memo/bounds.mjs [n queens, default 12] [n Langford, default 12]

/**
 * The search's bookkeeping: every node visited is tallied; a node that is not a leaf is
 * counted by `children()` or, with `memo`, looked up by `key` first and kept after.
 */
function searcher(memo) {
  const seen = new Map();
  const search = {
    nodes: 0,
    visit(leaf, key, children) {
      search.nodes += 1;
      if (leaf) return 1;
      if (memo && seen.has(key)) return seen.get(key);
      const count = children();
      if (memo) seen.set(key, count);
      return count;
    },
    result(count) {
      return { count, nodes: search.nodes, subproblems: seen.size };
    },
  };
  return search;
}

/**
 * n queens row by row on bit masks: a subproblem is the row reached, the columns taken and
 * the diagonals taken where they cross the rows left (the items still to cover and the
 * secondary items still in play).
 */
function queens(n, memo) {
  const full = (1 << n) - 1;
  const search = searcher(memo);
  const go = (row, cols, ld, rd) => search.visit(row === n, `${row},${cols},${ld},${rd}`, () => {
    let count = 0;
    for (let free = full & ~(cols | ld | rd); free; free &= free - 1) {
      const bit = free & -free;
      count += go(row + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
    }
    return count;
  });
  return search.result(go(0, 0, 0, 0));
}

/**
 * Langford pairs, the numbers from the largest down: a subproblem is the slots taken (the
 * numbers left are the ones below the number reached). Pairings and their reversals count.
 */
function langford(n, memo) {
  const slots = 2 * n;
  const search = searcher(memo);
  const go = (k, taken) => search.visit(k === 0, taken * 32 + k, () => {
    let count = 0;
    for (let p = 0; p + k + 1 < slots; p++) {
      const pair = (1 << p) | (1 << (p + k + 1));
      if ((taken & pair) === 0) count += go(k - 1, taken | pair);
    }
    return count;
  });
  return search.result(go(n, 0));
}

/**
 * Langford pairs, the leftmost empty slot first (the in-order memo's choice with the slots
 * listed left to right): a subproblem is the numbers placed and the slots taken.
 */
function langfordSlots(n, memo) {
  const slots = 2 * n;
  const search = searcher(memo);
  const go = (used, taken) => search.visit(used === (1 << n) - 1, used * 2 ** slots + taken, () => {
    let p = 0;
    while (taken & (1 << p)) p += 1;
    let count = 0;
    for (let k = 1; k <= n; k++) {
      const q = p + k + 1;
      if (!(used & (1 << (k - 1))) && q < slots && !(taken & (1 << q))) {
        count += go(used | (1 << (k - 1)), taken | (1 << p) | (1 << q));
      }
    }
    return count;
  });
  return search.result(go(0, 0));
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
