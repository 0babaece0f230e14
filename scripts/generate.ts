/**
 * The generation pipeline: loads the model once, runs every step in order, and either writes
 * generated/ (swapping a complete new tree in only when every step succeeded) or, with
 * --check, compares it with what is on disk and names every stale, missing or extra file.
 *
 *   npm run generate          write generated/
 *   npm run check:generated   exit 1 and list the files when generated/ is stale
 *   --root <dir>              use another project root (tests run the entry on temp copies)
 *   --timings                 print when each step started and ended (profiling)
 *   --no-cache                run every step even when the inputs are unchanged (scripts/generate-cache.ts)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PipelineError } from './model/errors.js';
import type { Artifact, Step } from './generators/artifact.js';
import { inputKey, readCache, writeCache } from './generate-cache.js';
import { startStepThread, type StepThread } from './step-thread.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT_DIR = 'generated';

/** When a step ran, in milliseconds from the start of runSteps (`--timings` prints them). */
export interface StepTiming {
  name: string;
  startMs: number;
  endMs: number;
}

/**
 * Runs the steps in order: each starts when every earlier step has finished, except a step with
 * `needs`, which starts when those are done and runs beside the later ones. The worker thread of
 * each `thread` step starts first, so its imports overlap the model loading. The first failure
 * in step order is thrown, after every started step has settled.
 */
export async function runSteps(root: string, only?: readonly Step[], timings?: StepTiming[]): Promise<Artifact[]> {
  const t0 = performance.now();
  // Imported here: a cached run needs neither the steps nor the model loader.
  const steps = only ?? (await import('./steps.js')).STEPS;
  const threads = new Map<string, StepThread>();
  for (const step of steps) if ('thread' in step) threads.set(step.name, startStepThread(step.name, step.thread));
  const scratch = mkdtempSync(join(tmpdir(), 'sa-generate-'));
  try {
    const { loadModel } = await import('./model/load-model.js');
    const model = loadModel(root);
    timings?.push({ name: 'imports+model', startMs: 0, endMs: performance.now() - t0 });
    const produced = new Map<string, Artifact>();
    const started = new Map<string, Promise<void>>();
    const run = async (step: Step) => {
      const startMs = performance.now() - t0;
      const context = { root, model, produced, scratch };
      let artifacts: Artifact[];
      try {
        artifacts = 'thread' in step ? await threads.get(step.name)!.run(context) : await step.run(context);
      } catch (err) {
        throw namedStep(step.name, err);
      }
      timings?.push({ name: step.name, startMs, endMs: performance.now() - t0 });
      for (const artifact of artifacts) {
        if (!artifact.path.startsWith(`${OUTPUT_DIR}/`)) throw new Error(`step ${step.name} produced ${artifact.path}, outside ${OUTPUT_DIR}/`);
        if (produced.has(artifact.path)) throw new Error(`step ${step.name} produced ${artifact.path} twice`);
        produced.set(artifact.path, artifact);
      }
    };
    let sequence: Promise<void> = Promise.resolve();
    for (const step of steps) {
      let promise: Promise<void>;
      if (step.needs) {
        promise = Promise.all(step.needs.map((name) => started.get(name))).then(() => run(step));
      } else {
        // A macrotask between sequential steps lets a step with `needs` start its work first.
        promise = sequence.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => run(step));
        sequence = promise;
      }
      started.set(step.name, promise);
    }
    const outcomes = await Promise.allSettled(started.values());
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    return [...produced.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  } finally {
    await Promise.all([...threads.values()].map((thread) => thread.stop()));
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A step's error with the step named first (`step validators: ...`); a PipelineError, which names
 * the input file, line and pointer it comes from, is passed on as it is.
 */
function namedStep(name: string, err: unknown): unknown {
  if (err instanceof PipelineError || !(err instanceof Error) || err.message.startsWith('step ')) return err;
  const original = err.message;
  err.message = `step ${name}: ${original}`;
  if (err.stack) err.stack = err.stack.replace(original, err.message);
  return err;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const bytes = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.from(content) : Buffer.from(content));

/** Differences between the artifacts and generated/ on disk, one line each. */
export function staleFiles(root: string, artifacts: Artifact[]): string[] {
  const problems: string[] = [];
  const expected = new Set(artifacts.map((a) => a.path));
  for (const a of artifacts) {
    const file = join(root, a.path);
    if (!existsSync(file)) problems.push(`missing: ${a.path}`);
    else if (!readFileSync(file).equals(bytes(a.content))) problems.push(`stale: ${a.path}`);
  }
  for (const file of listFiles(join(root, OUTPUT_DIR))) {
    const rel = relative(root, file).split('\\').join('/');
    if (!expected.has(rel)) problems.push(`not produced by the pipeline: ${rel}`);
  }
  return problems;
}

/** Writes a complete new tree beside generated/ and swaps it in. */
export function writeArtifacts(root: string, artifacts: Artifact[]): void {
  const target = join(root, OUTPUT_DIR);
  const fresh = join(root, `.${OUTPUT_DIR}-new-${process.pid}`);
  const old = join(root, `.${OUTPUT_DIR}-old-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  try {
    for (const a of artifacts) {
      const file = join(fresh, relative(OUTPUT_DIR, a.path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, a.content);
    }
  } catch (err) {
    rmSync(fresh, { recursive: true, force: true });
    throw err;
  }
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}

/** The project root: `--root <dir>` (relative to the working directory) or this package. */
export function rootOption(argv: readonly string[]): string {
  const i = argv.indexOf('--root');
  if (i === -1) return ROOT;
  const dir = argv[i + 1];
  if (!dir || dir.startsWith('--')) throw new PipelineError('--root needs a directory');
  return resolve(dir);
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const started = performance.now();
  let artifacts: Artifact[];
  let root: string;
  let fromCache = false;
  try {
    root = rootOption(argv);
    const key = argv.includes('--no-cache') ? undefined : inputKey(root);
    const cached = key === undefined ? undefined : readCache(root, key);
    if (cached) {
      artifacts = cached;
      fromCache = true;
    } else {
      const timings: StepTiming[] | undefined = argv.includes('--timings') ? [] : undefined;
      artifacts = await runSteps(root, undefined, timings);
      for (const t of timings ?? []) console.error(`  ${t.name.padEnd(14)} ${String(Math.round(t.startMs)).padStart(6)} -> ${String(Math.round(t.endMs)).padStart(6)} ms`);
      if (key !== undefined) writeCache(root, key, artifacts);
    }
  } catch (err) {
    if (err instanceof PipelineError) {
      console.error(`generate: ${err.message}`);
      console.error('generated/ was left unchanged.');
      return 1;
    }
    throw err;
  }
  if (check) {
    const problems = staleFiles(root, artifacts);
    if (problems.length) {
      console.error(`generated/ is out of date (${problems.length} file${problems.length === 1 ? '' : 's'}); run npm run generate:`);
      for (const p of problems) console.error(`  ${p}`);
      return 1;
    }
    console.log(`generated/ is up to date (${artifacts.length} files${fromCache ? ', steps skipped: inputs unchanged since the cached run' : ''}).`);
    return 0;
  }
  writeArtifacts(root, artifacts);
  console.log(`generated ${artifacts.length} files in ${Math.round(performance.now() - started)} ms${fromCache ? ' (inputs unchanged since the cached run)' : ''}.`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`generate: ${err instanceof Error ? err.message : String(err)}`);
      console.error('generated/ was left unchanged.');
      process.exit(1);
    },
  );
}
