/**
 * A table of constant facts made on first use: `get(key)` returns `make(key)`, made on the first
 * call for that key and the same object on every later one. `make` depends on the key alone (the
 * catalogs' facts of one network, say) and returns undefined for a key without facts, which is
 * not kept: the table never holds more entries than there are keys with facts, and what it holds
 * decides only when a fact is made, never what a call finds. So a module may keep one, the one
 * kind of module-level table the validators allow (test/validators/module-state.test.ts): a
 * process that validates one network's answers never builds the other networks' facts
 * (docs/decisions/cold-start.md).
 */
export class ConstantTable<K, V extends object> {
  readonly #made = new Map<K, V>();
  readonly #make: (key: K) => V | undefined;

  constructor(make: (key: K) => V | undefined) {
    this.#make = make;
  }

  /** The facts of `key`, made on the first call; undefined for a key without facts. */
  get(key: K): V | undefined {
    const made = this.#made.get(key);
    if (made !== undefined) return made;
    const value = this.#make(key);
    if (value !== undefined) this.#made.set(key, value);
    return value;
  }
}
