// The game clock: when the current run of the timer began. The time played is part of the
// game (`elapsed`, see game.js); the clock only adds the current run to it. `now` is
// injectable so the clock is unit-tested in Node.
import { addTime } from './game.js';

export class Clock {
  constructor(now = () => performance.now()) {
    this.now = now;
    /** When the current run began, or null when the clock is stopped. */
    this.since = null;
  }

  get running() {
    return this.since !== null;
  }

  start() {
    if (this.since === null) this.since = this.now();
  }

  /** `game` with the current run added, without changing the clock. */
  peek(game) {
    return this.since === null ? game : addTime(game, this.now() - this.since);
  }

  /** `game` with the current run added; the run goes on from now. */
  take(game) {
    if (this.since === null) return game;
    const now = this.now();
    const taken = addTime(game, now - this.since);
    this.since = now;
    return taken;
  }

  /** `game` with the current run added; the clock stops. */
  stop(game) {
    const taken = this.take(game);
    this.since = null;
    return taken;
  }
}
