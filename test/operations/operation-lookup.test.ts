/**
 * The operation lookup, operation by operation of the generated list: every spelling of its path
 * finds it with its own method and not with another, and every path that is no operation says
 * why, with the version it is under. Also the facts of the list the lookup relies on: no path has
 * two methods and no operation's path ends with another's; and its work, counted: a path as the
 * builders write it, or one ending with no operation's last segment, is compared with no operation.
 */
import { describe, expect, it, vi } from 'vitest';
import { operations } from '../../generated/operations.js';
import { apiVersionOf, lookupOperation, operationAtPath, operationOf, postListPathOf } from '../../src/operations/operation-of.js';
import { requestPathname, splitOperationKey } from '../../src/operations/request-path.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

describe('operation lookup, for every operation', () => {
  it('finds each operation by its method and path however written, and no other method finds it', () => {
    for (const op of operations) {
      for (const path of [op.path, `${op.path}/`, `${op.path}?limit=1#top`, `https://api.example.invalid${op.path}`, `http://127.0.0.1:4010/base${op.path}?x=1`, `HTTPS://API.example.invalid${op.path}`, `ws://h${op.path}`, `/api${op.path}`, op.path.slice(1)]) {
        expect(operationOf(op.method, path), `${op.method} ${path}`).toBe(op);
        expect(operationOf(` ${op.method.toLowerCase()} `, path), path).toBe(op);
        expect(lookupOperation(op.method, path).operation, path).toBe(op);
      }
      expect(operationAtPath(op.path)).toBe(op);
      expect(operationAtPath(`/api${op.path}`)).toBeUndefined();
      const found = lookupOperation(op.method, op.path);
      expect(found).toBe(lookupOperation(op.method.toLowerCase(), `https://h${op.path}`));
      expect(Object.isFrozen(found)).toBe(true);
      expect(found).toEqual({ operation: op });
      for (const other of METHODS.filter((m) => m !== op.method)) {
        expect(operationOf(other, op.path), `${other} ${op.path}`).toBeUndefined();
        expect(lookupOperation(other, `/api${op.path}`)).toEqual({ error: `${other} /api${op.path} is not an operation: ${op.key} is`, version: op.version });
      }
    }
  });

  it('relies on a list where no path has two methods and no path ends with another operation\'s', () => {
    const paths = operations.map((op) => op.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((a) => paths.some((b) => a !== b && a.endsWith(b)))).toEqual([]);
    expect([...new Set(operations.map((op) => op.version))]).toEqual([1, 2]);
  });
});

describe('a path that is no operation', () => {
  const v2Keys = operations.filter((op) => op.version === 2).map((op) => op.key).join(', ');
  const v1Keys = operations.filter((op) => op.version === 1).map((op) => op.key).join(', ');

  it('names the version it is under and that version\'s operations, or where API paths start', () => {
    expect(lookupOperation('GET', '/2/facebook/nothing')).toEqual({ error: `unknown operation GET /2/facebook/nothing; version 2 has: ${v2Keys}`, version: 2 });
    expect(lookupOperation('GET', '/2')).toEqual({ error: `unknown operation GET /2; version 2 has: ${v2Keys}`, version: 2 });
    expect(lookupOperation('post', 'https://h/base/1/x?y=/2/')).toEqual({ error: `unknown operation POST /base/1/x; version 1 has: ${v1Keys}`, version: 1 });
    expect(lookupOperation('GET', '/x/2')).toEqual({ error: 'unknown operation GET /x/2: API paths start with /1/ or /2/' });
    expect(lookupOperation('GET', '/3/facebook/metrics')).toEqual({ error: 'unknown operation GET /3/facebook/metrics: API paths start with /1/ or /2/' });
    expect(lookupOperation('GET', '/22/facebook/nothing')).toEqual({ error: 'unknown operation GET /22/facebook/nothing: API paths start with /1/ or /2/' });
  });

  it('says when the method or the path is missing', () => {
    expect(lookupOperation('', '/2/facebook/metrics')).toEqual({ error: '(no method) /2/facebook/metrics is not an operation: POST /2/facebook/metrics is', version: 2 });
    expect(lookupOperation(undefined as unknown as string, '/2/facebook/metrics').error).toBe('(no method) /2/facebook/metrics is not an operation: POST /2/facebook/metrics is');
    expect(lookupOperation(' get ', '/2/facebook/metrics').error).toBe('GET /2/facebook/metrics is not an operation: POST /2/facebook/metrics is');
    expect(lookupOperation('GET', undefined as unknown as string)).toEqual({ error: 'unknown operation GET /: API paths start with /1/ or /2/' });
    expect(operationOf('POST', 42 as unknown as string)).toBeUndefined();
    expect(operationOf(undefined as unknown as string, '/2/facebook/metrics')).toBeUndefined();
  });

  it('reads the version, the method and path of a key, and the path of a URL', () => {
    expect(['/1/facebook/metrics', '/2/x', '/2', '/3/x', '/20/x', 'x/2/'].map(apiVersionOf)).toEqual([1, 2, undefined, undefined, undefined, undefined]);
    expect(splitOperationKey(' post  /2/facebook/metrics ')).toEqual({ method: 'post', path: '/2/facebook/metrics' });
    expect([42, 'POST', 'POST /a /b', '', null].map(splitOperationKey)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    // A key is a string: an array or object that only reads as one is none.
    expect([['POST /2/facebook/metrics'], { toString: () => 'POST /2/facebook/metrics' }].map(splitOperationKey)).toEqual([undefined, undefined]);
    expect(requestPathname('https://h:1')).toBe('/');
    expect(requestPathname('https://h?q=/2/x')).toBe('/');
    expect(requestPathname('http://h#/2/x')).toBe('/');
    expect(requestPathname('  /2/x//  ')).toBe('/2/x');
  });
});

describe('a path that reads as a post list\'s, listed or not', () => {
  it('is /<version>/<network>[/<segment>...]/posts, under a base path or in a URL too', () => {
    for (const [path, version, network] of [
      ['/2/twitter/posts', 2, 'twitter'],
      ['/1/facebook/page/posts', 1, 'facebook'],
      ['/api/2/youtube/profile/posts/', 2, 'youtube'],
      ['https://h/base/2/linkedin/posts?x=1', 2, 'linkedin'],
      ['/2/my_net/posts', 2, 'my_net'],
      ['/2/zz/a_z/posts', 2, 'zz'],
      ['/x/1/facebook/posts', 1, 'facebook'],
    ] as const) {
      expect(postListPathOf(path), path).toEqual({ version, network });
    }
  });

  it('is no other path: no network, another last segment, a version not of the API or not written plainly, a segment not of lowercase letters and _', () => {
    for (const path of [
      '/2/posts', '/api/2/posts', '/posts', '/2/twitter/post', '/2/twitter/posts/x',
      '/3/twitter/posts', '/02/twitter/posts', '/2.0/twitter/posts', '/1e0/twitter/posts',
      '/2/Twitter/posts', '/2/twit-ter/posts', '/2/tw1tter/posts', '/2/x{y/posts', '/2/`x/posts', '/2/twitter/Page/posts',
      '/2//posts', '/2/twitter//posts',
      // The first version segment decides: what follows it is no network.
      '/1/2/x/posts',
    ]) {
      expect(postListPathOf(path), path).toBeUndefined();
    }
  });
});

describe('the work of a lookup, counted in comparisons with the operation list', () => {
  /** How many times `find` walks the operation list (operations.filter), and what it found. */
  const walks = <T>(find: () => T): { walks: number; found: T } => {
    const filter = vi.spyOn(operations as (typeof operations)[number][], 'filter');
    try {
      const found = find();
      return { walks: filter.mock.calls.length, found };
    } finally {
      filter.mockRestore();
    }
  };

  it('finds a method and path as the builders write them by two map reads, without walking the list', () => {
    for (const op of operations) expect(walks(() => operationOf(op.method, op.path)), op.key).toEqual({ walks: 0, found: op });
    // The count is live: a path under a base path is matched against the list.
    const [op] = operations;
    expect(walks(() => operationOf(op.method, `/api${op.path}`))).toEqual({ walks: 1, found: op });
  });

  it('turns a path that ends with no operation\'s last segment (a page\'s asset) away without walking the list', () => {
    for (const path of ['/assets/font.woff2', 'https://cdn.example.invalid/2/facebook/app.js', '/2/facebook/nothing']) {
      expect(walks(() => operationOf('GET', path)), path).toEqual({ walks: 0, found: undefined });
    }
  });
});
