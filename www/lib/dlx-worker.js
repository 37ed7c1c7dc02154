// The dancing-links page's module worker: the package's main module (the exact-cover API).
import * as dlx from '../pkg/dlx_wasm.js';
// init loads the module's build for this engine (the SIMD one where it runs).
import { init } from '../pkg/load.js';
import { serve } from './worker.js';

serve(init, dlx);
