/**
 * The path of a request URL and its operation, read without a regular expression for http(s) URLs
 * and with a shortcut for paths that end with no operation's last segment: the same answers as the
 * plain reading (regular expressions, a match against every operation) on random URLs and paths;
 * and that an http(s) URL is indeed read without one.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { operations } from '../../generated/operations.js';
import { operationOf } from '../../src/operations/operation-of.js';
import { requestPathname } from '../../src/operations/request-path.js';

/** The plain reading, as it was written first. */
function plainPathname(pathOrUrl: string): string {
  let path = pathOrUrl.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function plainOperation(method: string, path: string) {
  const verb = method.trim().toUpperCase();
  const pathname = plainPathname(path);
  return operations.filter((op) => op.method === verb && (pathname === op.path || pathname.endsWith(op.path))).sort((a, b) => b.path.length - a.path.length)[0];
}

const piece = fc.constantFrom('https://', 'http://', 'HTTPS://', 'ws://', 'api.example.invalid', ':8443', '/', '//', '?', '#', '?a=/2/x#', ' ', '\n', 'base', '/2', '/1', '/facebook', '/metrics', '/profiles', '/page/posts', '/labels', '/post', '/font.woff2', 'metrics', '');
const url = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));

describe('reading the path of a request', () => {
  it('gives the plain reading on random URLs and paths', () => {
    fc.assert(
      fc.property(url, fc.constantFrom('GET', 'POST', 'post', ' OPTIONS'), (text, method) => {
        expect(requestPathname(text)).toBe(plainPathname(text));
        expect(operationOf(method, text)).toBe(plainOperation(method, text));
      }),
      { numRuns: 5000, seed: 36 },
    );
    expect(requestPathname('https://api.example.invalid/2/facebook/metrics?x=1#y')).toBe('/2/facebook/metrics');
    expect(operationOf('GET', 'https://cdn.example.invalid/font.woff2')).toBeUndefined();
  });
});

describe('reading an http(s) URL', () => {
  /** The path of each of `urls`, and how many times reading it called String.prototype.replace. */
  const read = (urls: string[]): { path: string; replaced: number }[] => {
    const replace = vi.spyOn(String.prototype, 'replace');
    try {
      return urls.map((url) => {
        const before = replace.mock.calls.length;
        const path = requestPathname(url);
        return { path, replaced: replace.mock.calls.length - before };
      });
    } finally {
      replace.mockRestore();
    }
  };

  it('cuts its scheme and host without a regular expression; another scheme takes one', () => {
    expect(read(['https://api.example.invalid/2/facebook/metrics', 'http://127.0.0.1:4010/2/x?y=1', 'https://h', 'http://h#f', 'ws://h/2/x'])).toEqual([
      { path: '/2/facebook/metrics', replaced: 0 },
      { path: '/2/x', replaced: 0 },
      { path: '/', replaced: 0 },
      { path: '/', replaced: 0 },
      // The count is live: a ws:// URL goes through the regular expression.
      { path: '/2/x', replaced: 1 },
    ]);
  });
});
