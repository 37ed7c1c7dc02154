// The dancing-links page's module worker: the package's main module (the exact-cover API).
import init, * as dlx from '../pkg/dlx_wasm.js';
import { wasmUrl } from '../pkg/load.js';
import { serve } from './worker.js';

// The module's build for this engine (the SIMD one where it runs).
serve(() => init({ module_or_path: wasmUrl() }), dlx);
