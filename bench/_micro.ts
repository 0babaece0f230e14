import { v2MetricsShape, v1MetricsShape } from './bodies.js';
import { validateResponse } from '../src/validators/index.js';
import { validatorsOf } from '../src/validators/compiled.js';
import { lookupOperation } from '../src/catalog/operation-lookup.js';
import { checkMetricsV2 } from '../src/validators/checks/metrics-v2.js';
import { ErrorList } from '../src/validators/error-list.js';
const which = process.argv[2] ?? 'small';
const shape = which === 'small' ? v2MetricsShape([], 1, 1, 1) : which === 'v1' ? v1MetricsShape(1, 1, 1, false) : v2MetricsShape([], 25, 92, 25);
const body = JSON.parse(JSON.stringify(shape.body));
const text = JSON.stringify(body);
const req = shape.request!;
const c = validatorsOf(2, 'POST /2/facebook/metrics')!;
const N = 2_000_000;
function time(name: string, fn: () => unknown) {
  for (let i = 0; i < N / 10; i++) fn();
  const t = performance.now();
  for (let i = 0; i < N; i++) fn();
  console.log(name.padEnd(20), ((performance.now() - t) / N * 1e6).toFixed(0), 'ns');
}
for (let k = 0; k < 2; k++) {
time('parse', () => JSON.parse(text));
time('full+req', () => validateResponse({ method: shape.method, path: shape.path, body, request: req }));
time('full body', () => validateResponse({ method: shape.method, path: shape.path, body }));
time('lookup', () => lookupOperation(shape.method, shape.path));
time('ajv', () => c.validators.success!(body));
time('errorlist', () => new ErrorList(false, 100));
time('checkV2 req', () => checkMetricsV2(new ErrorList(), body, req, 'facebook'));
time('checkV2 body', () => checkMetricsV2(new ErrorList(), body, undefined, 'facebook'));
}
if (process.argv[3] === 'loop') { const t = performance.now(); for (let i = 0; i < 10_000_000; i++) validateResponse({ method: shape.method, path: shape.path, body, request: req }); console.log('loop', (performance.now() - t) / 1e7 * 1e6, 'ns'); }
