/**
 * The package as users get it: `npm pack` (its standard output the JSON alone), the tarball
 * installed into a fresh ES module project, and:
 *   - TypeScript consumers: moduleResolution bundler, node10, node16 (ES module) and, in a
 *     CommonJS package, node16 and nodenext, with the package's declarations checked
 *     (`skipLibCheck: false`) once for each build; a library that emits declarations and returns
 *     the package's values compiles (no TS2742), and no public signature names a type that no
 *     entry exports;
 *   - every entry point both imported and `require()`d from plain Node.js, with the same exports;
 *     the compiled ES module and CommonJS consumers run against the mock server;
 *   - publint and @arethetypeswrong/cli find no problem in the tarball;
 *   - the tarball installed with `--ignore-scripts` works as well (nothing runs on install);
 *   - the CLI from node_modules/.bin.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { ENTRIES, importEntries, requireEntries, run, runBin } from './installed-package.js';
import { packTarball, ROOT, type PackResult } from './packed-tarball.js';
import { forgottenTypes } from './public-types.js';

const fixture = join(ROOT, 'test/consumer/fixture');
const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

let work: string;
let project: string;
let tarball: string;
let pack: PackResult;
const installedPackage = () => join(project, 'node_modules/social-analytics-api');

/** `tsc -p <config>` in `dir`: its diagnostics (file(line,col): error ...) and exit status. */
function typecheck(dir: string, config: string) {
  const result = run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], dir);
  return { ...result, diagnostics: result.out.split('\n').filter((line) => /\): error TS\d+/.test(line)) };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-consumer-'));
  ({ tarball, pack } = packTarball(work));
  console.log(`tarball ${pack.filename}: ${(pack.size / 1024).toFixed(1)} kB packed, ${(pack.unpackedSize / 1024).toFixed(1)} kB unpacked, ${pack.files.length} files`);

  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], project);
  if (installed.status !== 0) throw new Error(`npm install of the tarball failed:\n${installed.out}`);
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  if (!existsSync(join(project, 'node_modules/@types/node'))) symlinkSync(join(ROOT, 'node_modules/@types/node'), join(project, 'node_modules/@types/node'), 'dir');
  // The /jest declarations augment jest's `expect` package: a jest project has it.
  symlinkSync(join(ROOT, 'node_modules/expect'), join(project, 'node_modules/expect'), 'dir');
  for (const file of ['consumer.ts', 'wrapper.ts', 'tsconfig.bundler.json', 'tsconfig.node16.json', 'tsconfig.node10.json']) cpSync(join(fixture, file), join(project, file));
  // A CommonJS package inside the project (its own package.json), resolving the same node_modules.
  const commonjs = join(project, 'commonjs');
  mkdirSync(commonjs);
  writeFileSync(join(commonjs, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  cpSync(join(fixture, 'wrapper.ts'), join(commonjs, 'wrapper.ts'));
  cpSync(join(fixture, 'consumer-commonjs.ts'), join(commonjs, 'consumer.ts'));
  const options = { target: 'ES2022', lib: ['ES2023', 'DOM'], types: ['node'], strict: true, declaration: true };
  writeFileSync(join(commonjs, 'tsconfig.node16.json'), JSON.stringify({ compilerOptions: { ...options, module: 'Node16', moduleResolution: 'Node16', skipLibCheck: false, outDir: 'out' }, files: ['consumer.ts', 'wrapper.ts'] }));
  writeFileSync(join(commonjs, 'tsconfig.nodenext.json'), JSON.stringify({ compilerOptions: { ...options, module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true, noEmit: true }, files: ['consumer.ts', 'wrapper.ts'] }));
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('packed tarball', () => {
  it('holds each entry point as ES module and CommonJS with their declarations, LICENSE and CHANGELOG.md, and no tests or scripts', () => {
    const paths = pack.files.map((f) => f.path);
    for (const entry of ['LICENSE', 'CHANGELOG.md', 'README.md', 'dist/src/cli/main.js', 'generated/openapi/v2.yaml']) expect(paths, entry).toContain(entry);
    const pkg = JSON.parse(readFileSync(join(installedPackage(), 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, Record<string, string>>> };
    const built = Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e).flatMap((c) => Object.values(c))));
    expect(built.filter((f) => f.endsWith('.cjs')).length).toBe(ENTRIES.length);
    expect(built.filter((f) => f.endsWith('.d.cts')).length).toBe(ENTRIES.length);
    for (const file of built) expect(paths, file).toContain(file.replace(/^\.\//, ''));
    expect(paths.filter((p) => /^(test|scripts|bench|spec|\.ci)\//.test(p) || /\.test\.|\.test-d\./.test(p))).toEqual([]);
  });

  it('holds a declaration map beside each declaration file, every source it names packed (go-to-definition lands in the TypeScript sources), and no JavaScript source map', () => {
    const paths = pack.files.map((f) => f.path);
    const tail = (p: string) => readFileSync(join(installedPackage(), p), 'utf8').slice(-300);
    const declarations = paths.filter((p) => /^dist\/(src|generated)\/.*\.d\.c?ts$/.test(p) && /\/\/# sourceMappingURL=/.test(tail(p)));
    expect(declarations).toContain('dist/src/v2.d.ts');
    expect(declarations).toContain('dist/src/v2.d.cts');
    const maps = paths.filter((p) => p.endsWith('.map'));
    expect(maps.filter((p) => !p.endsWith('.d.ts.map'))).toEqual([]);
    expect(paths.filter((p) => /\.c?js$/.test(p) && /\/\/# sourceMappingURL=/.test(tail(p)))).toEqual([]);
    // Each declaration file names its map (a .d.cts twin its .d.ts's), which is packed.
    const named = declarations.map((p) => posix.join(posix.dirname(p), /\/\/# sourceMappingURL=(\S+)\s*$/.exec(tail(p))![1]));
    expect(named.filter((m) => !paths.includes(m))).toEqual([]);
    const sources = maps.flatMap((m) => {
      const map = JSON.parse(readFileSync(join(installedPackage(), m), 'utf8')) as { sources: string[]; sourceRoot?: string };
      return map.sources.map((source) => posix.join(posix.dirname(m), map.sourceRoot ?? '', source));
    });
    expect(sources).toContain('generated/builders/v2.ts');
    expect(sources.filter((source) => !paths.includes(source))).toEqual([]);
  });

  // node10 (`moduleResolution: node`) ignores `exports`: the subpaths' types come from `typesVersions`.
  it.each(['bundler', 'node10'])('type-checks a consumer file with moduleResolution %s', (mode) => {
    const result = typecheck(project, `tsconfig.${mode}.json`);
    expect(result.out).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);

  // One compiler run (a run costs about 20 s of CPU): the consumer and a library emitting
  // declarations compile with no diagnostic and are emitted for the next test, and a file beside
  // them with a mistake is refused.
  it('type-checks an ES module consumer with moduleResolution node16, emits a library\'s declarations (no TS2742), and rejects a consumer mistake (unknown metric)', () => {
    writeFileSync(join(project, 'wrong.ts'), "import type { Metric } from 'social-analytics-api/v2';\nconst m: Metric<'facebook'> = 'followers_change';\nexport { m };\n");
    writeFileSync(join(project, 'tsconfig.node16-wrong.json'), JSON.stringify({ extends: './tsconfig.node16.json', compilerOptions: { declaration: true }, files: ['consumer.ts', 'wrapper.ts', 'wrong.ts'] }));
    const result = typecheck(project, 'tsconfig.node16-wrong.json');
    expect(result.diagnostics, result.out).toEqual([expect.stringMatching(/^wrong\.ts\(2,\d+\): error TS\d+: .*followers_change/)]);
    expect(result.status).not.toBe(0);
    expect(existsSync(join(project, 'out/consumer.js'))).toBe(true);
    expect(readFileSync(join(project, 'out/wrapper.d.ts'), 'utf8')).toMatch(/export declare function header\(baseUrl: string, profiles: string\[\]\): Promise<\[/);
  }, 180_000);

  it('type-checks a CommonJS consumer with moduleResolution node16 against the CommonJS declarations (no TS1479), emits its library\'s declarations, and runs it', () => {
    const result = typecheck(join(project, 'commonjs'), 'tsconfig.node16.json');
    expect(result.out).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(project, 'commonjs/out/consumer.js'), 'utf8')).toContain('require("social-analytics-api/v2")');
    expect(readFileSync(join(project, 'commonjs/out/wrapper.d.ts'), 'utf8')).toContain('export declare function header(');
    const ran = run(process.execPath, ['out/consumer.js'], join(project, 'commonjs'));
    expect(ran.status, ran.out).toBe(0);
    expect(JSON.parse(ran.stdout.trim().split('\n').pop()!)).toEqual({ header: ['date.day', 'metric'], kind: 'api 5', invalid: '/profiles/0/id', networks: 6, matchers: ['toBeValidResponse', 'toSatisfyApi'], cases: 1, module: 'function' });
  }, 180_000);

  it('type-checks the CommonJS consumer with moduleResolution nodenext', () => {
    const result = typecheck(join(project, 'commonjs'), 'tsconfig.nodenext.json');
    expect(result.out).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);

  it('names in its public signatures only types that an entry point exports (ES module and CommonJS declarations)', () => {
    const pkg = JSON.parse(readFileSync(join(installedPackage(), 'package.json'), 'utf8')) as { exports: Record<string, string | Record<'import' | 'require', { types: string }>> };
    const conditions = Object.values(pkg.exports).filter((e) => typeof e !== 'string');
    const options = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
    for (const condition of ['import', 'require'] as const) {
      expect(forgottenTypes(installedPackage(), conditions.map((e) => join(installedPackage(), e[condition].types)), options), condition).toEqual([]);
    }
    // The check finds one: a function of an entry returning an interface that no entry exports.
    const sample = join(work, 'forgotten');
    mkdirSync(sample);
    writeFileSync(join(sample, 'inner.d.ts'), 'export interface Hidden { a: number }\nexport interface Shown { b: Hidden }\n');
    writeFileSync(join(sample, 'index.d.ts'), "import type { Shown } from './inner.js';\nexport type { Shown };\nexport declare function make(): Shown;\n");
    expect(forgottenTypes(sample, [join(sample, 'index.d.ts')], options)).toEqual([{ name: 'Hidden', file: 'inner.d.ts', namedBy: 'Shown' }]);
  });

  it('runs the compiled ES module consumer against the mock server', () => {
    const result = run(process.execPath, ['out/consumer.js'], project);
    expect(result.status, result.out).toBe(0);
    const summary = JSON.parse(result.stdout.trim().split('\n').pop()!);
    expect(summary).toMatchObject({ header: ['date.day', 'metric'], valid: true, invalidCaught: true, requestProblems: ['v1.metrics.no-dimensions'], entries: ['object', 'object'] });
    expect(summary.posts).toBeGreaterThan(0);
    expect(summary.posts).toBeLessThanOrEqual(5);
    expect(summary.networks).toEqual(['facebook', 'instagram', 'twitter', 'youtube', 'linkedin', 'pinterest']);
  });

  it('installs the validators entry as one bundled file per build that imports nothing, still lazy per operation', () => {
    for (const file of ['index.js', 'index.cjs']) {
      const text = readFileSync(join(installedPackage(), 'dist/src/validators', file), 'utf8');
      expect(text.match(/^\s*(import|export)\s[^;]*\sfrom\s/gm) ?? [], file).toEqual([]);
      expect(text.match(/\brequire\("\.[^"]*"\)/g) ?? [], file).toEqual([]);
      expect(text, file).not.toMatch(/\bimport\(/);
      // Each operation's validators are in the file, evaluated on first use (esbuild's lazy CommonJS wrapper).
      for (const module of ['v2/getMetrics.cjs', 'v2/getInstagramMetrics.cjs', 'v1/getMetrics.cjs']) expect(text, file).toContain(module);
      expect(text, file).toMatch(/__commonJS/);
      // Whitespace-minified (its parse is most of the cold start), with its names kept.
      expect(text, file).not.toMatch(/^\s{2,}\S/m);
      expect(text, file).toMatch(/\bfunction createResponseValidator\(/);
    }
    const script = `import { validateResponse, lookupOperation, formatErrors } from 'social-analytics-api/validators';
const result = validateResponse({ method: 'GET', path: '/2/twitter/profiles', body: { success: true, profiles: [{ id: 1 }] } });
console.log(JSON.stringify([result.valid, result.errors[0].pointer, lookupOperation('GET', '/2/twitter/profiles').operation.key, typeof formatErrors]));
`;
    writeFileSync(join(project, 'use-validators.mjs'), script);
    writeFileSync(join(project, 'use-validators.cjs'), script.replace("import { validateResponse, lookupOperation, formatErrors } from 'social-analytics-api/validators';", "const { validateResponse, lookupOperation, formatErrors } = require('social-analytics-api/validators');"));
    for (const file of ['use-validators.mjs', 'use-validators.cjs']) {
      const result = run(process.execPath, [file], project);
      expect(result.stdout.trim(), result.out).toBe(JSON.stringify([false, '/profiles/0/id', 'GET /2/twitter/profiles', 'function']));
    }
  });

  it('imports every entry point from plain Node.js, and require()s each with the same exports, no ES module loaded', () => {
    const imported = importEntries(project, ROOT);
    expect(imported.status, imported.out).toBe(0);
    expect(Object.keys(imported.exports!)).toEqual(ENTRIES);
    expect(imported.exports!['social-analytics-api/vitest']).toContain('captureCases');
    expect(imported.exports!['social-analytics-api/jest']).toEqual(['captureCases', 'captureCasesSync', 'matchers']);
    expect(imported.exports!['social-analytics-api/proxy']).toContain('startProxy');
    const required = requireEntries(project, ROOT);
    expect(required.status, required.out).toBe(0);
    expect(required.exports).toEqual(imported.exports);
    // Only /vitest hands over to its ES module (vitest loads as one); every other entry is CommonJS throughout.
    expect(required.esm).toEqual(['social-analytics-api/vitest']);
  });

  it('has no problem that publint or @arethetypeswrong/cli finds', () => {
    const publint = run(process.execPath, [join(ROOT, 'node_modules/publint/src/cli.js'), '--strict', tarball], work);
    expect(publint.status, publint.out).toBe(0);
    expect(publint.out).toMatch(/All good!/);
    // The OpenAPI documents are data files, not modules: they have no types to check.
    const attw = run(process.execPath, [join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'json', '--exclude-entrypoints', './openapi/v1.yaml', './openapi/v2.yaml'], work);
    expect(attw.status, attw.out).toBe(0);
    const report = JSON.parse(attw.stdout) as { analysis: { problems: unknown[]; entrypoints: Record<string, unknown> } };
    expect(report.analysis.problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints)).toEqual([...ENTRIES.map((e) => e.replace('social-analytics-api', '.')), './package.json']);
  });

  it('works installed with --ignore-scripts: nothing runs on install', () => {
    const quiet = join(work, 'ignore-scripts');
    mkdirSync(quiet);
    writeFileSync(join(quiet, 'package.json'), JSON.stringify({ name: 'quiet-consumer', private: true }));
    const installed = run('npm', ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', tarball], quiet);
    expect(installed.status, installed.out).toBe(0);
    const required = requireEntries(quiet, ROOT);
    expect(required.status, required.out).toBe(0);
    expect(Object.keys(required.exports!)).toEqual(ENTRIES);
    const { good, bad } = runBin(quiet);
    expect(good.status, good.out).toBe(0);
    expect(bad.status, bad.out).toBe(1);
  });

  it('loads the language-service plugin as tsserver does (its require from the project\'s node_modules, in a process of its own), hovers a metric of the installed package and goes to the definition of a builder in its source', () => {
    const text = "import { v2 } from 'social-analytics-api/v2';\nv2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p'], metrics: ['fans_change'] });\n";
    writeFileSync(join(project, 'plugin-consumer.ts'), text);
    // tsserver runs in its own Node process: so does this script (TypeScript from this repository).
    const script = `
const ts = require(${JSON.stringify(createRequire(import.meta.url).resolve('typescript'))});
const { join } = require('node:path');
const project = process.cwd();
const loaded = ts.sys.require(join(project, 'node_modules'), 'social-analytics-api/ts-plugin');
if (loaded.error) { console.log(JSON.stringify({ error: String(loaded.error) })); process.exit(0); }
const file = join(project, 'plugin-consumer.ts');
const text = ts.sys.readFile(file);
const options = { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: [], skipLibCheck: true, noEmit: true };
const host = {
  getCompilationSettings: () => options, getScriptFileNames: () => [file], getScriptVersion: () => '1',
  getScriptSnapshot: (name) => (ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)) : undefined),
  getCurrentDirectory: () => project, getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists, readFile: ts.sys.readFile,
};
const info = { languageService: ts.createLanguageService(host), languageServiceHost: host, project: { projectService: { logger: { info: () => undefined } } }, config: {} };
const service = loaded.module({ typescript: ts }).create(info);
const hover = service.getQuickInfoAtPosition(file, text.indexOf('fans_change') + 2);
// Go to definition as an editor asks tsserver for it, in a tsserver process (tsserver maps a declaration to its source).
const tsserver = join(require('node:path').dirname(${JSON.stringify(createRequire(import.meta.url).resolve('typescript'))}), 'tsserver.js');
const at = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022).getLineAndCharacterOfPosition(text.indexOf('metrics(') + 2);
function definitionFiles() {
  return new Promise((resolve) => {
    const server = require('node:child_process').spawn(process.execPath, [tsserver, '--disableAutomaticTypingAcquisition'], { cwd: project, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => { server.kill(); resolve(['tsserver gave no answer']); }, 120000);
    server.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const messages = out.split(/Content-Length: \\d+\\r?\\n\\r?\\n/).filter((t) => t.trim()).map((t) => { try { return JSON.parse(t); } catch { return undefined; } });
      const answered = messages.find((m) => m && m.type === 'response' && m.request_seq === 2);
      if (!answered) return;
      clearTimeout(timer);
      server.stdin.end(JSON.stringify({ seq: 3, type: 'request', command: 'exit' }) + '\\n');
      resolve((answered.body || []).map((d) => d.file));
    });
    server.stdin.write(JSON.stringify({ seq: 1, type: 'request', command: 'open', arguments: { file } }) + '\\n');
    server.stdin.write(JSON.stringify({ seq: 2, type: 'request', command: 'definition', arguments: { file, line: at.line + 1, offset: at.character + 1 } }) + '\\n');
  });
}
definitionFiles().then((definitions) => console.log(JSON.stringify({ kind: typeof loaded.module, display: ts.displayPartsToString(hover && hover.displayParts), documentation: ts.displayPartsToString(hover && hover.documentation), definitions })));
`;
    writeFileSync(join(project, 'tsserver-like.cjs'), script);
    const ran = run('node', ['tsserver-like.cjs'], project);
    expect(ran.status, ran.out).toBe(0);
    const answer = JSON.parse(ran.stdout.trim().split('\n').pop()!) as { error?: string; kind?: string; display?: string; documentation?: string; definitions?: string[] };
    expect(answer.error).toBeUndefined();
    expect(answer.kind).toBe('function');
    expect(answer.display).toBe('(facebook metric, version 2) "fans_change"');
    expect(answer.documentation).toContain('Aggregation: sum.');
    // tsserver's go to definition follows the declaration map into the packed TypeScript source.
    expect(answer.definitions).toEqual([join(installedPackage(), 'generated/builders/v2.ts')]);
  }, 240_000);

  it('runs the CLI from node_modules/.bin on capture files', () => {
    const { good, bad, usage } = runBin(project);
    expect(good.status, good.out).toBe(0);
    expect(bad.status, bad.out).toBe(1);
    expect(bad.out).toContain('/profiles/0');
    expect(usage.status).toBe(2);
  });
});
