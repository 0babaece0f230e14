/**
 * Child process of bench/typecheck.bench.ts: heap bytes the checker allocates in one warm check of
 * each given project file. Run as
 * `node --jitless --expose-gc --min-semi-space-size=64 --max-semi-space-size=64 typecheck-heap.mjs <dir> <compilerOptions JSON> <file>...`:
 * without the JIT (no compiled code, no escape analysis, no background compilation) the same
 * check allocates the same bytes in every run, so the figure is steady on a loaded machine; the
 * young generation is large enough for a check to run without a collection (a check that saw one
 * is refused). Each file is parsed once (source files cached across programs), then checked by
 * fresh programs; the figure is the young-generation growth of the last check, after warm-up
 * checks. Prints one JSON object: file name -> bytes.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import ts from 'typescript';

const CHECKS = 3;
const [dir, json, ...files] = process.argv.slice(2);
const options = ts.convertCompilerOptionsFromJson(JSON.parse(json), dir).options;
const host = ts.createCompilerHost(options);
const parsed = new Map();
const read = host.getSourceFile.bind(host);
host.getSourceFile = (name, ...rest) => {
  if (!parsed.has(name)) parsed.set(name, read(name, ...rest));
  return parsed.get(name);
};

let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });
const young = () => v8.getHeapSpaceStatistics().filter((s) => s.space_name.startsWith('new')).reduce((sum, s) => sum + s.space_used_size, 0);
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

const result = {};
for (const file of files) {
  let bytes = 0;
  for (let i = 0; i < CHECKS; i++) {
    const program = ts.createProgram([`${dir}/${file}`], options, host);
    program.getTypeChecker();
    global.gc();
    await tick();
    const seen = collections;
    const before = young();
    const diagnostics = ts.getPreEmitDiagnostics(program);
    bytes = young() - before;
    await tick();
    if (diagnostics.length) throw new Error(`${file} does not compile`);
    if (collections !== seen) throw new Error(`a collection ran during the check of ${file}: raise the semi-space size`);
  }
  result[file] = bytes;
}
console.log(JSON.stringify(result));
