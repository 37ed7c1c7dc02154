// The search tree as it grows, as nested lists: each choice of an item (with how many options
// it had), under it each option tried, and the solutions and dead ends they led to. Synced
// from a Player's `tree` after every step; only the entries that changed are touched.

export class TreeView {
  /**
   * @param {HTMLElement} container a scrollable box
   * @param {import('./player.js').Player} player
   */
  constructor(container, player) {
    this.container = container;
    this.player = player;
    const { items, optionLines } = player.trace;
    this.items = items;
    this.optionLines = optionLines;
    this.root = document.createElement('ul');
    this.root.className = 'tree';
    this.entries = []; // { li, label, list, shown }
    container.replaceChildren(this.root);
  }

  label(entry) {
    switch (entry.kind) {
      case 'choose': {
        const name = this.items[entry.item];
        if (entry.length === 0) return `${name}: 0 options, dead end`;
        return `${name}: ${entry.length} option${entry.length === 1 ? '' : 's'}`;
      }
      case 'try':
        return `try ${entry.option}: ${this.optionLines[entry.option]}`;
      default:
        return 'solution';
    }
  }

  update(event) {
    const { tree, chooseAt, tryAt } = this.player;
    // Entries only ever get appended, so a step back removes the newest ones.
    while (this.entries.length > tree.length) this.entries.pop().li.remove();
    while (this.entries.length < tree.length) {
      const entry = tree[this.entries.length];
      const li = document.createElement('li');
      const label = document.createElement('span');
      label.className = `entry ${entry.kind}`;
      label.textContent = this.label(entry);
      li.append(label);
      const parent = entry.parent < 0 ? null : this.entries[entry.parent];
      let list = this.root;
      if (parent) {
        if (!parent.list) {
          parent.list = document.createElement('ul');
          parent.li.append(parent.list);
        }
        list = parent.list;
      }
      list.append(li);
      this.entries.push({ li, label, list: null, shown: '' });
    }

    let current = -1;
    if (event) {
      if (event.op === 'choose' || event.op === 'try' || event.op === 'solution') current = tree.length - 1;
      else if (event.op === 'undo') current = tryAt[event.level];
      else if (event.op === 'backtrack') current = chooseAt[event.level];
    }
    tree.forEach((entry, k) => {
      const view = this.entries[k];
      // Classes: kind, open (on the current path), dead end, on the way to a solution.
      let state = `entry ${entry.kind}`;
      if (entry.kind !== 'solution' && entry.state === 'open') state += ' open';
      if (entry.state === 'dead') state += ' dead';
      if (entry.solved) state += ' solved';
      if (k === current) state += ' current';
      if (state !== view.shown) {
        view.label.className = state;
        view.shown = state;
      }
    });
    if (current >= 0) this.reveal(this.entries[current].label);
  }

  /** Scrolls the tree box (only it, never the page) so that `label` is visible. */
  reveal(label) {
    const box = this.container;
    const top = label.offsetTop;
    const bottom = top + label.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top - 8;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 8;
  }
}
