// A module Web Worker of the pool (pool.js, index.js): one instance of the main wasm module.
// Created as `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`, the
// form Vite and webpack recognise and bundle. No top-level await, so that a bundler may
// also emit it as a classic script (Vite's default worker format).
import * as wasm from './dlx_wasm.js';
import { init } from './load.js';
import { serve } from './worker-core.js';

// Messages that arrive while the module compiles wait for it.
const queue = [];
let listener = (message) => queue.push(message);
self.onmessage = (event) => listener(event.data);

init().then(() => {
  serve(wasm, (message) => self.postMessage(message), (handle) => {
    listener = handle;
    for (const message of queue.splice(0)) handle(message);
  });
});
