/** Types of the vitest matcher augmentation. */
import { expect, expectTypeOf, test } from 'vitest';
import { captureCases, captureCasesSync, type CaptureCase } from '../../src/vitest.js';

test('toBeValidResponse is typed on Assertion', () => {
  expect({}).toBeValidResponse('POST /2/facebook/metrics', { request: {}, status: 200 });
  expect({}).toBeValidResponse('GET https://api.example.invalid/2/facebook/profiles');
  expect({}).toBeValidResponse('POST /2/facebook/metrics', { request: '{"metrics":[]}', strict: true });
  // @ts-expect-error strict is a boolean
  expect({}).toBeValidResponse('POST /2/facebook/metrics', { strict: 'yes' });
  // @ts-expect-error the operation needs a method
  expect({}).toBeValidResponse('/2/facebook/metrics');
  // @ts-expect-error status is a number
  expect({}).toBeValidResponse('POST /2/facebook/metrics', { status: '200' });
  // A capture names its own operation: the options alone.
  expect({ method: 'GET', path: '/2/facebook/profiles', response: {} }).toBeValidResponse({ strict: true });
  expect({ request: {}, response: {} }).toBeValidResponse('POST /2/facebook/metrics', { status: 200 });
  // @ts-expect-error the operation is a string "METHOD path", not a number
  expect({}).toBeValidResponse(2);
});

test('captureCases gives named cases shaped as captures', () => {
  expectTypeOf(captureCases).parameter(0).toEqualTypeOf<string | readonly string[]>();
  expectTypeOf(captureCases).returns.resolves.toEqualTypeOf<CaptureCase[]>();
  expectTypeOf<CaptureCase>().toHaveProperty('name').toBeString();
  expectTypeOf<CaptureCase>().toHaveProperty('response').toBeUnknown();
  // @ts-expect-error the options are an object, not a flag
  void captureCases('captures', true);
  // The same cases without a Promise, for a test file that cannot await (a CommonJS jest test).
  expectTypeOf(captureCasesSync).returns.toEqualTypeOf<CaptureCase[]>();
});

test('the matcher returns void like vitest assertions, so a test.each callback may return it', async () => {
  expectTypeOf(expect({ a: 1 }).toBeValidResponse('POST /2/facebook/metrics')).toEqualTypeOf<void>();
  expectTypeOf(expect.soft({}).toBeValidResponse()).toEqualTypeOf<void>();
  expectTypeOf(expect(Promise.resolve({})).resolves.toBeValidResponse('GET /2/facebook/profiles')).toEqualTypeOf<Promise<void>>();
  const cases: CaptureCase[] = await captureCases('captures', { allowEmpty: true });
  // The README's pattern: an arrow returning the assertion, typed `(...args: [CaptureCase]) => Awaitable<void>`.
  test.each(cases)('$name', (capture) => expect(capture).toBeValidResponse());
  test.each(cases)('$name', (capture) => expect(capture).not.toBeValidResponse({ strict: true }));
});

test('toSatisfyApi is async for a fetch Response or Request, sync for a plain answer', () => {
  const request = { method: 'POST', path: '/2/facebook/metrics', body: {} };
  expectTypeOf(expect(new Response('{}')).toSatisfyApi(request)).toEqualTypeOf<Promise<void>>();
  expectTypeOf(expect(new Response('{}')).toSatisfyApi()).toEqualTypeOf<Promise<void>>();
  expectTypeOf(expect({ status: 200, body: {} }).toSatisfyApi(request)).toEqualTypeOf<void>();
  expectTypeOf(expect({ status: 200, body: {} }).toSatisfyApi(new Request('http://127.0.0.1/2/facebook/metrics'))).toEqualTypeOf<Promise<void>>();
  expect({ status: 200, body: {} }).toSatisfyApi(request, { strict: true });
  // @ts-expect-error the request needs a method and a path
  expect({ status: 200, body: {} }).toSatisfyApi({ path: '/2/facebook/metrics' });
  // @ts-expect-error the request as sent, whole: a body alone names no operation
  expect({ status: 200, body: {} }).toSatisfyApi({ date_start: '2026-01-01', date_end: '2026-01-31', profiles: ['p1'], metrics: ['fans_change'] });
  // @ts-expect-error strict is a boolean
  expect({ status: 200, body: {} }).toSatisfyApi(request, { strict: 'yes' });
});
