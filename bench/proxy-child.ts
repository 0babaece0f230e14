/**
 * The proxy for `npm run bench -- proxy`, in a process of its own as users run it: starts
 * `startProxy({ target })` on a free port, prints its URL, then serves until killed.
 */
import { startProxy } from '../src/proxy/index.js';

const target = process.argv[2];
if (!target) throw new Error('usage: proxy-child.ts <target URL>');
const proxy = await startProxy({ target });
console.log(JSON.stringify({ url: proxy.url }));
process.on('SIGINT', () => process.exit(0));
