/**
 * The fast-check arbitraries: each invalid-request arbitrary makes `checkRequest` find exactly its
 * rule (and the rules breaking it necessarily breaks) over 1,000 runs; valid requests break no
 * rule, stated or inferred; the mock's answers to valid requests pass the validators in strict
 * mode; every request rule of the register has an arbitrary, or a reason why none can exist.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/operations.js';
import { answerTo, anyValidRequest, BREAKABLE_RULES, IMPLIED_RULES, invalidRequest, unknownOperationRequest, validRequest } from '../../src/arbitraries/index.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { validateResponse } from '../../src/validators/index.js';
import { sectionRuleIds } from '../validators/register-section.js';

const rulesOf = (request: { operation: string; body: unknown }) => [...new Set(checkRequest(request.operation, request.body, { strict: true }).map((p) => p.rule))].sort();

describe('invalid-request arbitraries', () => {
  it.each(BREAKABLE_RULES)('%s: checkRequest finds exactly that rule, over 1,000 runs', (rule) => {
    const expected = [rule, ...(IMPLIED_RULES[rule] ?? [])].sort();
    fc.assert(
      fc.property(invalidRequest(rule), (request) => {
        expect(rulesOf(request), `${request.operation} ${JSON.stringify(request.body)}`).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('unknownOperationRequest: checkRequest finds exactly shared.request.known-operation, over 1,000 runs', () => {
    fc.assert(fc.property(unknownOperationRequest(), (request) => {
      expect(rulesOf(request)).toEqual(['shared.request.known-operation']);
    }), { numRuns: 1000 });
  });

  it('cover every request rule of the register but the two no request can break alone', () => {
    const covered = new Set<string>([...BREAKABLE_RULES, 'shared.request.known-operation']);
    expect(sectionRuleIds('request rules').filter((id) => !covered.has(id))).toEqual(['v2.posts.sort-not-offered']);
  });

  it('refuse a rule without an arbitrary and operations that cannot break the rule, naming them', () => {
    expect(() => invalidRequest('shared.response.json' as never)).toThrow(/^invalidRequest: "shared.response.json" is not a request rule with an arbitrary; they are shared.request.body-object, /);
    expect(() => invalidRequest('v1.metrics.no-dimensions', ['POST /2/facebook/metrics'])).toThrow('invalidRequest: no operation among POST /2/facebook/metrics can break v1.metrics.no-dimensions; it applies to POST /1/facebook/metrics');
  });
});

describe('valid-request arbitraries', () => {
  it('break no rule (strict: no inferred one either), over 1,000 runs across operations', () => {
    fc.assert(fc.property(anyValidRequest(), (request) => {
      expect(rulesOf(request), JSON.stringify(request)).toEqual([]);
    }), { numRuns: 1000 });
  });

  it.each(operations.map((o) => o.key))('%s: 100 valid requests break no rule', (key) => {
    fc.assert(fc.property(validRequest(key), (request) => {
      expect(rulesOf(request), JSON.stringify(request)).toEqual([]);
    }), { numRuns: 100 });
  });

  it('refuse an unknown operation, naming it', () => {
    expect(() => validRequest('POST /2/myspace/metrics')).toThrow(/^validRequest: "POST \/2\/myspace\/metrics" is not an operation; /);
  });
});

describe('answer arbitraries', () => {
  it('the mock answers valid requests with bodies that pass the validators in strict mode, mostly with data', () => {
    let successes = 0;
    fc.assert(
      fc.property(anyValidRequest().chain((request) => fc.tuple(fc.constant(request), answerTo(request))), ([request, answer]) => {
        const result = validateResponse({ method: request.method, path: request.path, status: answer.status, body: answer.body, request: request.body, strict: true });
        expect(result.errors, JSON.stringify(result.errors.slice(0, 2))).toEqual([]);
        if ((answer.body as { success?: boolean }).success === true) successes++;
      }),
      { numRuns: 150 },
    );
    expect(successes).toBeGreaterThan(100);
  });
});
