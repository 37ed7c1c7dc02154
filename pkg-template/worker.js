// A module Web Worker of the pool (pool.js, index.js): one instance of the main wasm module
// (and of the coach module once the pool sends it, before the first coach call).
// Created as `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`, the
// form Vite and webpack recognise and bundle. No top-level await, so that a bundler may
// also emit it as a classic script (Vite's default worker format).
//
// The pool's first message is `{ op: 'init', module }` (protocol.js): the module the page
// compiled once, so that no worker fetches or compiles it again. A worker sent anything else
// first loads the module itself.
import * as wasm from './dlx_wasm.js';
import * as coach from './dlx_wasm_coach.js';
import { init } from './load.js';
import { encodeError } from './protocol.js';
import { serve } from './worker-core.js';

// Messages that arrive while the module is instantiated wait for it.
const queue = [];
let started = false;
let listener = (message) => {
  if (!started) start(message?.op === 'init' ? message.module : undefined);
  if (message?.op !== 'init') queue.push(message);
};
self.onmessage = (event) => listener(event.data);

function start(module) {
  started = true;
  init(module).then(
    () => serve(wasm, (message) => self.postMessage(message), (handle) => {
      listener = (message) => message?.op !== 'init' && handle(message);
      for (const message of queue.splice(0)) handle(message);
    }, { exports: coach }),
    (error) => {
      // Every request, queued or to come, fails with the reason.
      const fail = (message) => message?.id && self.postMessage({ id: message.id, error: encodeError(error) });
      listener = fail;
      for (const message of queue.splice(0)) fail(message);
    },
  );
}
