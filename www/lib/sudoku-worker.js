// The sudoku page's module worker: the main module (dlx-wasm), which has the sudoku exports.
import init, * as dlx from '../pkg/dlx_wasm.js';
import { serve } from './worker.js';

serve(init, dlx);
