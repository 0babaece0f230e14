/**
 * `instanceof` across the package's two builds. Node.js can load both the ES module build (an
 * `import`) and the CommonJS build (a `require()`) of the package in one program: each then has
 * its own copy of every class, and an error thrown by one copy would fail `instanceof` with the
 * other's class. The public error classes therefore carry a brand, a global symbol
 * (`Symbol.for`) on their prototype that both copies share, and `instanceof` on the class itself
 * reads the brand; on a subclass it works as usual. Modules keep no other state that a second
 * copy could split (docs/architecture.md, "The package as users get it").
 */

/** Makes `value instanceof cls` true for an instance of `cls` made by either build of the package. */
export function shareInstanceof(cls: abstract new (...args: never[]) => object, name: string): void {
  const brand = Symbol.for(`social-analytics-api.${name}`);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, value: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, value);
      return (typeof value === 'object' || typeof value === 'function') && value !== null && brand in value;
    },
  });
}
