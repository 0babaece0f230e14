import ts from 'typescript';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
const root = process.cwd();
const start = process.argv.slice(2);
const seen = new Map();
function resolveSpec(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  let p = resolve(dirname(from), spec);
  for (const c of [p, p.replace(/\.js$/, '.ts'), p.replace(/\.mjs$/, '.mts'), p + '.ts', join(p, 'index.ts')]) if (existsSync(c) && !c.endsWith('/')) { try { readFileSync(c); return c; } catch {} }
  return undefined;
}
const stack = start.map((s) => resolve(s));
while (stack.length) {
  const f = stack.pop();
  if (seen.has(f)) continue;
  const t = readFileSync(f, 'utf8');
  const deps = ts.preProcessFile(t, true, true).importedFiles.map((x) => resolveSpec(f, x.fileName)).filter(Boolean);
  seen.set(f, deps);
  stack.push(...deps);
}
const srcs = [...seen.keys()].map((f) => relative(root, f)).filter((f) => f.startsWith('src/')).sort();
console.log(srcs.join('\n'));
for (const [f, deps] of seen) { const rf = relative(root, f); if (!rf.startsWith('src/')) for (const d of deps) { const rd = relative(root, d); if (rd.startsWith('src/')) console.log('EDGE', rf, '->', rd); } }
