// The dancing-links page's address and storage: `#example=<id>` for an example as it is, or
// `#problem=<text>` for a problem of your own, so a link reopens it; the last problem of your
// own is also kept in localStorage, and one too long for a link is `#kept=<its hash>`: the
// address reopens it in this browser while the browser keeps it (the last one edited).
// Plain functions; the page wires them.

/** Texts longer than this stay out of the address (in storage only). */
export const MAX_LINK_TEXT = 6000;
export const STORAGE_KEY = 'dlx-wasm.dlx.problem';

/** The hash for an example, a text, or a text kept in this browser (`kept`: its `textHash`). */
export function encodeHash({ example, text, kept }) {
  const params = new URLSearchParams();
  if (example) params.set('example', example);
  else if (kept != null) params.set('kept', kept);
  else if (text != null) params.set('problem', text);
  return `#${params.toString()}`;
}

/** `{ example }`, `{ text }`, `{ kept }` (a `textHash`) or null from a hash. */
export function decodeHash(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  if (params.has('problem')) return { text: params.get('problem') };
  if (params.get('example')) return { example: params.get('example') };
  if (params.has('kept')) return { kept: params.get('kept') };
  return null;
}

/** A text's hash for its `#kept=` address: FNV-1a (32 bits) of its UTF-16 code units, in hex. */
export function textHash(text) {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The solutions as text: each solution's option numbers, then its option lines. */
export function solutionsText(solutions, optionLines) {
  return solutions
    .map((options, k) => [`Solution ${k + 1}: options ${options.join(', ')}`, ...options.map((o) => `  ${o}: ${optionLines[o]}`)].join('\n'))
    .join('\n\n') + '\n';
}
