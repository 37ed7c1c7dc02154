// The sudoku page's module worker: the module with the sudoku exports (dlx-wasm/sudoku).
import init, * as dlx from '../pkg/dlx_wasm_sudoku.js';
import { serve } from './worker.js';

serve(init, dlx);
