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

let compiling = null;

/**
 * The main module's build for this engine, fetched and compiled once (streaming where the
 * server sends `application/wasm`): `init()` instantiates it, and the worker pool hands the
 * same compiled module to each of its workers, so that none fetches or compiles it again.
 * @returns {Promise<WebAssembly.Module>}
 */
export function compiledModule() {
  compiling ??= compile(wasmUrl()).catch((error) => {
    compiling = null;
    throw error;
  });
  return compiling;
}

async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching ${url} failed: ${response.status} ${response.statusText}`);
  if (typeof WebAssembly.compileStreaming === 'function'
    && response.headers.get('Content-Type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

let ready = false;

/** Whether the module is instantiated (the package's exports check it: `not_initialized`). */
export function initialized() {
  return ready;
}

/**
 * wasm-bindgen's `init`, loading by default the build for this engine ([`compiledModule`]);
 * given a compiled module, a URL or a response, it loads that. The package's default
 * export, and what its web workers and the pages' workers call.
 */
export async function init(input) {
  const source = input ?? await compiledModule();
  const exports = await initModule(source instanceof WebAssembly.Module || input === undefined
    ? { module_or_path: source }
    : input);
  ready = true;
  return exports;
}

/** Marks the module instantiated where it was synchronously (the Node entry's `initSync`). */
export function markInitialized() {
  ready = true;
}
