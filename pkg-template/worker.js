// A module Web Worker of the pool (pool.js, index.js): one instance of the main wasm module
// (on the site, the page's own module, under the main module's bindings: www/lib/pool.js),
// and of the coach module once the pool sends it, before the first coach call.
// Created as `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`, the
// form Vite and webpack recognise and bundle. No top-level await, so that a bundler may
// also emit it as a classic script (Vite's default worker format).
//
// The pool's first message is `{ op: 'init', module }` (protocol.js): the module the page
// compiled once, so that no worker fetches or compiles it again. A worker sent anything else
// first loads the module itself.
import * as wasm from './dlx_wasm.js';
import { coachBindings, init } from './load.js';
import { encodeError, isCallable } from './protocol.js';
import { serve } from './worker-core.js';

// The coach module's bindings, imported with the pool's first coach message (`{ op: 'coach',
// module }`, sent before the first coach call), so that a worker never asked a coach export
// fetches none of it: in once `coach.exports` is no longer `noBindings`.
const noBindings = {};
const coach = { exports: noBindings };
// The coach module the pool sent while its bindings could not be imported: the pool sends it
// once, so the next call of no main export tries the import again (and hands it on if it
// succeeds), rather than every coach call failing for good.
let unimported = null;
/** The message whose import of the coach's bindings was tried last. */
let tried = null;

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
    // The coach module sent, or (where its import failed) a call that may be of a coach
    // export, not tried yet (a call whose try failed fails with the reason).
    const module = message?.op === 'coach' ? message.module
      : message?.op === 'call' && message !== tried && !isCallable(wasm, message.name) ? unimported : null;
    if (module && coach.exports === noBindings) {
      tried = message;
      waiting = true;
      coachBindings().then(
        (bindings) => {
          coach.exports = bindings;
          unimported = null;
          if (message.op === 'call') queue.unshift({ op: 'coach', module });
        },
        (error) => {
          // The coach message then carries why, for the calls that follow.
          unimported = module;
          const failed = { op: 'coach', error: encodeError(error) };
          if (message.op === 'call') queue.unshift(failed);
          else queue[0] = failed;
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
