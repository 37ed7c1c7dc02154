// A classic script, which scripts/build-pages.mjs inlines in each page of the site after the
// first piece of the wasm module the page carries (after each other piece, a call of the
// function it makes: build-pages.mjs `PIECE_CALL`) (`<script type="application/octet-stream"
// data-wasm>` blocks, the first with id="wasm-module", the last marked `data-last`; each byte
// a character whose code is the byte modulo 256, a few pairs swapped: build-pages.mjs
// `wasmText`), so that the module compiles while the rest of it arrives: each run hands the
// piece just before it to one streaming compilation (`WebAssembly.compileStreaming` of a
// stream this script fills), which has the module compiled soon after its last piece is in,
// not a compilation's time after. `window.inlinedModule` is the promise of the compiled
// module, which the page's script takes as soon as it is made (an `inlinedmodule` event on
// the window: the page's script runs before, while the module arrives;
// lib/inlined-module.js). The function that reads a piece is made once
// (`window.inlinedPiece`) and run for each, so that the engine compiles its loop once rather
// than interpreting a new one each time (5-12 ms a piece of 16 KB at 4x CPU throttling), and
// this script once (about 1 ms a piece).
(window.inlinedPiece ??= (() => {
  let stream = null;
  // The compilation starts. (An engine without streaming compilation rejects, as one without
  // SIMD refuses the module: lib/pool.js then fetches the plain build, and the refusal is not
  // an unhandled rejection.)
  window.inlinedModule = new Promise((resolve) => {
    const body = new ReadableStream({ start: (controller) => { stream = controller; } });
    resolve(WebAssembly.compileStreaming(new Response(body, { headers: { 'Content-Type': 'application/wasm' } })));
  });
  window.inlinedModule.catch(() => {});
  // (For the page's script, run before, which takes the promise at once: lib/inlined-module.js.)
  window.dispatchEvent(new Event('inlinedmodule'));
  // Each character's byte: its code modulo 256, but the pairs the first piece names
  // (`data-swaps`: build-pages.mjs `byteSwaps`) swapped back.
  const byte = new Uint8Array(256).map((_, b) => b);
  const swaps = (document.currentScript.previousElementSibling.dataset.swaps ?? '').split(' ').filter(Boolean).map(Number);
  for (let k = 0; k + 1 < swaps.length; k += 2) [byte[swaps[k]], byte[swaps[k + 1]]] = [swaps[k + 1], swaps[k]];
  return (piece) => {
    const text = piece.textContent;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = byte[text.charCodeAt(i) & 255];
    stream?.enqueue(bytes);
    if ('last' in piece.dataset) stream?.close();
  };
})())(document.currentScript.previousElementSibling);
