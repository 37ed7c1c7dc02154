// A Node worker thread of the pool (pool.js, node.js): one instance of the main wasm module,
// loaded synchronously from the file beside it.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import * as wasm from './dlx_wasm.js';
import { wasmUrl } from './load.js';
import { serve } from './worker-core.js';

wasm.initSync({ module: readFileSync(wasmUrl()) });
serve(wasm, (message) => parentPort.postMessage(message), (handle) => parentPort.on('message', handle));
