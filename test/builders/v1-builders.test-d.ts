/** Type tests of the version 1 builders: no dimensions, no linkedin, narrowed day records. */
import { describe, expectTypeOf, it } from 'vitest';
import { v1, type ResponseOf } from '../../src/v1.js';
import type * as V1 from '../../src/v1.js';
import type { components } from '../../generated/types/v1.js';

/** The members of an intersection as one object type, optional ones kept optional. */
type Members<X> = { [K in keyof X]: X[K] };

const range = { date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['UC1'] } as const;

describe('v1 metrics', () => {
  it('day records hold exactly the requested metrics with their catalog types', () => {
    const req = v1.youtube.metrics({ ...range, metrics: ['views_change', 'engagement_rate'] });
    expectTypeOf(req.operation).toEqualTypeOf<'POST /1/youtube/metrics'>();
    type Day = ResponseOf<typeof req>['profiles'][number]['data'][number];
    expectTypeOf<Day['date']>().toEqualTypeOf<string>();
    expectTypeOf<Day['views_change']>().toEqualTypeOf<number>();
    expectTypeOf<keyof Day>().toEqualTypeOf<'date' | 'views_change' | 'engagement_rate'>();
    // @ts-expect-error likes_change was not requested
    type NotRequested = Day['likes_change'];
  });
  it('breakdown metrics are maps', () => {
    const req = v1.facebook.metrics({ ...range, metrics: ['comments_by_type'] });
    type Day = ResponseOf<typeof req>['profiles'][number]['data'][number];
    expectTypeOf<Day['comments_by_type']>().toEqualTypeOf<Record<string, unknown>>();
  });
  it('rejects dimensions, v2 names and linkedin', () => {
    // @ts-expect-error version 1 has no dimensions
    v1.youtube.metrics({ ...range, metrics: ['views_change'], dimensions: [{ type: 'date.day' }] });
    // @ts-expect-error subscribers_lifetime is the v2 name (v1: subscribers_count_lifetime)
    v1.youtube.metrics({ ...range, metrics: ['subscribers_lifetime'] });
    // @ts-expect-error version 1 has no linkedin
    v1.linkedin;
  });
});

describe('v1 posts', () => {
  it('narrows facebook posts and accepts the v1-only sort field', () => {
    const req = v1.facebook.posts({ ...range, fields: ['id', 'created_time'], sort: [{ field: 'insights_engagement_rate', order: 'desc' }] });
    expectTypeOf(req.operation).toEqualTypeOf<'POST /1/facebook/page/posts'>();
    // A post is an intersection under its alias (FacebookPostOf<F>): compared member by member.
    expectTypeOf<Members<ResponseOf<typeof req>['data']['posts'][number]>>().toEqualTypeOf<{ id: string; created_time: string }>();
  });
  it('the facebook posts builder takes FacebookPostsRequest, the same members as PostsRequest<\'facebook\', F>', () => {
    expectTypeOf<V1.FacebookPostsRequest<'id' | 'story'>>().toEqualTypeOf<V1.PostsRequest<'facebook', 'id' | 'story'>>();
    const req = v1.facebook.posts({ ...range, fields: ['id'] });
    expectTypeOf(req.body).toEqualTypeOf<V1.FacebookPostsRequest<'id'>>();
  });
  it('has no posts builder for other networks and no profile labels', () => {
    // @ts-expect-error v1 lists posts of facebook only
    v1.instagram.posts;
    // @ts-expect-error the v1 profile label list is not shown
    v1.profileLabels;
    const labels = v1.postLabels();
    expectTypeOf(labels.operation).toEqualTypeOf<'POST /1/post/labels'>();
    expectTypeOf<ResponseOf<typeof labels>>().toEqualTypeOf<components['schemas']['PostLabelsResponse']>();
    expectTypeOf<ResponseOf<ReturnType<typeof v1.pinterest.profiles>>>().toEqualTypeOf<components['schemas']['ProfilesResponse']>();
  });
  it('rejects a filter value of the wrong shape', () => {
    // @ts-expect-error ppd_status is organic, paid or unknown
    v1.facebook.posts({ ...range, fields: ['id'], filter: [{ field: 'ppd_status', value: 'boosted' }] });
    const body: V1.PostsRequest<'facebook'> = { ...range, fields: ['id'], filter: [{ match_any: [{ field: 'post_labels', value: ['l'] }] }] };
    void body;
  });
});
