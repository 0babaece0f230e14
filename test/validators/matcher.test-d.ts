/** Types of the vitest matcher augmentation. */
import { expect, test } from 'vitest';
import '../../src/vitest.js';

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
});
