// What wasm-bindgen cannot declare in Rust, for its classes: the iterator protocol of
// ExactCoverSolver (its `next()` returns `{ value, done }`: the solver is its own iterator, so
// `for (const solution of solver)` walks the remaining solutions), and what a freed object
// does. Each browser entry (index.js, core.js) applies them to its module's classes.
export function makeIterable(ExactCoverSolver) {
  ExactCoverSolver.prototype[Symbol.iterator] = function iterator() {
    return this;
  };
}

/**
 * Makes the freed objects of each class say so: `free()` (and `[Symbol.dispose]()`) again does
 * nothing, and any other method or getter throws an Error with code `freed`. wasm-bindgen's own
 * code would hand wasm a null pointer: an Error with no code, and the arguments already handed
 * over never released.
 */
export function guardFreed(...classes) {
  for (const Class of classes) {
    const proto = Class.prototype;
    const name = Class.name;
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || key === '__destroy_into_raw') continue;
      const property = Object.getOwnPropertyDescriptor(proto, key);
      const { value, get } = property;
      if (key === 'free' || key === Symbol.dispose) {
        property.value = function free() {
          if (this.__wbg_ptr) value.call(this);
        };
      } else if (typeof value === 'function') {
        property.value = function method(...args) {
          live(this, name, key);
          return value.apply(this, args);
        };
      } else if (get) {
        property.get = function getter() {
          live(this, name, key);
          return get.call(this);
        };
      } else {
        continue;
      }
      Object.defineProperty(proto, key, property);
    }
  }
}

/** Throws the `freed` Error when `object` (of class `name`) was freed. */
function live(object, name, key) {
  if (!object?.__wbg_ptr) {
    const error = new Error(`${name}.${String(key)}: this ${name} was freed (free() was called)`);
    throw Object.assign(error, { code: 'freed' });
  }
}
