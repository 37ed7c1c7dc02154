// The sudoku page's module worker: the main module (dlx-wasm), which has the sudoku exports.
import * as dlx from '../pkg/dlx_wasm.js';
// init loads the module's build for this engine (the SIMD one where it runs).
import { init } from '../pkg/load.js';
import { serve } from './worker.js';

serve(init, dlx);
