/**
 * The floor of one HTTP hop for `npm run bench -- proxy`: a bare Node.js forwarder (node:http
 * server, a keep-alive agent to the target, bodies piped) that checks, taps and records nothing.
 * What the proxy costs above it is what checking, redaction and recording cost; what it costs
 * itself is what any forwarder written on node:http costs. Prints its URL, serves until killed.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const target = new URL(process.argv[2] ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const server = createServer((req, res) => {
  const upstream = request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
process.on('SIGINT', () => process.exit(0));
