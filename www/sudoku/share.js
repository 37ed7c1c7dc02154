// The URL hash that holds a game: `#p=<puzzle line>&e=<entries line>&m=<pencil marks>`.
// Lines are in the engine's built-in alphabet ('.' for empty); marks are one base-36 bit
// mask per cell, joined by '.', left out when there are none. Only the format lives here:
// the puzzle itself is read and checked by the engine when the page loads it.

/** The hash for a game. */
export function encodeHash({ puzzle, entries, notes }) {
  const params = new URLSearchParams();
  params.set('p', puzzle);
  if (/[^.]/.test(entries)) params.set('e', entries);
  if (notes.some((mask) => mask !== 0)) {
    params.set('m', notes.map((mask) => (mask ? mask.toString(36) : '')).join('.'));
  }
  return `#${params.toString()}`;
}

/** `{ puzzle, entries?, notes? }` from a hash, or null if it holds no puzzle. */
export function decodeHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const puzzle = params.get('p');
  if (!puzzle) return null;
  const marks = params.get('m');
  return {
    puzzle,
    entries: params.get('e') ?? undefined,
    notes: marks ? marks.split('.').map((m) => (m ? parseInt(m, 36) || 0 : 0)) : undefined,
  };
}
