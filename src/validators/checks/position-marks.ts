/**
 * Marks on small integer positions (a metric's place in its catalog) for one pass over a list:
 * "seen before?" without a set per call. A pass number stamps the marks, so starting a pass
 * clears nothing. Validation is synchronous: one pass runs at a time per instance.
 */
export class PositionMarks {
  private stamps = new Uint32Array(128);
  private pass = 0;

  /** Starts a pass over positions below `size`. */
  start(size: number): void {
    if (size > this.stamps.length) this.stamps = new Uint32Array(Math.max(size, this.stamps.length * 2));
    if (++this.pass === 0xffffffff) {
      this.stamps.fill(0);
      this.pass = 1;
    }
  }

  /** Marks `position`; true when this pass had marked it already. */
  mark(position: number): boolean {
    if (this.stamps[position] === this.pass) return true;
    this.stamps[position] = this.pass;
    return false;
  }
}
