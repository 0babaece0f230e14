/** Type tests of the version 2 builders: compile-time rules and narrowed response types. */
import { describe, expectTypeOf, it } from 'vitest';
import { v2, type RequestProblem, type RequestWarning, type ResponseOf } from '../../src/v2.js';
import type * as V2 from '../../src/v2.js';
import type { components } from '../../generated/types/v2.js';
import type { DimensionHeader, DimensionItem } from '../../src/builders/types.js';

/** The members of an intersection as one object type, optional ones kept optional. */
type Members<X> = { [K in keyof X]: X[K] };

const range = { date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['164929129743'] } as const;
const postRange = { date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['164929129743'] } as const;

describe('v2 metrics: names', () => {
  it('accepts metrics of the network and returns the operation', () => {
    const req = v2.facebook.metrics({ ...range, metrics: ['fans_change', 'insights_reach'], dimensions: [{ type: 'date.day' }] });
    expectTypeOf(req.operation).toEqualTypeOf<'POST /2/facebook/metrics'>();
    expectTypeOf(req.body.metrics).toEqualTypeOf<readonly ('fans_change' | 'insights_reach')[]>();
  });
  it('rejects a metric of another network or an unknown one', () => {
    // @ts-expect-error followers_change is not a facebook metric
    v2.facebook.metrics({ ...range, metrics: ['followers_change'] });
    // @ts-expect-error fans_change is not a linkedin metric
    v2.linkedin.metrics({ ...range, metrics: ['fans_change'] });
    // @ts-expect-error unknown metric
    v2.youtube.metrics({ ...range, metrics: ['views_total'] });
  });
  it('rejects a request without metrics or with an unknown member', () => {
    // @ts-expect-error metrics is required
    v2.twitter.metrics({ ...range });
    // @ts-expect-error period is not a parameter
    v2.twitter.metrics({ ...range, metrics: ['ff_ratio'], period: 'day' });
  });
});

describe('v2 metrics: dimensions', () => {
  it('accepts base dimensions in any order and one allowed extra dimension last', () => {
    v2.facebook.metrics({ ...range, metrics: ['fans_change'], dimensions: [{ type: 'profile' }, { type: 'date.month' }, { type: 'profile_label' }] });
    v2.facebook.metrics({ ...range, metrics: ['insights_activity', 'insights_impressions'], dimensions: [{ type: 'date.day' }, { type: 'activity_type' }] });
    v2.facebook.metrics({ ...range, metrics: ['insights_activity'], dimensions: [{ type: 'activity_type' }] });
    v2.youtube.metrics({ ...range, metrics: ['interaction_change'], dimensions: [{ type: 'profile' }, { type: 'interaction_type' }] });
    v2.pinterest.metrics({ ...range, metrics: ['pins_lifetime'] });
  });
  it('rejects an extra dimension a requested metric does not allow', () => {
    // @ts-expect-error fans_change allows no extra dimension
    v2.facebook.metrics({ ...range, metrics: ['fans_change', 'insights_activity'], dimensions: [{ type: 'date.day' }, { type: 'activity_type' }] });
    // @ts-expect-error insights_activity does not allow city
    v2.facebook.metrics({ ...range, metrics: ['insights_activity'], dimensions: [{ type: 'city' }] });
    // @ts-expect-error click_target is an instagram extra dimension, not a facebook one
    v2.facebook.metrics({ ...range, metrics: ['insights_post_clicks'], dimensions: [{ type: 'click_target' }] });
  });
  it('rejects an extra dimension that is not last, and two extra dimensions', () => {
    // @ts-expect-error the extra dimension activity_type must be last
    v2.facebook.metrics({ ...range, metrics: ['insights_activity'], dimensions: [{ type: 'activity_type' }, { type: 'date.day' }] });
    // @ts-expect-error only one extra dimension per request (insights_impressions allows both)
    v2.facebook.metrics({ ...range, metrics: ['insights_impressions'], dimensions: [{ type: 'activity_type' }, { type: 'post_attribution' }] });
  });
  it('rejects an unknown dimension or a dimension of the wrong shape', () => {
    // @ts-expect-error date.year is not a dimension
    v2.twitter.metrics({ ...range, metrics: ['ff_ratio'], dimensions: [{ type: 'date.year' }] });
    // @ts-expect-error dimensions are {type} objects, not strings
    v2.twitter.metrics({ ...range, metrics: ['ff_ratio'], dimensions: ['date.day'] });
  });
});

describe('v2 metrics: narrowed response', () => {
  it('the header names the requested dimensions and, last, the metrics; data nests one level per dimension', () => {
    const req = v2.facebook.metrics({ ...range, metrics: ['insights_activity', 'insights_impressions'], dimensions: [{ type: 'profile' }, { type: 'date.day' }, { type: 'activity_type' }] });
    type R = ResponseOf<typeof req>;
    expectTypeOf<R['success']>().toEqualTypeOf<true>();
    expectTypeOf<R['header']>().toEqualTypeOf<
      [
        DimensionHeader<'profile'>,
        DimensionHeader<'date.day'>,
        DimensionHeader<'activity_type'>,
        { type: 'metric'; rows: ('insights_activity' | 'insights_impressions')[] },
      ]
    >();
    expectTypeOf<R['header'][0]['type']>().toEqualTypeOf<'profile'>();
    expectTypeOf<R['header'][3]['type']>().toEqualTypeOf<'metric'>();
    // @ts-expect-error the first header element is the first requested dimension, not date.day
    const first: R['header'][0]['type'] = 'date.day';
    void first;
    expectTypeOf<R['data']>().toEqualTypeOf<number[][][][]>();
  });
  it('the request is a MetricsCall naming the metrics and the dimension names, its answer a MetricsResponse of the same', () => {
    const req = v2.facebook.metrics({ ...range, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }, { type: 'profile' }] });
    expectTypeOf(req).toEqualTypeOf<V2.MetricsCall<'facebook', 'fans_change', ['date.day', 'profile']>>();
    expectTypeOf<ResponseOf<typeof req>>().toEqualTypeOf<V2.MetricsResponse<'fans_change', ['date.day', 'profile']>>();
    expectTypeOf(req.body.dimensions).toEqualTypeOf<readonly [DimensionItem<'date.day'>, DimensionItem<'profile'>] | undefined>();
    const posts = v2.facebook.posts({ ...postRange, fields: ['id'] });
    expectTypeOf(posts).toEqualTypeOf<V2.FacebookPostsCall<'id'>>();
    // @ts-expect-error a request's dimension names are its own: another order is another request
    expectTypeOf(req).toEqualTypeOf<V2.MetricsCall<'facebook', 'fans_change', ['profile', 'date.day']>>();
  });
  it('a dimensions list typed as an array nests numbers to any depth; after a refused dimension data is any (no second error)', () => {
    const days: DimensionItem<'date.day'>[] = [{ type: 'date.day' }];
    const listed = v2.facebook.metrics({ ...range, metrics: ['fans_change'], dimensions: days });
    expectTypeOf<ResponseOf<typeof listed>['data']>().toEqualTypeOf<V2.NestedNumbers[]>();
    // @ts-expect-error activity_type is an extra dimension fans_change does not allow
    const refused = v2.facebook.metrics({ ...range, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }, { type: 'activity_type' }] });
    expectTypeOf<ResponseOf<typeof refused>['data']>().toBeAny();
    expectTypeOf<ResponseOf<typeof refused>['header'][0]['type']>().toExtend<string>();
  });
  it('without dimensions the header is the metric element and data one number per metric', () => {
    const req = v2.linkedin.metrics({ ...range, metrics: ['followers_lifetime'] });
    expectTypeOf<ResponseOf<typeof req>['header']>().toEqualTypeOf<[{ type: 'metric'; rows: 'followers_lifetime'[] }]>();
    expectTypeOf<ResponseOf<typeof req>['data']>().toEqualTypeOf<number[]>();
  });
  it('twitter, linkedin and pinterest (no extra dimensions) type the header position by position too', () => {
    const linkedin = v2.linkedin.metrics({ ...range, metrics: ['followers_change'], dimensions: [{ type: 'date.week' }, { type: 'profile_label' }] });
    type L = ResponseOf<typeof linkedin>;
    expectTypeOf<L['header']>().toEqualTypeOf<
      [DimensionHeader<'date.week'>, DimensionHeader<'profile_label'>, { type: 'metric'; rows: 'followers_change'[] }]
    >();
    expectTypeOf<L['header'][0]['type']>().toEqualTypeOf<'date.week'>();
    expectTypeOf<L['data']>().toEqualTypeOf<number[][][]>();
    expectTypeOf(linkedin.body.dimensions).toEqualTypeOf<readonly [{ readonly type: 'date.week' }, { readonly type: 'profile_label' }] | undefined>();
    // @ts-expect-error the first header element is the first requested dimension (date.week), not profile_label
    const wrong: L['header'][0]['type'] = 'profile_label';
    void wrong;

    const twitter = v2.twitter.metrics({ ...range, metrics: ['ff_ratio', 'followers_change'], dimensions: [{ type: 'profile' }, { type: 'date.day' }] });
    type T = ResponseOf<typeof twitter>;
    expectTypeOf<T['header'][0]['type']>().toEqualTypeOf<'profile'>();
    expectTypeOf<T['header'][1]['type']>().toEqualTypeOf<'date.day'>();
    expectTypeOf<T['header'][2]>().toEqualTypeOf<{ type: 'metric'; rows: ('ff_ratio' | 'followers_change')[] }>();
    expectTypeOf<T['header']['length']>().toEqualTypeOf<3>();

    const pinterest = v2.pinterest.metrics({ ...range, metrics: ['pins_lifetime'], dimensions: [{ type: 'date.month' }, { type: 'profile' }, { type: 'profile_label' }] });
    type P = ResponseOf<typeof pinterest>;
    expectTypeOf<P['header']>().toEqualTypeOf<
      [DimensionHeader<'date.month'>, DimensionHeader<'profile'>, DimensionHeader<'profile_label'>, { type: 'metric'; rows: 'pins_lifetime'[] }]
    >();
    expectTypeOf<P['data']>().toEqualTypeOf<number[][][][]>();

    const none = v2.twitter.metrics({ ...range, metrics: ['ff_ratio'], dimensions: [] });
    expectTypeOf<ResponseOf<typeof none>['header']>().toEqualTypeOf<[{ type: 'metric'; rows: 'ff_ratio'[] }]>();
  });
  it('a dimensions list typed as an array (not a tuple) gives dimension elements of unknown position', () => {
    const dimensions: readonly DimensionItem<'date.day' | 'profile'>[] = [{ type: 'date.day' }];
    const req = v2.twitter.metrics({ ...range, metrics: ['ff_ratio'], dimensions });
    expectTypeOf<ResponseOf<typeof req>['header']>().toEqualTypeOf<
      [...DimensionHeader<'date.day' | 'profile'>[], { type: 'metric'; rows: 'ff_ratio'[] }]
    >();
  });
  it('twitter, linkedin and pinterest refuse every extra dimension: not last, two of them, or one their metrics do not allow', () => {
    // @ts-expect-error activity_type is an extra dimension (facebook) that no linkedin metric allows
    v2.linkedin.metrics({ ...range, metrics: ['followers_change'], dimensions: [{ type: 'activity_type' }] });
    // @ts-expect-error country is an extra dimension no twitter metric allows, and an extra dimension must be last
    v2.twitter.metrics({ ...range, metrics: ['ff_ratio'], dimensions: [{ type: 'country' }, { type: 'date.day' }] });
    // @ts-expect-error two extra dimensions (city, gender_age), and no pinterest metric allows either
    v2.pinterest.metrics({ ...range, metrics: ['pins_lifetime'], dimensions: [{ type: 'city' }, { type: 'gender_age' }] });
    // @ts-expect-error country is last, but no pinterest metric allows an extra dimension
    v2.pinterest.metrics({ ...range, metrics: ['followers_change'], dimensions: [{ type: 'date.day' }, { type: 'country' }] });
    // @ts-expect-error gender_age is allowed by no twitter metric
    v2.twitter.metrics({ ...range, metrics: ['followers_change'], dimensions: [{ type: 'profile' }, { type: 'gender_age' }] });
    // @ts-expect-error locale after a base dimension: still no linkedin metric allows it
    v2.linkedin.metrics({ ...range, metrics: ['followers_lifetime'], dimensions: [{ type: 'date.day' }, { type: 'locale' }] });
  });
  it('a metric not requested is not in the header type', () => {
    const req = v2.instagram.metrics({ ...range, metrics: ['followers_change'], dimensions: [{ type: 'date.day' }] });
    type Header = ResponseOf<typeof req>['header'];
    type Last = Header extends [...unknown[], infer L] ? L : never;
    type Rows = Last extends { rows: (infer R)[] } ? R : never;
    expectTypeOf<Rows>().toEqualTypeOf<'followers_change'>();
    // @ts-expect-error followers_lifetime was not requested
    const row: Rows = 'followers_lifetime';
    void row;
  });
});

describe('v2 posts: fields, sort, filter', () => {
  it('narrows posts to the requested fields with catalog types', () => {
    const req = v2.facebook.posts({ ...postRange, fields: ['id', 'message', 'comments'] });
    expectTypeOf(req.operation).toEqualTypeOf<'POST /2/facebook/page/posts'>();
    type Page = ResponseOf<typeof req>;
    // A post is an intersection under its alias (FacebookPostOf<F>): compared member by member.
    expectTypeOf<Members<Page['data']['posts'][number]>>().toEqualTypeOf<{ id: string; message: string; comments: number }>();
    expectTypeOf<Page['data']['next']>().toEqualTypeOf<string | undefined>();
  });
  it('every requested field is present, those of videos only ("video only") optional', () => {
    const req = v2.facebook.posts({ ...postRange, fields: ['id', 'comments', 'video_id', 'video_length'] });
    type P = ResponseOf<typeof req>['data']['posts'][number];
    expectTypeOf<Members<P>>().toEqualTypeOf<{ id: string; comments: number; video_id?: string; video_length?: number }>();
    expectTypeOf<P['comments']>().toEqualTypeOf<number>();
    // @ts-expect-error a post that is not a video lacks video_id: the type says it may be undefined
    const id: string = ({} as P).video_id;
    void id;
    const reels = v2.instagram.posts({ ...postRange, fields: ['likes', 'insights_video_views'] });
    type R = ResponseOf<typeof reels>['data']['posts'][number];
    expectTypeOf<R['likes']>().toEqualTypeOf<number>();
    expectTypeOf<R['insights_video_views']>().toEqualTypeOf<number | undefined>();
  });
  it('instagram posts also carry the optional profile_id', () => {
    const req = v2.instagram.posts({ ...postRange, fields: ['id', 'likes'], limit: 50 });
    type P = ResponseOf<typeof req>['data']['posts'][number];
    expectTypeOf<P['likes']>().toEqualTypeOf<number>();
    expectTypeOf<P['profile_id']>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error comments was not requested
    type NotRequested = P['comments'];
  });
  it('rejects unknown fields and fields of another network', () => {
    // @ts-expect-error likes is an instagram field
    v2.facebook.posts({ ...postRange, fields: ['id', 'likes'] });
    // @ts-expect-error story is not an instagram field
    v2.instagram.posts({ ...postRange, fields: ['story'] });
  });
  it('accepts sortable fields and object keys; the order is any string, desc offered', () => {
    v2.facebook.posts({ ...postRange, fields: ['id'], sort: [{ field: 'reactions_by_type.love', order: 'desc' }, { field: 'comments', order: 'asc' }] });
    expectTypeOf<V2.SortOrder>().toMatchTypeOf<string>();
    expectTypeOf<'desc'>().toMatchTypeOf<V2.SortOrder>();
  });
  it('rejects sort on a field that is not sortable, of another network, or with a non-string order', () => {
    // @ts-expect-error message is not sortable
    v2.facebook.posts({ ...postRange, fields: ['id'], sort: [{ field: 'message', order: 'desc' }] });
    // @ts-expect-error likes is sortable on instagram only
    v2.facebook.posts({ ...postRange, fields: ['id'], sort: [{ field: 'likes', order: 'desc' }] });
    // @ts-expect-error order is a string
    v2.facebook.posts({ ...postRange, fields: ['id'], sort: [{ field: 'comments', order: -1 }] });
  });
  it('each posts builder takes its network posts request, the same members as PostsRequest<N, F>', () => {
    expectTypeOf<V2.FacebookPostsRequest<'id' | 'message'>>().toEqualTypeOf<V2.PostsRequest<'facebook', 'id' | 'message'>>();
    expectTypeOf<V2.InstagramPostsRequest<'likes'>>().toEqualTypeOf<V2.PostsRequest<'instagram', 'likes'>>();
    expectTypeOf<V2.FacebookPostsRequest>().toEqualTypeOf<V2.PostsRequest<'facebook'>>();
    const req = v2.instagram.posts({ ...postRange, fields: ['id'], sort: [{ field: 'likes', order: 'desc' }] as const });
    expectTypeOf(req.body).toEqualTypeOf<V2.InstagramPostsRequest<'id'>>();
    // @ts-expect-error the body of a facebook posts request takes facebook fields only
    const wrong: V2.FacebookPostsRequest = { ...postRange, fields: ['likes'] };
    void wrong;
  });
  it('twitter offers no sort and has no posts builder', () => {
    const body: V2.PostsRequest<'twitter'> = { ...postRange, fields: ['id', 'post_labels'], filter: [{ field: 'post_labels', value: ['l1'] }] };
    void body;
    // @ts-expect-error sort is not offered for twitter posts
    const sorted: V2.PostsRequest<'twitter'> = { ...postRange, fields: ['id'], sort: [{ field: 'id', order: 'desc' }] };
    // @ts-expect-error the documents show no path for twitter posts
    v2.twitter.posts;
    void sorted;
  });
  it('accepts filters of the right shape', () => {
    v2.facebook.posts({
      ...postRange,
      fields: ['id'],
      filter: [
        { field: 'ppd_status', value: 'paid' },
        { field: 'type', value: 'video' },
        { field: 'post_labels', value: ['label-1', 'label-2'] },
        { match_any: [{ field: 'post_labels', value: ['label-3'] }] },
      ],
    });
  });
  it('accepts a string or an array of strings as a filter value ("value: string or array of strings")', () => {
    v2.facebook.posts({
      ...postRange,
      fields: ['id'],
      filter: [
        { field: 'ppd_status', value: ['organic', 'paid', 'unknown'] },
        { field: 'type', value: ['video', 'photo'] },
        { field: 'post_labels', value: 'label-1' },
      ],
    });
    v2.instagram.posts({ ...postRange, fields: ['id'], filter: [{ field: 'type', value: ['image'] }] });
    type Filter = V2.PostsFilter<'facebook'>;
    expectTypeOf<Extract<Filter, { field: 'ppd_status' }>['value']>().toEqualTypeOf<
      'organic' | 'paid' | 'unknown' | readonly ('organic' | 'paid' | 'unknown')[]
    >();
  });
  it('rejects a filter value of the wrong shape, an unfilterable field, and match_any on other fields', () => {
    // @ts-expect-error ppd_status is organic, paid or unknown
    v2.facebook.posts({ ...postRange, fields: ['id'], filter: [{ field: 'ppd_status', value: 'boosted' }] });
    // @ts-expect-error ppd_status values in an array are organic, paid or unknown too
    v2.facebook.posts({ ...postRange, fields: ['id'], filter: [{ field: 'ppd_status', value: ['paid', 'boosted'] }] });
    // @ts-expect-error a filter value is a string or an array of strings, not a number
    v2.instagram.posts({ ...postRange, fields: ['id'], filter: [{ field: 'type', value: 1 }] });
    // @ts-expect-error message is not filterable
    v2.facebook.posts({ ...postRange, fields: ['id'], filter: [{ field: 'message', value: 'x' }] });
    // @ts-expect-error match_any is only for post_labels
    v2.facebook.posts({ ...postRange, fields: ['id'], filter: [{ match_any: [{ field: 'type', value: ['video'] }] }] });
  });
  it('rejects a non-numeric limit and an unknown member', () => {
    // @ts-expect-error limit is a number
    v2.facebook.posts({ ...postRange, fields: ['id'], limit: '10' });
    // @ts-expect-error cursor is called after
    v2.facebook.posts({ ...postRange, fields: ['id'], cursor: 'abc' });
  });
});

describe('v2 reference lists', () => {
  it('profiles, post labels and profile labels take no parameters and type their responses', () => {
    const profiles = v2.twitter.profiles();
    expectTypeOf(profiles.operation).toEqualTypeOf<'GET /2/twitter/profiles'>();
    // "A field may be absent from an element": a profile's id is typed as possibly absent.
    expectTypeOf<ResponseOf<typeof profiles>['profiles'][number]['id']>().toEqualTypeOf<string | undefined>();
    const labels = v2.postLabels();
    expectTypeOf<ResponseOf<typeof labels>['data'][number]>().toEqualTypeOf<{ id: string; name: string }>();
    expectTypeOf<ResponseOf<typeof profiles>>().toEqualTypeOf<components['schemas']['ProfilesResponse']>();
    expectTypeOf<ResponseOf<typeof labels>>().toEqualTypeOf<components['schemas']['PostLabelsResponse']>();
    const profileLabels = v2.profileLabels();
    expectTypeOf<ResponseOf<typeof profileLabels>>().toEqualTypeOf<components['schemas']['ProfileLabelsResponse']>();
    expectTypeOf<ResponseOf<typeof profileLabels>['data'][number]['profiles']>().toEqualTypeOf<{ name: string; platform: string }[]>();
  });
});

describe('warnings of a built request', () => {
  it('are typed as RequestWarning, each a RequestProblem of severity warning', () => {
    const request = v2.facebook.metrics({ date_start: '2024-01-31', date_end: '2024-01-01', profiles: ['1'], metrics: ['fans_change'] });
    expectTypeOf(request.warnings).toEqualTypeOf<readonly RequestWarning[] | undefined>();
    expectTypeOf<RequestWarning['severity']>().toEqualTypeOf<'warning'>();
    expectTypeOf<RequestWarning>().toMatchTypeOf<RequestProblem>();
    // @ts-expect-error read-only: a build's warnings are its own
    request.warnings = [];
  });
});

describe('code generic over networks', () => {
  it('the builders of every network are MetricsBuilders, one generic signature', () => {
    const byNetwork: V2.MetricsBuilders = v2;
    function monthly<N extends V2.Network>(network: N, metrics: V2.Metric<N>[]) {
      return byNetwork[network].metrics({ ...range, metrics, dimensions: [{ type: 'date.month' }] });
    }
    const request = monthly('instagram', ['followers_change']);
    expectTypeOf(request.operation).toEqualTypeOf<'POST /2/instagram/metrics'>();
    expectTypeOf<ResponseOf<typeof request>['header'][0]['type']>().toEqualTypeOf<'date.month'>();
    expectTypeOf<ResponseOf<typeof request>['header'][1]['rows']>().toEqualTypeOf<V2.Metric<'instagram'>[]>();
    // @ts-expect-error a facebook metric on instagram
    monthly('instagram', ['fans_change']);
    // The same checks as the network's own builder: an extra dimension its metric does not allow.
    // @ts-expect-error fans_change allows no extra dimension click_target
    byNetwork.facebook.metrics({ ...range, metrics: ['fans_change'], dimensions: [{ type: 'click_target' }] });
  });
  it('v2[network] itself is a union of six signatures, which TypeScript does not call', () => {
    function direct<N extends V2.Network>(network: N, metrics: V2.Metric<N>[]) {
      // @ts-expect-error each member of the union has signatures, none compatible with the others
      return v2[network].metrics({ ...range, metrics });
    }
    void direct;
  });
});
