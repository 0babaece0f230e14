/**
 * `npm run build`: `npm run generate` (generated/), then side by side `npm run compile` (dist/src,
 * dist/generated) and `npm run docs` (the docs site in dist/site, with the Redoc references built
 * from generated/openapi/). The first failure fails the build, after both have ended.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

/** Runs `node ...args` in the project root with the output shown; rejects naming `what` on failure. */
function run(what, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit code ${code})`))));
  });
}

async function main() {
  const started = performance.now();
  await run('npm run generate', [tsx, 'scripts/generate.ts', ...process.argv.slice(2)]);
  const outcomes = await Promise.allSettled([run('npm run compile', ['scripts/compile.mjs']), run('npm run docs', [tsx, 'scripts/docs/build-site.ts'])]);
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
  console.log(`built in ${Math.round(performance.now() - started)} ms.`);
}

main().catch((err) => {
  console.error(`build: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
