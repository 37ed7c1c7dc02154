// Replays a trace recorded by the engine (`exact_cover_trace`) one event at a time, keeping
// only what the page draws: which items are covered, which nodes are unlinked, the lengths,
// the options tried so far, the search tree and Knuth's two counters. No search happens here:
// every change comes from an event the engine recorded, in the order it recorded it.
//
// Counters follow the engine's definitions: `choose` and `solution` events are search-tree
// nodes; `cover` and `hide` events are link updates. Replaying a whole (untruncated) trace
// therefore ends with the engine's own `stats.nodes` and `stats.updates`.

import { grouped } from '../lib/numbers.js';

/** The key of the node where `option` meets `item`. */
export const nodeKey = (option, item) => `${option}:${item}`;

const count = (n, word) => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * Why a jump to step `step` (what the field holds, a number or NaN) of a trace of `length`
 * steps did not go there as asked, or null when it did.
 */
export function stepJumpNote(step, length) {
  if (!Number.isInteger(step) || step < 0) return `Steps are whole numbers from 0 to ${grouped(length)}: went to step 0.`;
  if (step > length) return `There is no step ${grouped(step)}: the trace has ${count(length, 'step')}, and this is the last.`;
  return null;
}

/**
 * Why a jump to the next option tried at `level` found none, or null when it found one
 * (`found`); `deepest` is the deepest level at which the trace tries an option (-1: none),
 * `truncated` whether the trace stops at the step limit.
 */
export function levelJumpNote(level, found, deepest, truncated) {
  if (found) return null;
  if (!Number.isInteger(level) || level < 0) return 'Levels are whole numbers from 0: nothing to jump to.';
  const within = truncated ? ' in the steps recorded' : '';
  if (deepest < 0) return `No option is tried at any level${within}: nothing to jump to.`;
  const search = truncated ? 'they go' : 'the search goes';
  return `No option is tried at level ${level}${within}: ${search} no deeper than level ${deepest}.`;
}

/** Whether a trace's problem gives some primary item bounds other than exactly once. */
export function hasBounds(trace) {
  return (trace.bounds ?? []).some(([min, max]) => min !== 1 || max !== 1);
}

/** Knuth's label for item bounds: `2:3`, or `2` when both are 2; '' for exactly once. */
export function boundsLabel([min, max]) {
  if (min === 1 && max === 1) return '';
  return min === max ? String(max) : `${min}:${max}`;
}

export class Player {
  /** @param {import('../pkg/dlx_wasm.js').ExactCoverTrace} trace */
  constructor(trace) {
    this.trace = trace;
    this.events = trace.events;
    const itemCount = trace.items.length;
    // Each item's list, top to bottom: the options that contain it, in input order.
    this.columns = Array.from({ length: itemCount }, () => []);
    trace.options.forEach((items, option) => {
      for (const item of items) this.columns[item].push(option);
    });
    this.reset();
  }

  /** Back to the matrix as built, before the first event. */
  reset() {
    const itemCount = this.trace.items.length;
    this.step = 0;
    this.covered = new Array(itemCount).fill(false);
    this.lengths = this.columns.map((column) => column.length);
    /** Unlinked nodes, each with the neighbours it still remembers: key -> { up, down }. */
    this.hidden = new Map();
    /** How many of each option's nodes are unlinked. */
    this.hiddenInOption = new Array(this.trace.options.length).fill(0);
    /** For each secondary item, the options whose colors it was purified to (a stack). */
    this.purified = Array.from({ length: itemCount }, () => []);
    /** The options tried at levels 0, 1, ...: the current partial solution. */
    this.partial = [];
    this.level = 0;
    this.nodes = 0;
    this.updates = 0;
    this.solutions = [];
    /** Search tree entries in the order they appeared; `parent` is an index or -1. */
    this.tree = [];
    this.chooseAt = []; // level -> tree index of the current choice
    this.tryAt = []; // level -> tree index of the option being tried
    this.last = null;
  }

  get done() {
    return this.step >= this.events.length;
  }

  /** Applies the next event; returns it, or null at the end. */
  forward() {
    if (this.done) return null;
    const event = this.events[this.step++];
    this.apply(event);
    this.last = event;
    return event;
  }

  /** Moves to just after `step` events: forward from here, or replayed from the start. */
  seek(step) {
    const target = Math.max(0, Math.min(step, this.events.length));
    if (target < this.step) this.reset();
    while (this.step < target) this.forward();
  }

  /** Runs forward to the next solution (inclusive) or the end; returns whether one was found. */
  toNextSolution() {
    while (!this.done) {
      if (this.forward().op === 'solution') return true;
    }
    return false;
  }

  /**
   * Runs to the next option tried at `level` (from the start again if there is none ahead);
   * returns whether one was found.
   */
  /** The deepest level at which the trace tries an option; -1 when it tries none. */
  deepestLevel() {
    return this.events.reduce((deepest, e) => (e.op === 'try' ? Math.max(deepest, e.level) : deepest), -1);
  }

  toLevel(level) {
    const at = (from) => this.events.findIndex((e, k) => k >= from && e.op === 'try' && e.level === level);
    let k = at(this.step);
    if (k < 0) k = at(0);
    if (k < 0) return false;
    this.seek(k + 1);
    return true;
  }

  addEntry(entry, parent) {
    this.tree.push({ ...entry, parent, state: 'open', solved: false });
    return this.tree.length - 1;
  }

  apply(event) {
    switch (event.op) {
      case 'choose': {
        this.nodes++;
        this.level = event.level;
        const length = event.lengths.find(([item]) => item === event.item)?.[1] ?? 0;
        const parent = event.level > 0 ? this.tryAt[event.level - 1] : -1;
        this.chooseAt[event.level] = this.addEntry(
          { kind: 'choose', level: event.level, item: event.item, length },
          parent,
        );
        break;
      }
      case 'cover':
        this.updates++;
        this.covered[event.item] = true;
        break;
      case 'uncover':
        this.covered[event.item] = false;
        break;
      case 'hide': {
        this.updates++;
        // The node keeps its own up and down links: the nearest linked neighbours now.
        const { up, down } = this.neighbours(event.option, event.item);
        this.hidden.set(nodeKey(event.option, event.item), { up, down });
        this.hiddenInOption[event.option]++;
        this.lengths[event.item]--;
        break;
      }
      case 'unhide':
        this.hidden.delete(nodeKey(event.option, event.item));
        this.hiddenInOption[event.option]--;
        this.lengths[event.item]++;
        break;
      case 'purify':
        this.purified[event.item].push(event.option);
        break;
      case 'unpurify':
        this.purified[event.item].pop();
        break;
      case 'try':
        this.level = event.level;
        this.partial.length = event.level;
        this.partial.push(event.option);
        this.tryAt[event.level] = this.addEntry(
          { kind: 'try', level: event.level, option: event.option },
          this.chooseAt[event.level],
        );
        break;
      case 'undo':
        this.partial.length = event.level;
        this.tree[this.tryAt[event.level]].state = 'closed';
        break;
      case 'solution': {
        this.nodes++;
        this.level = event.level;
        this.solutions.push(event.options);
        const parent = event.level > 0 ? this.tryAt[event.level - 1] : -1;
        const index = this.addEntry({ kind: 'solution', level: event.level }, parent);
        for (let k = index; k >= 0; k = this.tree[k].parent) this.tree[k].solved = true;
        break;
      }
      case 'backtrack': {
        this.level = event.level;
        const entry = this.tree[this.chooseAt[event.level]];
        entry.state = entry.length === 0 ? 'dead' : 'closed';
        break;
      }
      default:
        break;
    }
  }

  /** The nearest linked nodes above and below `option` in `item`'s list (-1: the header). */
  neighbours(option, item) {
    const column = this.columns[item];
    const at = column.indexOf(option);
    let up = -1;
    for (let k = at - 1; k >= 0; k--) {
      if (!this.hidden.has(nodeKey(column[k], item))) {
        up = column[k];
        break;
      }
    }
    let down = -1;
    for (let k = at + 1; k < column.length; k++) {
      if (!this.hidden.has(nodeKey(column[k], item))) {
        down = column[k];
        break;
      }
    }
    return { up, down };
  }

  /** The options still linked into `item`'s list, top to bottom. */
  linked(item) {
    return this.columns[item].filter((option) => !this.hidden.has(nodeKey(option, item)));
  }

  /** The active primary items, in list order (the ones MRV looks at). */
  activePrimary() {
    const active = [];
    for (let item = 0; item < this.trace.primaryCount; item++) {
      if (!this.covered[item]) active.push(item);
    }
    return active;
  }
}
