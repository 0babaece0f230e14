/** The package root (src/index.ts) exports the same builders, error class and helpers as the subpaths. */
import { describe, expectTypeOf, it } from 'vitest';
import * as root from '../../src/index.js';
import * as V1 from '../../src/v1.js';
import * as V2 from '../../src/v2.js';

describe('package root', () => {
  it('exports v1 and v2 builders, RequestValidationError, checkRequest and maxDateEnd', () => {
    expectTypeOf(root.v1).toEqualTypeOf(V1.v1);
    expectTypeOf(root.v2).toEqualTypeOf(V2.v2);
    expectTypeOf(root.RequestValidationError).toEqualTypeOf(V2.RequestValidationError);
    expectTypeOf(root.checkRequest).toEqualTypeOf(V2.checkRequest);
    expectTypeOf(root.maxDateEnd).toEqualTypeOf(V2.maxDateEnd);
  });
  it('narrows responses of root builders like the subpath ones', () => {
    const request = root.v2.instagram.posts({ date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['1'], fields: ['id', 'likes'] });
    expectTypeOf<root.ResponseOf<typeof request>['data']['posts'][number]['likes']>().toEqualTypeOf<number>();
    // @ts-expect-error the root's v1 has no linkedin either
    root.v1.linkedin;
  });
});
