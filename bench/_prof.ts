import { v2MetricsShape, v1MetricsShape, postsShape } from '/work/main/bench/bodies.js';
import { inputOf } from '/work/main/bench/ratio.js';
import { validateResponse } from '/work/main/src/validators/index.js';
const which = process.argv[2] ?? 'v2m';
const shape = which === 'v2m' ? v2MetricsShape([], 25, 92, 25) : which === 'v1' ? v1MetricsShape(25, 92, 2, false) : which === 'v2small' ? v2MetricsShape([], 1, 1, 1) : postsShape(2, 10, true);
console.log(JSON.stringify(shape.body).slice(0, 900));
const input = inputOf(shape, true, false);
const text = JSON.stringify(input.body);
const N = Number(process.argv[3] ?? 200000);
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  for (let i = 0; i < N; i++) JSON.parse(text);
  const p = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < N; i++) validateResponse({ ...input });
  const v = performance.now() - t;
  console.log(`parse ${(p / N * 1000).toFixed(2)} us, validate ${(v / N * 1000).toFixed(2)} us, ratio ${(v / p).toFixed(2)}`);
}
