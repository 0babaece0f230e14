/**
 * A tiny hand-made model for generator unit tests: two networks (alpha with posts and an
 * extra dimension, beta without posts), two base dimensions, two extra dimensions (one unused
 * by beta), and a small template spec.
 */
import type { Metric, Model, PostCatalog, PostField } from '../../scripts/model/types.js';

export function metric(name: string, extra: Partial<Metric> = {}): Metric {
  return { name, type: 'number', extraDimensions: [], insightsOnly: name.startsWith('insights_'), deprecated: false, mayReturnNoData: false, ...extra };
}

export function field(name: string, type: PostField['type'], extra: Partial<PostField> = {}): PostField {
  return { name, type, sortable: false, sortKeys: [], filterable: false, advancedFilter: false, insightsOnly: name.startsWith('insights_'), videoOnly: false, deprecated: false, ...extra };
}

export const ALPHA_POSTS: PostCatalog = {
  sort: true,
  fields: [
    field('created_time', 'datetime', { sortable: true, description: 'Creation time.' }),
    field('reactions_by_type', 'object', { sortKeys: ['like', 'wow'], properties: { like: { type: 'integer' } } }),
    field('post_labels', 'array', { filterable: true, advancedFilter: true, items: { type: 'string' } }),
    field('type', 'string', { filterable: true }),
    field('insights_reach', 'integer', { sortable: true }),
  ],
  responseMembers: [{ name: 'profile_id', type: 'string', description: 'Profile id.' }],
};

/** The template spec of version 2 in the fixture: one per-network metrics path and its components. */
export function fixtureSpec(): Record<string, any> {
  return {
    openapi: '3.1.0',
    info: { title: 'fixture', version: '2' },
    security: [{ basicAuth: [] }],
    paths: {
      '/2/{network}/metrics': {
        parameters: [{ name: 'network', in: 'path', required: true, schema: { type: 'string', 'x-catalog': 'network' } }],
        post: {
          operationId: 'getNetworkMetrics',
          summary: 'Metrics of Network profiles',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NetworkMetricsRequest' } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/2/post/labels': { post: { operationId: 'listPostLabels', responses: { '200': { description: 'ok' } } } },
    },
    components: {
      schemas: {
        NetworkMetricsRequest: {
          type: 'object',
          'x-per-network': 'metrics',
          required: ['metrics', 'dimensions'],
          properties: {
            metrics: { type: 'array', items: { $ref: '#/components/schemas/NetworkMetricName' } },
            dimensions: { type: 'array', items: { type: 'string', 'x-catalog': 'dimension-type' } },
          },
        },
        NetworkMetricName: { description: 'A metric.', 'x-per-network': 'metrics', 'x-catalog': 'metric-name' },
        NetworkSortField: { 'x-per-network': 'posts', 'x-catalog': 'sort-field' },
        Plain: { type: 'string' },
      },
    },
  };
}

export function fixtureModel(): Model {
  const base = { dimensions: [], extraDimensions: [], errors: [], limits: {} } as unknown as Model;
  return {
    ...base,
    networks: [
      { name: 'alpha', documentName: 'netA', title: 'Alpha', description: 'A.', insights: true, versions: [1, 2] },
      { name: 'beta', documentName: 'netB', title: 'Beta', description: 'B.', insights: false, versions: [2] },
    ],
    dimensions: [
      { name: 'date.day', kind: 'date', description: 'Day.' },
      { name: 'profile', kind: 'profile', description: 'Profile.' },
    ],
    extraDimensions: [
      { name: 'city', description: 'City.' },
      { name: 'country', description: 'Country.' },
    ],
    v1: { version: 1, networks: ['alpha'], metrics: { alpha: [metric('likes', { type: 'integer' })] }, posts: {}, spec: {} },
    v2: {
      version: 2,
      networks: ['alpha', 'beta'],
      metrics: {
        alpha: [metric('fans', { aggregation: 'sum', extraDimensions: ['country'] }), metric('insights_reach', { aggregation: 'avg' })],
        beta: [metric('followers', { aggregation: 'avg' })],
      },
      posts: { alpha: ALPHA_POSTS },
      spec: fixtureSpec(),
    },
    renames: [],
    rules: [
      {
        id: 'v2.metrics.header-order',
        checks: 'header elements follow the requested dimensions',
        level: 'stated',
        source: { document: 'v2', section: 'Metrics response', quote: 'in the requested order' },
      },
      { id: 'shared.response.no-extra-members', checks: 'no undocumented members', level: 'inferred', inferred: 'not stated' },
    ],
    sources: [],
  };
}
