// A module Web Worker of the pool (pool.js, index.js): one instance of the main wasm module
// (on the site, the page's own module, under the main module's bindings: www/lib/pool.js),
// and of the coach module once the pool sends it, asked at the worker's first coach call.
// Created as `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`, the
// form Vite and webpack recognise and bundle. No top-level await, so that a bundler may
// also emit it as a classic script (Vite's default worker format).
//
// The pool's first message is `{ op: 'init', module }` (protocol.js): the module the page
// compiled once, so that no worker fetches or compiles it again. A worker sent anything else
// first loads the module itself.
import * as wasm from './dlx_wasm.js';
import { coachBindings, init } from './load.js';
import { encodeError } from './protocol.js';
import { serve } from './worker-core.js';

// The coach module's bindings, imported with the pool's coach message (`{ op: 'coach',
// module }`, its answer to this worker's ask at its first coach call), so that a worker never
// asked a coach export fetches none of it: in once `coach.exports` is no longer `noBindings`.
// Where the import fails, the message carries why instead (the held call fails with it); the
// worker's next coach call asks again, and the pool's next coach message tries again.
const noBindings = {};
const coach = { exports: noBindings };

// Messages that arrive while the module is instantiated, or the coach's bindings imported,
// wait for it, in order.
const queue = [];
let started = false;
let waiting = true;
let handle = null;
self.onmessage = (event) => {
  const message = event.data;
  if (!started) start(message?.op === 'init' ? message.module : undefined);
  if (message?.op === 'init') return;
  queue.push(message);
  drain();
};

/** Hands the queued messages on, stopping at a coach module whose bindings are not yet in. */
function drain() {
  while (!waiting && queue.length > 0) {
    const message = queue[0];
    if (message?.op === 'coach' && message.module && coach.exports === noBindings) {
      waiting = true;
      coachBindings().then(
        (bindings) => {
          coach.exports = bindings;
        },
        (error) => {
          queue[0] = { op: 'coach', error: encodeError(error) };
        },
      ).finally(() => {
        waiting = false;
        drain();
      });
      return;
    }
    queue.shift();
    handle(message);
  }
}

function start(module) {
  started = true;
  init(module).then(
    () => serve(wasm, (message) => self.postMessage(message), (handler) => {
      handle = handler;
      waiting = false;
      drain();
    }, coach),
    (error) => {
      // Every request, queued or to come, fails with the reason.
      const fail = (message) => message?.id && self.postMessage({ id: message.id, error: encodeError(error) });
      for (const message of queue.splice(0)) fail(message);
      self.onmessage = (event) => event.data?.op !== 'init' && fail(event.data);
    },
  );
}
