/** Type tests of the generated literal unions of both versions (positive and negative). */
import { describe, expectTypeOf, it } from 'vitest';
import type * as V1 from '../../src/v1.js';
import type * as V2 from '../../src/v2.js';

describe('Network', () => {
  it('lists the networks of each version; v1 has no linkedin', () => {
    expectTypeOf<V2.Network>().toEqualTypeOf<'facebook' | 'instagram' | 'twitter' | 'youtube' | 'linkedin' | 'pinterest'>();
    expectTypeOf<V1.Network>().toEqualTypeOf<'facebook' | 'instagram' | 'twitter' | 'youtube' | 'pinterest'>();
    // @ts-expect-error linkedin is not a version 1 network
    const net: V1.Network = 'linkedin';
    void net;
  });
});

describe('Metric<N>', () => {
  it('accepts the metrics of the network', () => {
    expectTypeOf<'fans_change'>().toMatchTypeOf<V2.Metric<'facebook'>>();
    expectTypeOf<'subscribers_lifetime'>().toMatchTypeOf<V2.Metric<'youtube'>>();
    expectTypeOf<'views_count_lifetime'>().toMatchTypeOf<V1.Metric<'youtube'>>();
    expectTypeOf<V2.Metric<'linkedin'>>().toEqualTypeOf<'followers_change' | 'followers_lifetime'>();
  });
  it('rejects a metric of another network, of the other version, or unknown', () => {
    // @ts-expect-error fans_change is a facebook metric, not an instagram one
    const other: V2.Metric<'instagram'> = 'fans_change';
    // @ts-expect-error subscribers_lifetime is a v2 name; v1 youtube has subscribers_count_lifetime
    const v1Name: V1.Metric<'youtube'> = 'subscribers_lifetime';
    // @ts-expect-error not in any catalog
    const unknown: V2.Metric<'facebook'> = 'fans_total';
    void [other, v1Name, unknown];
  });
  it('Metric without N is every metric name of the version', () => {
    expectTypeOf<V2.Metric<'twitter'>>().toMatchTypeOf<V2.Metric>();
    expectTypeOf<V2.Metric<'pinterest'>>().toMatchTypeOf<V2.Metric>();
  });
});

describe('InsightsMetric<N>', () => {
  it('holds only insights metrics, never for networks without insights', () => {
    expectTypeOf<'insights_reach'>().toMatchTypeOf<V2.InsightsMetric<'facebook'>>();
    expectTypeOf<V2.InsightsMetric<'twitter'>>().toBeNever();
    expectTypeOf<V1.InsightsMetric<'youtube'>>().toBeNever();
    // @ts-expect-error fans_change is not an insights metric
    const basic: V2.InsightsMetric<'facebook'> = 'fans_change';
    void basic;
  });
});

describe('PostField, SortableField, FilterableField', () => {
  it('accepts the catalog names of the network', () => {
    expectTypeOf<'message' | 'ppd_status'>().toMatchTypeOf<V2.PostField<'facebook'>>();
    expectTypeOf<'likes'>().toMatchTypeOf<V2.PostField<'instagram'>>();
    expectTypeOf<V2.PostField<'twitter'>>().toEqualTypeOf<'author_id' | 'engagement_rate' | 'id' | 'post_labels'>();
    expectTypeOf<'reactions_by_type.love' | 'insights_post_clicks_by_type_unique.link clicks'>().toMatchTypeOf<V2.SortableField<'facebook'>>();
    expectTypeOf<'insights_engagement_rate'>().toMatchTypeOf<V1.SortableField<'facebook'>>();
    expectTypeOf<V2.FilterableField<'facebook'>>().toEqualTypeOf<'post_labels' | 'ppd_status' | 'type' | 'insights_paid_status'>();
    expectTypeOf<V2.FilterableField<'instagram'>>().toEqualTypeOf<'post_labels' | 'type'>();
  });
  it('twitter offers no sort: no field is sortable', () => {
    expectTypeOf<V2.SortableField<'twitter'>>().toBeNever();
  });
  it('rejects names of another network, non-sortable and non-filterable fields', () => {
    // @ts-expect-error likes is an instagram post field, not a facebook one
    const field: V2.PostField<'facebook'> = 'likes';
    // @ts-expect-error message is not sortable
    const sort: V2.SortableField<'facebook'> = 'message';
    // @ts-expect-error insights_engagement_rate is sortable in v1 only
    const v2sort: V2.SortableField<'facebook'> = 'insights_engagement_rate';
    // @ts-expect-error comments is not filterable
    const filter: V2.FilterableField<'instagram'> = 'comments';
    // @ts-expect-error youtube has no post catalog
    type NoYoutube = V2.PostField<'youtube'>;
    void [field, sort, v2sort, filter];
  });
});

describe('Dimension and ExtraDimension<N, M>', () => {
  it('Dimension is the base dimensions; v1 has none', () => {
    expectTypeOf<V2.Dimension>().toEqualTypeOf<'date.day' | 'date.week' | 'date.month' | 'profile' | 'profile_label'>();
    // @ts-expect-error version 1 has no dimensions
    type NoDimension = V1.Dimension;
  });
  it('ExtraDimension<N, M> is what every metric of M allows', () => {
    expectTypeOf<V2.ExtraDimension<'facebook', 'insights_activity'>>().toEqualTypeOf<'activity_type'>();
    expectTypeOf<V2.ExtraDimension<'facebook', 'insights_activity' | 'insights_impressions'>>().toEqualTypeOf<'activity_type'>();
    expectTypeOf<V2.ExtraDimension<'facebook', 'insights_reach' | 'insights_post_reach'>>().toEqualTypeOf<'post_attribution'>();
    expectTypeOf<V2.ExtraDimension<'facebook', 'fans_change'>>().toBeNever();
    expectTypeOf<V2.ExtraDimension<'facebook', 'fans_change' | 'insights_activity'>>().toBeNever();
    expectTypeOf<V2.ExtraDimension<'youtube'>>().toEqualTypeOf<'interaction_type'>();
    expectTypeOf<V2.ExtraDimension<'twitter'>>().toBeNever();
  });
  it('rejects a metric of another network as M', () => {
    // @ts-expect-error followers_change is not a facebook metric
    type Wrong = V2.ExtraDimension<'facebook', 'followers_change'>;
  });
});

describe('Post types carry catalog value types', () => {
  it('maps catalog types to TypeScript', () => {
    expectTypeOf<V2.Post<'facebook'>['comments']>().toEqualTypeOf<number>();
    expectTypeOf<V2.Post<'facebook'>['ppd_status']>().toEqualTypeOf<'organic' | 'paid' | 'unknown'>();
    expectTypeOf<V2.Post<'facebook'>['is_published']>().toEqualTypeOf<boolean>();
    expectTypeOf<V2.Post<'facebook'>['post_labels']>().toEqualTypeOf<{ id: string; name: string }[]>();
    expectTypeOf<V1.MetricValues<'facebook'>['comments_by_type']>().toEqualTypeOf<Record<string, unknown>>();
  });
});
