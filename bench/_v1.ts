import { v1MetricsShape } from './bodies.js';
import { validatorsOf } from '../src/validators/compiled.js';
import { validateResponse } from '../src/validators/index.js';
const shape = v1MetricsShape(25, 92, 2, false);
const text = JSON.stringify(shape.body);
const body = JSON.parse(text);
const c = validatorsOf(1, 'POST /1/facebook/metrics')!;
const N = 2000;
function time(name: string, fn: () => unknown) {
  for (let i = 0; i < N / 4; i++) fn();
  const t = performance.now();
  for (let i = 0; i < N; i++) fn();
  return (performance.now() - t) / N * 1000;
}
for (let k = 0; k < 3; k++) {
  const p = time('parse', () => JSON.parse(text));
  const a = time('ajv', () => c.validators.success!(body));
  const f = time('full', () => validateResponse({ method: shape.method, path: shape.path, body, request: shape.request }));
  const b = time('full', () => validateResponse({ method: shape.method, path: shape.path, body }));
  console.log(`parse ${p.toFixed(0)} us; ajv ${(a/p).toFixed(3)}x; full+req ${(f/p).toFixed(3)}x; body-only ${(b/p).toFixed(3)}x`);
}
