/**
 * The mock server for `npm run bench -- mock`, in a process of its own so that its memory is
 * measured alone: prints its URL and a control URL, then serves until killed. The control server
 * answers `/gc` with the memory after a full garbage collection and `/memory` with the memory as
 * it is (run with --expose-gc).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer } from '../src/mock/index.js';

const options = JSON.parse(process.argv[2] ?? '{}') as { limits?: boolean };
const mock = await startMockServer({ ...options, budgets: { perUser: 1e9, perAccount: 1e9 } });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const control = createServer((req, res) => {
  if (req.url === '/gc') gc();
  const { rss, heapUsed } = process.memoryUsage();
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ rss, heapUsed }));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(JSON.stringify({ url: mock.url, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`, facebook: mock.account.profiles.facebook.map((p) => p.id) }));
