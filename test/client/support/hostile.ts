/** A misbehaving HTTP server on 127.0.0.1 for the client's tests: one handler per path. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { ApiError } from '../../../src/client/index.js';

export type Handler = (req: IncomingMessage, res: ServerResponse, context: { body: string; hit: number; url: URL }) => void;

/** A server whose answer depends on the path; it counts hits per path and keeps what it received. */
export async function startServer(routes: Record<string, Handler>) {
  const hits = new Map<string, number>();
  const received: { path: string; method: string; body: string; authorization: string | undefined }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const hit = (hits.get(url.pathname) ?? 0) + 1;
      hits.set(url.pathname, hit);
      received.push({ path: url.pathname, method: req.method ?? '', body, authorization: req.headers.authorization });
      res.on('error', () => undefined);
      const route = routes[url.pathname];
      if (route) route(req, res, { body, hit, url });
      else json(res, 404, { success: false, errors: [{ code: 404, errors: ['Not found.'] }] });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    host: new URL(url).host,
    hits: (path: string) => hits.get(path) ?? 0,
    received,
    reset: () => {
      hits.clear();
      received.length = 0;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers `body` as JSON. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export type HostileServer = Awaited<ReturnType<typeof startServer>>;

/** The ApiError `promise` rejects with (the test fails when it resolves or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Every text a log may show of an error and its causes. */
export function views(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    parts.push(e.message, String(e.stack), String(e), JSON.stringify(e), inspect(e, { depth: Infinity, showHidden: true }));
  }
  return parts.join('\n');
}
