/**
 * One client call in a process of its own, for `npm run bench -- client-body`: sends POST `path`
 * to the server at `url` with the client of `src` (argument 3: a directory holding the client's
 * index, so that another version of it can be measured by hand) and prints the kind of the
 * error (or "ok"), the resident memory before the call and the peak resident memory of the
 * process (`maxRSS`).
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [url, path, clientDir, options] = process.argv.slice(2);
const { createClient } = (await import(pathToFileURL(join(clientDir, 'index.ts')).href)) as typeof import('../src/client/index.js');
const client = createClient({ token: 'bench-token', secret: 'bench-secret', baseUrl: url, retry: false, ...(JSON.parse(options ?? '{}') as object) });
const before = process.memoryUsage().rss;
let outcome = 'ok';
try {
  await client.send({ method: 'POST', path, body: {} });
} catch (error) {
  outcome = (error as { kind?: string }).kind ?? String(error);
}
console.log(JSON.stringify({ outcome, before, peak: process.resourceUsage().maxRSS * 1024 }));
