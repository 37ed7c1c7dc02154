// A Node worker thread of the pool (pool.js, node.js): one instance of the main wasm module,
// instantiated synchronously from the module node.js compiled (`workerData.module`), or
// from the file beside it where none was given; and of the coach module, from the module
// node.js sends when this worker asks for it (its first coach call), or from its file where
// none was sent.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as wasm from './dlx_wasm.js';
import * as coach from './dlx_wasm_coach.js';
import { coachUrl, wasmUrl } from './load.js';
import { serve } from './worker-core.js';

wasm.initSync({ module: workerData?.module ?? readFileSync(wasmUrl()) });
serve(wasm, (message) => parentPort.postMessage(message), (handle) => parentPort.on('message', handle), {
  exports: coach,
  load: () => coach.initSync({ module: readFileSync(coachUrl()) }),
});
