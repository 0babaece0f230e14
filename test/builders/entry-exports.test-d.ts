/**
 * What each entry exports: the root holds the client and the shared types, no builders and no
 * request check (a web app bundles one version's checks by importing `/v1` or `/v2`); the
 * `/validators` entry checks requests of both versions; the error class is one class everywhere.
 */
import { describe, expectTypeOf, it } from 'vitest';
import * as root from '../../src/index.js';
import * as V1 from '../../src/v1.js';
import * as V2 from '../../src/v2.js';
import * as validators from '../../src/validators/index.js';
import { checkRequest } from '../../src/request-checks/check.js';

describe('package root', () => {
  it('exports the client, RequestValidationError and maxDateEnd, one of each across entries', () => {
    expectTypeOf(root.createClient).toBeFunction();
    expectTypeOf(root.metricsRequest).toBeFunction();
    expectTypeOf(root.RequestValidationError).toEqualTypeOf(V2.RequestValidationError);
    expectTypeOf(root.RequestValidationError).toEqualTypeOf(V1.RequestValidationError);
    expectTypeOf(root.maxDateEnd).toEqualTypeOf(V2.maxDateEnd);
  });
  it('holds what the README documents and not the split planning helpers of the client', () => {
    expectTypeOf<root.RequestWarning>().toMatchTypeOf<root.RequestProblem>();
    // @ts-expect-error an internal of client.metrics(), not a documented export
    root.planMetricsSplit;
    // @ts-expect-error an internal of client.metrics()
    root.splitDateRange;
    // @ts-expect-error an internal of client.metrics()
    root.chunkEvenly;
    // @ts-expect-error an internal of client.metrics()
    root.gridCover;
  });
  it('holds no builders and no request check', () => {
    // @ts-expect-error the builders live in social-analytics-api/v2, so the root bundles no request checks
    root.v2;
    // @ts-expect-error the builders live in social-analytics-api/v1
    root.v1;
    // @ts-expect-error checkRequest lives in /v1, /v2 (one version) and /validators (both)
    root.checkRequest;
  });
  it('types an answer from a subpath builder with the root ResponseOf', () => {
    const request = V2.v2.instagram.posts({ date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['1'], fields: ['id', 'likes'] });
    expectTypeOf<root.ResponseOf<typeof request>['data']['posts'][number]['likes']>().toEqualTypeOf<number>();
  });
});

describe('social-analytics-api/validators', () => {
  it('exports the request check of both versions', () => {
    expectTypeOf(validators.checkRequest).toEqualTypeOf(checkRequest);
  });
});

describe('the builders as top-level exports of /v1 and /v2', () => {
  it('every member of the builders interface is exported by its name (a network added to the catalog fails here until it is)', () => {
    type MissingV2 = Exclude<keyof V2.V2Builders, keyof typeof V2>;
    type MissingV1 = Exclude<keyof V1.V1Builders, keyof typeof V1>;
    expectTypeOf<MissingV2>().toEqualTypeOf<never>();
    expectTypeOf<MissingV1>().toEqualTypeOf<never>();
    expectTypeOf(V2.facebook).toEqualTypeOf<V2.V2Builders['facebook']>();
  });
});
