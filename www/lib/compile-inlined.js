// A classic script, which scripts/build-pages.mjs inlines in each page of the site right after
// the main wasm module the page carries (`<script type="application/octet-stream"
// id="wasm-module">`, each byte a character whose code is the byte modulo 256: build-pages.mjs
// `wasmText`), so that the module compiles while the rest of the page arrives.
// `window.inlinedModule` is the promise of the compiled module, which lib/pool.js takes (once
// the document is parsed: the page's script runs before, while the module arrives).
window.inlinedModule = (() => {
  const text = document.getElementById('wasm-module').textContent;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const compiled = WebAssembly.compile(bytes);
  // An engine without SIMD refuses it: lib/pool.js then fetches the plain build, and the
  // refusal is not an unhandled rejection.
  compiled.catch(() => {});
  return compiled;
})();
