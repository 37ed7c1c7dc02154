// The examples menu: static problem files in examples/, each with its known number of
// solutions (checked with the `dlx` command-line tool, and again by the page's tests).

export const EXAMPLES = [
  {
    id: 'knuth',
    title: "Knuth's 7-item example",
    count: 1,
    about: 'The example from Knuth’s paper: 5 primary items, 2 secondary, 6 options.',
  },
  {
    id: 'sudoku-4x4',
    title: '4x4 sudoku',
    count: 1,
    about: 'A 4x4 sudoku with four clues, one option per cell and digit: 64 items, 52 options (too big to draw: the next example is small enough).',
  },
  {
    id: 'sudoku-mini',
    title: '4x4 sudoku, small enough to draw',
    count: 1,
    about:
      'A 4x4 sudoku with 8 empty cells, in Knuth’s sudoku-dlx style (items only for what is missing): 32 items, 14 options, small enough to watch.',
  },
  {
    id: 'queens-6',
    title: '6 queens',
    count: 4,
    about: 'Six non-attacking queens; the diagonals are secondary items (used at most once).',
  },
  {
    id: 'pentominoes-3x5',
    title: 'L, N and V pentominoes in a 3x5 box',
    count: 4,
    about: 'A small polyomino tiling: one item per piece and per cell, one option per placement.',
  },
  {
    id: 'colors',
    title: 'Colored secondary items',
    count: 1,
    about: 'Knuth’s example of colors: options may share a secondary item if they agree on its color.',
  },
  {
    id: 'multiplicities',
    title: 'Multiplicities (Knuth’s DLX3 example)',
    count: 1,
    about:
      'Algorithm M: “2:3|C” says C must be covered two or three times; A and B once. With colored secondary items X and Y.',
  },
  {
    id: 'round-robin',
    title: 'Six players, two games each',
    count: 70,
    about:
      'Each player item is “2|name”: covered exactly twice. An option is a game between two players; the 70 solutions are the 2-regular graphs on six vertices (60 hexagons, 10 pairs of triangles).',
  },
  {
    id: 'queens-12',
    title: '12 queens',
    count: 14200,
    about: 'A larger search: 66 items, 144 options, 14,200 solutions.',
  },
  {
    id: 'pentominoes-3x20',
    title: 'Twelve pentominoes in a 3x20 box',
    count: 8,
    about: 'The classic 3x20 box: 72 items, 1,236 options; 2 tilings, each with its mirror images.',
  },
  {
    id: 'pentominoes-6x10',
    title: 'Twelve pentominoes in a 6x10 box (long)',
    count: 9356,
    about: 'Counting all 9,356 is the longest count here (about a second on two cores of a desktop computer): watch the progress bar, or Cancel.',
  },
];

/** Where an example's text lives, relative to the page. */
export const exampleUrl = (example) => `dlx/examples/${example.id}.dlx`;
