/**
 * The package's own responses pass in strict mode: what the mock server answers for a sample of
 * valid requests of every operation breaks no rule, stated or inferred. (The spec examples are
 * checked in strict mode by examples.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { validateResponse } from '../../src/validators/index.js';
import { allOperations, validRequest } from '../client/support/requests.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const authorization = authorizationHeader(TOKEN, SECRET);

describe('mock responses in strict mode', () => {
  it('break no rule for valid requests of every operation', async () => {
    const server = await mock();
    for (let round = 0; round < 5; round++) {
      for (const [i, op] of allOperations.entries()) {
        const req = validRequest(op, server.account, round * 1000 + i);
        const res = await fetch(server.url + req.path, { method: req.method, headers: { authorization, 'content-type': 'application/json' }, body: req.body === undefined ? undefined : JSON.stringify(req.body) });
        const body = await res.json();
        const result = validateResponse({ method: req.method, path: req.path, body, request: req.body, status: res.status, strict: true });
        expect(result, `${op.key} ${JSON.stringify(req.body)}`).toMatchObject({ valid: true, errors: [], warnings: [] });
      }
    }
  });
});
