/**
 * The member names of the last object of one body that passed a request-aware member check, in
 * order, and the allowed set it was judged against. Objects of one body list their members alike,
 * so a later object listing the same names against the same set passes by string comparisons,
 * without a lookup per member. A verdict depends only on the names and the set, both compared
 * exactly. One instance per validation: a check creates it and drops it when it returns.
 */
export class PassedMembers {
  private readonly names: string[] = [];
  /** How many names the last passed object had; -1 when none passed yet. */
  private count = -1;
  private judgedAgainst: unknown;

  /** Whether `object` lists exactly the names of the last passed object, judged against `allowed`. */
  same(object: Record<string, unknown>, allowed: unknown): boolean {
    if (this.count < 0 || allowed !== this.judgedAgainst) return false;
    const { names, count } = this;
    let at = 0;
    for (const key in object) {
      if (at === count || key !== names[at]) return false;
      at++;
    }
    return at === count;
  }

  /** Remembers `object`'s names as passed against `allowed`. */
  passed(object: Record<string, unknown>, allowed: unknown): void {
    this.judgedAgainst = allowed;
    let at = 0;
    for (const key in object) this.names[at++] = key;
    this.count = at;
  }
}
