/**
 * The generation pipeline: loads the model once, runs every step in order, and either writes
 * generated/ (swapping a complete new tree in only when every step succeeded) or, with
 * --check, compares it with what is on disk and names every stale, missing or extra file.
 *
 *   npm run generate          write generated/
 *   npm run check:generated   exit 1 and list the files when generated/ is stale
 *   --root <dir>              use another project root (tests run the entry on temp copies)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModel } from './model/load-model.js';
import { PipelineError } from './model/errors.js';
import type { Artifact, Step } from './generators/artifact.js';
import { STEPS } from './steps.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT_DIR = 'generated';

export async function runSteps(root: string, steps: readonly Step[] = STEPS): Promise<Artifact[]> {
  const model = loadModel(root);
  const produced = new Map<string, Artifact>();
  const scratch = mkdtempSync(join(tmpdir(), 'sa-generate-'));
  try {
    for (const step of steps) {
      for (const artifact of await step.run({ root, model, produced, scratch })) {
        if (!artifact.path.startsWith(`${OUTPUT_DIR}/`)) throw new Error(`step ${step.name} produced ${artifact.path}, outside ${OUTPUT_DIR}/`);
        if (produced.has(artifact.path)) throw new Error(`step ${step.name} produced ${artifact.path} twice`);
        produced.set(artifact.path, artifact);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return [...produced.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
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
  try {
    root = rootOption(argv);
    artifacts = await runSteps(root);
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
    console.log(`generated/ is up to date (${artifacts.length} files).`);
    return 0;
  }
  writeArtifacts(root, artifacts);
  console.log(`generated ${artifacts.length} files in ${Math.round(performance.now() - started)} ms.`);
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
