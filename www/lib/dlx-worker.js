// The dancing-links page's module worker: the package's main module (the exact-cover API).
import init, * as dlx from '../pkg/dlx_wasm.js';
import { serve } from './worker.js';

serve(init, dlx);
