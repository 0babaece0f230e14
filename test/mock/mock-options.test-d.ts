import { describe, expectTypeOf, it } from 'vitest';
import { startMockServer, type MockServerOptions } from '../../src/mock/index.js';
import { parseMockArgs } from '../../src/cli/mock.js';

describe('mock server options', () => {
  it('takes cors as an optional boolean, as the command line sets it', () => {
    expectTypeOf<MockServerOptions['cors']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf(parseMockArgs(['--no-cors']).cors).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(startMockServer).toBeCallableWith({ cors: false });
    // @ts-expect-error cors is on or off, not a list of origins
    void startMockServer({ cors: ['http://127.0.0.1:5173'] });
  });
});
