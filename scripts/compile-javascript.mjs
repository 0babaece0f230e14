/**
 * The JavaScript half of `npm run compile` (scripts/compile.mjs), also used by the benchmarks to
 * build the package's modules as installed into a temporary directory. It builds the package
 * twice, from the same sources, in one layout:
 *   - ES modules (`.js`, the `import` condition of package.json): esbuild transpiles each
 *     TypeScript module of src/ and generated/ on its own (no bundling: dist keeps one file per
 *     module, as the package's entry points and `sideEffects` expect);
 *   - CommonJS (`.cjs` beside each `.js`, the `require` condition): the modules that the entry
 *     points of `exports` reach, each its own file too, their relative imports pointing to the
 *     `.cjs` files, dynamic `import()` made `require()` (jest's CommonJS loader has no
 *     `import()`), `import.meta.url` made the file's URL;
 *   - the `./validators` entry is one bundled file in each format (index.js, index.cjs): importing
 *     it reads one file instead of ~25, and the per-operation validator modules inside it (the
 *     precompiled validators of generated/validators, CommonJS as generated) stay lazily
 *     evaluated (each runs on its operation's first validation). Its declarations stay one per
 *     module (tsc), so its types are unchanged. The modules only that bundle uses (the
 *     validators' runtime, the precompiled validators) get no file of their own: what the other
 *     entry points of package.json (exports, bin) reach is found by bundling them for a metafile;
 *   - `./vitest` has a CommonJS file that hands over to its ES module (HANDED_OVER below).
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Entry points shipped as one bundled file each (source module -> its ES module in the output; its CommonJS file ends in .cjs). */
export const BUNDLED_ENTRIES = { 'src/validators/index.ts': 'src/validators/index.js' };

/**
 * Entry points whose CommonJS file only `require()`s their ES module (Node.js 20.19 or later):
 * `./vitest` imports vitest, which loads as an ES module only (its own `require` entry throws),
 * so a CommonJS copy of it could never run; the handover keeps `require('social-analytics-api/vitest')`
 * working where vitest itself can be imported.
 */
export const HANDED_OVER = { 'src/vitest.ts': { name: 'social-analytics-api/vitest', instead: 'social-analytics-api/jest' } };

/**
 * Entry points whose CommonJS file exports one function as `module.exports`, as tsserver requires
 * of a language-service plugin (it calls the required module itself): source module -> the module
 * beside it and the export that is the function. Their `.d.cts` says so (`export =`,
 * scripts/compile.mjs).
 */
export const FACTORY_ENTRIES = { 'src/ts-plugin/index.ts': { from: './plugin', name: 'tsPlugin' } };

/** The CommonJS file of a factory entry: `module.exports` is the function. */
export const factoryEntry = ({ from, name }) => `'use strict';\nmodule.exports = require(${JSON.stringify(`${from}.cjs`)}).${name};\n`;

/** The CommonJS declarations of a factory entry: the function is the module. */
export const factoryDeclarations = ({ from, name }) => `import { ${name} } from ${JSON.stringify(`${from}.cjs`)};\nexport = ${name};\n`;

/** The CommonJS file of a built ES module: `src/v2.js` -> `src/v2.cjs`. */
export const commonJsOf = (file) => file.replace(/\.js$/, '.cjs');

/** Files under `dir` (relative to the root) whose name passes `keep`. */
function filesUnder(dir, keep) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name, join(e.parentPath, e.name)))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const isModule = (name) => name.endsWith('.ts') && !name.endsWith('.d.ts');

/** The TypeScript modules compiled: all of src/ and generated/ but the docs site's sources. */
export function sourceModules() {
  const site = join('generated', 'site');
  return [...filesUnder('src', isModule), ...filesUnder('generated', (name, path) => isModule(name) && !path.includes(site))];
}

const common = { absWorkingDir: root, format: 'esm', platform: 'node', target: 'es2022', tsconfig: 'tsconfig.build.json', logLevel: 'warning' };

/**
 * The CommonJS build's options: `import()` becomes `require()` (`supported`), and the one
 * `import.meta` read (`import.meta.url`, to find a file beside the module) becomes the file's URL,
 * defined in the modules that read it (scripts/commonjs-import-meta.mjs).
 */
const commonJs = {
  ...common,
  format: 'cjs',
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: [join(root, 'scripts/commonjs-import-meta.mjs')],
};

/** The source module of a built file of package.json (`./dist/src/v2.js` -> `src/v2.ts`), or undefined. */
function sourceOf(built) {
  const match = /^\.\/dist\/((?:src|generated)\/.+)\.c?js$/.exec(built);
  return match ? `${match[1]}.ts` : undefined;
}

/** The built files of an `exports` entry: a string, or conditions nested in objects. */
export const exportTargets = (entry) => (typeof entry === 'string' ? [entry] : Object.values(entry ?? {}).flatMap(exportTargets));

/** The source modules of package.json's JavaScript entry points: those of `exports`, and those of `bin`. */
function packageEntries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const sources = (targets) => [...new Set(targets.map(sourceOf).filter(Boolean))];
  return { exported: sources(Object.values(pkg.exports).flatMap(exportTargets)), bin: sources(Object.values(pkg.bin ?? {})) };
}

/** Project files (relative paths) in a metafile's inputs. */
const projectInputs = (metafile) => new Set(Object.keys(metafile.inputs).filter((p) => p.startsWith('src/') || p.startsWith('generated/')));

/** The project modules that `entries` reach, the bundled entries seen as external files (as they import them). */
async function reachedFrom(entries) {
  const bundled = new Set(Object.keys(BUNDLED_ENTRIES));
  const external = { name: 'bundled-entries-external', setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      const path = relative(root, join(args.resolveDir, args.path.replace(/\.js$/, '.ts')));
      return bundled.has(path) ? { path: args.path, external: true } : undefined;
    });
  } };
  const result = await build({ ...common, entryPoints: entries, bundle: true, write: false, outdir: 'reach', splitting: true, metafile: true, packages: 'external', plugins: [external], logLevel: 'silent' });
  return projectInputs(result.metafile);
}

/**
 * The CommonJS build's modules, each on its own: every relative import stays an import of the
 * built file beside it (`.cjs`). Each module is loaded from a namespace of its own: esbuild would
 * otherwise read a `.ts` file of this `"type": "module"` package as a Node.js ES module, whose
 * default import of a CommonJS package is its whole `module.exports` (right for the ES module
 * build, which Node.js links so); CommonJS code takes the `default` of a package compiled from ES
 * modules (`__esModule`), as TypeScript's own CommonJS output does (openapi-fetch, fast-xml-builder).
 */
const commonJsModules = { name: 'commonjs-modules', setup(b) {
  b.onResolve({ filter: /./ }, (args) => {
    // (The injected file of `import.meta.url` comes here too: it is left out where unused.)
    if (args.kind === 'entry-point') return { path: resolve(root, args.path), namespace: 'commonjs-module', sideEffects: args.path.endsWith('.ts') };
    return /^\.\.?\//.test(args.path) ? { path: commonJsOf(args.path), external: true } : undefined;
  });
  b.onLoad({ filter: /./, namespace: 'commonjs-module' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) }));
} };

/** The CommonJS file of a handed-over entry: it requires the ES module beside it, or says where to turn. */
function handover(source, { name, instead }) {
  const esm = `./${source.split('/').pop().replace(/\.ts$/, '.js')}`;
  return `'use strict';
// ${name} imports vitest, which loads as an ES module only: this file requires the ES module build
// (Node.js 20.19 or later can). jest's module loader cannot: there, ${instead} has the same matchers.
try {
  module.exports = require(${JSON.stringify(esm)});
} catch (error) {
  throw new Error(${JSON.stringify(`${name} is for vitest and loads as an ES module only (it imports vitest); this runtime cannot require() it. Under jest, use ${instead}: expect.extend(require('${instead}').matchers)`)}, { cause: error });
}
`;
}

/**
 * Builds the package's JavaScript into `outdir` (same layout as the project): the bundled
 * entries, then every other module transpiled on its own, except those only a bundle uses, as ES
 * modules; then as CommonJS the bundled entries and the modules the entries of `exports` reach.
 * Returns the modules transpiled (as ES modules).
 */
export async function compileJavaScript(outdir) {
  const inBundles = new Set();
  for (const [entry, out] of Object.entries(BUNDLED_ENTRIES)) {
    // No `node:` import is added: the generated indexes use the bundler's `require` for the
    // validator modules, so the bundle still runs in a browser bundle or any ESM runtime.
    // Whitespace and syntax minified: the engine parses the whole file at import, so its size is
    // most of the cold start (import + first validation, beyond an empty import: 33.1 -> 30.1
    // million instructions). Names are kept, for stack traces; generated/validators stays as
    // written.
    const bundle = { entryPoints: [entry], bundle: true, metafile: true, minifyWhitespace: true, minifySyntax: true };
    // publint tells a file's module format by regular expressions over its lines, comments
    // removed (and `//` to the end of a line, which a URL or regular expression in the code
    // triggers): in a file minified into a few long lines it finds only the bundled validators'
    // CommonJS. A first line `export {};` (it changes nothing) shows it the ES module it is.
    const result = await build({ ...common, ...bundle, outfile: join(outdir, out), banner: { js: 'export {};' } });
    for (const input of projectInputs(result.metafile)) inBundles.add(input);
    // The generated indexes read `import.meta.url` only where there is no `require`, which CommonJS always has.
    await build({ ...common, ...bundle, format: 'cjs', outfile: join(outdir, commonJsOf(out)), logOverride: { 'empty-import-meta': 'silent' } });
  }
  const bundled = new Set(Object.keys(BUNDLED_ENTRIES));
  const entries = packageEntries();
  const exported = entries.exported.filter((e) => !bundled.has(e));
  const [fromExports, fromBin] = await Promise.all([reachedFrom(exported), reachedFrom(entries.bin)]);
  const skipped = new Set([...inBundles].filter((p) => !fromExports.has(p) && !fromBin.has(p) && !bundled.has(p)));
  const sources = sourceModules().filter((m) => !skipped.has(m) && !bundled.has(m));
  const commonJsSources = sources.filter((m) => fromExports.has(m) && !(m in HANDED_OVER));
  await Promise.all([
    build({ ...common, entryPoints: sources, outdir, outbase: '.', bundle: false }),
    build({ ...commonJs, entryPoints: commonJsSources, outdir, outbase: '.', bundle: true, packages: 'external', outExtension: { '.js': '.cjs' }, plugins: [commonJsModules] }),
  ]);
  for (const [source, names] of Object.entries(HANDED_OVER)) writeFileSync(join(outdir, source.replace(/\.ts$/, '.cjs')), handover(source, names));
  for (const [source, entry] of Object.entries(FACTORY_ENTRIES)) writeFileSync(join(outdir, source.replace(/\.ts$/, '.cjs')), factoryEntry(entry));
  // The precompiled validators' files, where a module outside the bundles still loads them.
  const generated = (name) => name.endsWith('.js') || name.endsWith('.cjs') || name.endsWith('.d.ts');
  for (const file of filesUnder('generated/validators', generated)) {
    if (skipped.has(file) || (file.endsWith('.d.ts') && skipped.has(file.replace(/\.d\.ts$/, '.js')))) continue;
    mkdirSync(dirname(join(outdir, file)), { recursive: true });
    copyFileSync(join(root, file), join(outdir, file));
  }
  return sources;
}
