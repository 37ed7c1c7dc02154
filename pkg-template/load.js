// Which build of the main module to load. The package holds two: dlx_wasm_simd_bg.wasm,
// compiled for WebAssembly's 128-bit SIMD (`simd128`: every current browser and Node has
// it), and dlx_wasm_bg.wasm, without, for engines that lack it. Both are the same code under
// the same bindings (scripts/build.sh checks), so either serves dlx_wasm.js; the SIMD one
// runs the sudoku batch faster. An engine has SIMD when it accepts this module:
//   (module (func (result v128) (v128.const i32x4 0 0 0 0)))
import initModule from './dlx_wasm.js';

const PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** Whether this engine runs WebAssembly SIMD, so that the SIMD build is the one loaded. */
export const simd = WebAssembly.validate(PROBE);

/**
 * The URL of the main module's build for this engine. Each URL is written out as
 * `new URL('…', import.meta.url)`, the form bundlers follow to emit the file.
 */
export function wasmUrl() {
  return simd
    ? new URL('./dlx_wasm_simd_bg.wasm', import.meta.url)
    : new URL('./dlx_wasm_bg.wasm', import.meta.url);
}

/**
 * wasm-bindgen's `init`, loading by default the build for this engine ([`wasmUrl`]); given
 * a module, a URL or a response, it loads that. The package's default export, and what its
 * web workers and the pages' workers call.
 */
export function init(input) {
  return initModule(input ?? { module_or_path: wasmUrl() });
}
