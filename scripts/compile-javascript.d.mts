/** Declarations of compile-javascript.mjs (plain JavaScript, so that it runs without a TypeScript loader). */

/** The project root. */
export declare const root: string;

/** Entry points shipped as one bundled file each (source module -> its place in the output). */
export declare const BUNDLED_ENTRIES: Readonly<Record<string, string>>;

/** The TypeScript modules compiled: all of src/ and generated/ but the docs site's sources. */
export declare function sourceModules(): string[];

/** Transpiles every module into `outdir`, copies the precompiled validators, bundles the bundled entries; returns the modules. */
export declare function compileJavaScript(outdir: string): Promise<string[]>;

/** Entry points whose CommonJS file exports one function as `module.exports` (a tsserver plugin). */
export declare const FACTORY_ENTRIES: Readonly<Record<string, { from: string; name: string }>>;
