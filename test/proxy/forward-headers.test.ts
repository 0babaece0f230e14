import { describe, expect, it } from 'vitest';
import { passedHeaders, rawHeader } from '../../src/proxy/forward.js';

describe('the headers the proxy passes on', () => {
  it('keeps every end-to-end header as it came (spelling, order, repeats) and drops the hop-by-hop ones', () => {
    const raw = ['Content-Type', 'application/json', 'Connection', 'keep-alive, X-Hop', 'Set-Cookie', 'a=1', 'Keep-Alive', 'timeout=5', 'x-hop', 'secret', 'Transfer-Encoding', 'chunked', 'Set-Cookie', 'b=2', 'Host', 'proxy:4011', 'Upgrade', 'h2c'];
    expect(passedHeaders(raw, new Set())).toEqual(['Content-Type', 'application/json', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2', 'Host', 'proxy:4011']);
    expect(passedHeaders(raw, new Set(['host']))).toEqual(['Content-Type', 'application/json', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
  });

  it('finds a header by its name in any letter case', () => {
    expect(rawHeader(['Content-Encoding', 'gzip', 'AUTHORIZATION', 'Basic eA=='], 'authorization')).toBe('Basic eA==');
    expect(rawHeader(['Content-Encoding', 'gzip'], 'authorization')).toBeUndefined();
  });
});
