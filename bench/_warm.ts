import { shapes } from './shapes.bench.js';
import { inputOf, measureRatio } from './ratio.js';
import { validateResponse } from '../src/validators/index.js';
const list = shapes();
for (let pass = 0; pass < 3; pass++) for (const shape of list) for (const strict of [false, true]) for (const withRequest of [true, false]) validateResponse(inputOf(shape, withRequest, strict));
const pick = list.filter((s) => s.name.includes(process.argv[2] ?? 'v1 facebook metrics 25 profiles x 92 days x 2'));
for (const s of pick) for (const wr of [true, false]) console.log(s.name, wr ? 'req' : 'body', measureRatio(inputOf(s, wr, false), Number(process.argv[3] ?? 9)).ratio.toFixed(3));
