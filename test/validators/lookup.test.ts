/** Finding the operation of a method and a path or URL. */
import { describe, expect, it } from 'vitest';
import { lookupOperation, validateResponse } from '../../src/validators/index.js';
import { operations } from '../../generated/operations.js';
import { apiVersionOf, operationAtPath, operationOf } from '../../src/operations/operation-of.js';
import { splitOperationKey } from '../../src/operations/request-path.js';

const body = { success: true, profiles: [] };

describe('lookupOperation', () => {
  it.each([
    ['/2/facebook/profiles'],
    ['/2/facebook/profiles/'],
    ['/2/facebook/profiles?limit=3#x'],
    ['https://api.example.invalid/2/facebook/profiles'],
    ['https://api.example.invalid:8443/2/facebook/profiles?token=a'],
    ['http://127.0.0.1:4010/base/path/2/facebook/profiles'],
  ])('finds GET /2/facebook/profiles from %s', (path) => {
    expect(lookupOperation('get', path).operation?.key).toBe('GET /2/facebook/profiles');
    expect(validateResponse({ method: 'GET', path, body })).toEqual({ valid: true, operation: 'GET /2/facebook/profiles', errors: [], warnings: [] });
  });

  it('tells the versions apart', () => {
    expect(lookupOperation('POST', '/1/facebook/metrics').operation).toMatchObject({ version: 1, key: 'POST /1/facebook/metrics' });
    expect(lookupOperation('POST', '/2/facebook/metrics').operation).toMatchObject({ version: 2, key: 'POST /2/facebook/metrics' });
  });

  it('lists the paths of the version for an unknown operation, without throwing', () => {
    const result = validateResponse({ method: 'POST', path: '/2/facebook/metricz', body });
    expect(result.valid).toBe(false);
    expect(result.operation).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toMatch(/^unknown operation POST \/2\/facebook\/metricz; version 2 has: GET \/2\/facebook\/profiles, /);
    expect(result.errors[0].message).toContain('POST /2/linkedin/metrics');
    expect(result.errors[0].message).not.toContain('/1/');
  });

  it('names the method that exists for a path', () => {
    expect(lookupOperation('GET', '/2/facebook/metrics').error).toBe('GET /2/facebook/metrics is not an operation: POST /2/facebook/metrics is');
  });

  it('linkedin has no version 1 operations', () => {
    expect(lookupOperation('POST', '/1/linkedin/metrics').error).toMatch(/^unknown operation POST \/1\/linkedin\/metrics; version 1 has: /);
  });

  it('says where API paths start when there is no version', () => {
    expect(lookupOperation('GET', 'https://cdn.example.invalid/logo.png').error).toBe('unknown operation GET /logo.png: API paths start with /1/ or /2/');
  });

  it('survives nonsense input', () => {
    for (const [method, path] of [[undefined, undefined], ['', ''], [42, {}], ['POST', 'http://[bad']] as any[]) {
      const result = validateResponse({ method, path, body });
      expect(result.valid).toBe(false);
      expect(result.errors[0].message).toMatch(/^unknown operation/);
    }
    expect(validateResponse(undefined as any).valid).toBe(false);
  });

  it('answers the same pair the same way every time, a found operation with one frozen answer', () => {
    for (const [method, path] of [['GET', '/2/facebook/profiles'], ['get', '/2/facebook/profiles/'], ['POST', '/2/facebook/profiles'], ['GET', '/9/nope']]) {
      const first = lookupOperation(method, path);
      expect(lookupOperation(method, path)).toEqual(first);
    }
    expect(lookupOperation('GET', '/2/facebook/profiles')).toBe(lookupOperation('get', 'https://h.example.invalid/2/facebook/profiles?x=1'));
    expect(Object.isFrozen(lookupOperation('GET', '/2/facebook/profiles'))).toBe(true);
    expect(lookupOperation('POST', '/2/facebook/profiles').error).toMatch(/is not an operation/);
    expect(lookupOperation('GET', '/2/facebook/profiles').operation?.key).toBe('GET /2/facebook/profiles');
    // a different spelling of the same path is a different pair, found again
    expect(lookupOperation('GET', '/api/2/facebook/profiles').operation?.key).toBe('GET /2/facebook/profiles');
  });
});

describe('operationAtPath (the mock server routes by it)', () => {
  it('finds the operation at exactly a path, whatever the method', () => {
    expect(operationAtPath('/2/facebook/metrics')?.key).toBe('POST /2/facebook/metrics');
    expect(operationAtPath('/1/twitter/profiles')?.key).toBe('GET /1/twitter/profiles');
  });

  it('does not match by suffix, query or trailing slash as captured paths do', () => {
    expect(operationAtPath('/api/2/facebook/metrics')).toBeUndefined();
    expect(operationAtPath('/2/facebook/metrics/')).toBeUndefined();
    expect(operationAtPath('/2/myspace/metrics')).toBeUndefined();
  });
});

describe('operationOf: the one lookup of an operation by method and path', () => {
  it('returns the generated record itself: key, version, network, kind, ids', () => {
    const record = operations.find((op) => op.key === 'POST /2/instagram/profile/posts');
    expect(operationOf('POST', '/2/instagram/profile/posts')).toBe(record);
    expect(operationOf('post', 'https://api.example.invalid:8443/base/2/instagram/profile/posts?limit=3#top')).toBe(record);
    expect(record).toMatchObject({ version: 2, network: 'instagram', kind: 'posts', operationId: 'listInstagramProfilePosts' });
    expect(operationOf('POST', '/1/post/labels')).toMatchObject({ version: 1, kind: 'post-labels' });
    expect(operationOf('POST', '/1/post/labels')?.network).toBeUndefined();
  });

  it('finds every generated operation from its own method and path', () => {
    for (const op of operations) expect(operationOf(op.method, op.path)).toBe(op);
  });

  it('is undefined for what is not an operation: unknown path, network or method', () => {
    expect(operationOf('POST', '/2/facebook/metricz')).toBeUndefined();
    expect(operationOf('POST', '/2/myspace/metrics')).toBeUndefined();
    expect(operationOf('GET', '/2/facebook/metrics')).toBeUndefined();
    expect(operationOf('POST', '/1/linkedin/metrics')).toBeUndefined();
  });
});

describe('apiVersionOf and splitOperationKey (the client and the matcher read paths and keys through them)', () => {
  it('tells the version a path is under', () => {
    expect(apiVersionOf('/2/facebook/unknown')).toBe(2);
    expect(apiVersionOf('/1/facebook/metrics')).toBe(1);
    expect(apiVersionOf('/3/facebook/metrics')).toBeUndefined();
    expect(apiVersionOf('2/facebook/metrics')).toBeUndefined();
  });

  it('splits "METHOD path" and refuses anything else', () => {
    expect(splitOperationKey(' post  /2/facebook/metrics ')).toEqual({ method: 'post', path: '/2/facebook/metrics' });
    expect(splitOperationKey('GET https://h.example.invalid/2/facebook/profiles?x=1')).toEqual({ method: 'GET', path: 'https://h.example.invalid/2/facebook/profiles?x=1' });
    for (const text of ['/2/facebook/metrics', 'POST /2/a b', '', 42, undefined]) expect(splitOperationKey(text)).toBeUndefined();
  });
});
