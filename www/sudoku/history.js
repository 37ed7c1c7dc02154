// Undo and redo over snapshots of what the player changes: entries and pencil marks.

const LIMIT = 500;

export class History {
  constructor() {
    this.clear();
  }

  clear() {
    this.past = [];
    this.future = [];
  }

  /** Remembers `snapshot` (the state before a change); forgets what was undone. */
  push(snapshot) {
    this.past.push(snapshot);
    if (this.past.length > LIMIT) this.past.shift();
    this.future = [];
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /** The snapshot to go back to, given the `current` one; undefined if none. */
  undo(current) {
    if (!this.past.length) return undefined;
    this.future.push(current);
    return this.past.pop();
  }

  redo(current) {
    if (!this.future.length) return undefined;
    this.past.push(current);
    return this.future.pop();
  }
}
