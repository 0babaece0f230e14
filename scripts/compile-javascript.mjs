/**
 * The JavaScript half of `npm run compile` (scripts/compile.mjs), also used by the benchmarks to
 * build the package's modules as installed into a temporary directory:
 *   - esbuild transpiles each TypeScript module of src/ and generated/ on its own (no bundling:
 *     dist keeps one file per module, as the package's entry points and `sideEffects` expect);
 *     the precompiled validators (generated/validators/**: .js, .cjs, .d.ts) are copied as generated;
 *   - the `./validators` entry (dist/src/validators/index.js) is one bundled ES module: importing
 *     it reads one file instead of ~25, and the per-operation validator modules inside it stay
 *     lazily evaluated (each runs on its operation's first validation). Its declarations stay one
 *     per module (tsc), so its types are unchanged. The modules only that bundle uses (the
 *     validators' runtime, the precompiled validators) get no file of their own: what the other
 *     entry points of package.json (exports, bin) reach is found by bundling them for a metafile.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Entry points shipped as one bundled file each (source module -> its place in the output). */
export const BUNDLED_ENTRIES = { 'src/validators/index.ts': 'src/validators/index.js' };

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

/** The source module of a built file of package.json (`./dist/src/v2.js` -> `src/v2.ts`), or undefined. */
function sourceOf(built) {
  const match = /^\.\/dist\/((?:src|generated)\/.+)\.js$/.exec(built);
  return match ? `${match[1]}.ts` : undefined;
}

/** The source modules of package.json's JavaScript entry points (exports, bin). */
function packageEntries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const targets = [...Object.values(pkg.exports).map((e) => (typeof e === 'string' ? e : e.default)), ...Object.values(pkg.bin ?? {})];
  return [...new Set(targets.map(sourceOf).filter(Boolean))];
}

/** Project files (relative paths) in a metafile's inputs. */
const projectInputs = (metafile) => new Set(Object.keys(metafile.inputs).filter((p) => p.startsWith('src/') || p.startsWith('generated/')));

/**
 * Modules that only the bundled entries use: in a bundled entry, and not reached from the other
 * entry points (which see the bundled entries as external files, as they import them).
 */
async function onlyInBundles(bundledInputs) {
  const bundled = new Set(Object.keys(BUNDLED_ENTRIES));
  const others = packageEntries().filter((e) => !bundled.has(e));
  const external = { name: 'bundled-entries-external', setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      const path = relative(root, join(args.resolveDir, args.path.replace(/\.js$/, '.ts')));
      return bundled.has(path) ? { path: args.path, external: true } : undefined;
    });
  } };
  const result = await build({ ...common, entryPoints: others, bundle: true, write: false, outdir: 'reach', splitting: true, metafile: true, packages: 'external', plugins: [external], logLevel: 'silent' });
  const reached = projectInputs(result.metafile);
  return new Set([...bundledInputs].filter((p) => !reached.has(p) && !bundled.has(p)));
}

/**
 * Builds the package's JavaScript into `outdir` (same layout as the project): the bundled
 * entries, then every other module transpiled on its own, except those only a bundle uses.
 * Returns the modules transpiled.
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
    const result = await build({ ...common, entryPoints: [entry], outfile: join(outdir, out), bundle: true, metafile: true, minifyWhitespace: true, minifySyntax: true });
    for (const input of projectInputs(result.metafile)) inBundles.add(input);
  }
  const skipped = await onlyInBundles(inBundles);
  const bundled = new Set(Object.keys(BUNDLED_ENTRIES));
  const sources = sourceModules().filter((m) => !skipped.has(m) && !bundled.has(m));
  await build({ ...common, entryPoints: sources, outdir, outbase: '.', bundle: false });
  // The precompiled validators' files, where a module outside the bundles still loads them.
  const generated = (name) => name.endsWith('.js') || name.endsWith('.cjs') || name.endsWith('.d.ts');
  for (const file of filesUnder('generated/validators', generated)) {
    if (skipped.has(file) || (file.endsWith('.d.ts') && skipped.has(file.replace(/\.d\.ts$/, '.js')))) continue;
    mkdirSync(dirname(join(outdir, file)), { recursive: true });
    copyFileSync(join(root, file), join(outdir, file));
  }
  return sources;
}
