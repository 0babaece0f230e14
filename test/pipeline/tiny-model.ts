/**
 * A complete, tiny model for the generator tests that compare whole outputs: two networks
 * (alpha in both versions with insights, beta only in version 2), three v2 metrics and one v1
 * metric, two post fields of alpha in v2, one extra dimension, one error code, one documented
 * rename, two rules, and the smallest specs the generators read (one metrics path per network,
 * one posts path, the texts of the docs home page).
 */
import type { Model } from '../../scripts/model/types.js';
import { field, metric } from './fixture-model.js';

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** HTTP 200: the success body of the operation or the failure body. */
const ok = (success: string) => ({ '200': { description: 'Success or failure.', ...json({ oneOf: [ref(success), ref('FailureBody')] }) } });

const SHARED_SCHEMAS = {
  FailureBody: {
    type: 'object',
    description: 'A failure: `success` is false.',
    required: ['success', 'errors'],
    properties: { success: { type: 'boolean', const: false }, errors: { type: 'array', items: ref('ApiError') } },
  },
  ApiError: {
    type: 'object',
    properties: { code: { type: 'integer' }, errors: { type: 'array', items: { type: 'string' }, description: 'what went wrong' } },
  },
};

const SECURITY = { basicAuth: { type: 'http', scheme: 'basic', description: 'HTTP basic auth with `token:secret`.' } };

function v1Spec(): Record<string, any> {
  return {
    openapi: '3.1.0',
    info: { title: 'tiny v1', version: '1' },
    security: [{ basicAuth: [] }],
    paths: {
      '/1/{network}/metrics': {
        post: { operationId: 'getNetworkMetrics', summary: 'Network metrics', requestBody: json(ref('NetworkMetricsRequest')), responses: ok('NetworkMetricsResponse') },
      },
    },
    components: {
      securitySchemes: SECURITY,
      schemas: {
        ...SHARED_SCHEMAS,
        NetworkMetricsRequest: { 'x-per-network': 'metrics', type: 'object', properties: { metrics: { type: 'array', items: { 'x-catalog': 'metric-name' } } } },
        NetworkMetricsResponse: {
          'x-per-network': 'metrics',
          type: 'object',
          properties: { success: { const: true }, profiles: { type: 'array', items: { 'x-catalog': 'day-record' } } },
        },
      },
    },
  };
}

function v2Spec(): Record<string, any> {
  return {
    openapi: '3.1.0',
    info: { title: 'tiny v2', version: '2' },
    security: [{ basicAuth: [] }],
    paths: {
      '/2/{network}/metrics': {
        post: { operationId: 'getNetworkMetrics', summary: 'Network metrics', requestBody: json(ref('NetworkMetricsRequest')), responses: ok('NetworkMetricsResponse') },
      },
      '/2/alpha/posts': {
        'x-network': 'alpha',
        post: { operationId: 'listNetworkPosts', requestBody: json(ref('NetworkPostsRequest')), responses: ok('NetworkPostsResponse') },
      },
    },
    components: {
      securitySchemes: SECURITY,
      schemas: {
        ...SHARED_SCHEMAS,
        NetworkMetricsRequest: {
          'x-per-network': 'metrics',
          type: 'object',
          properties: { metrics: { type: 'array', items: ref('NetworkMetricName') }, dimensions: { type: 'array', items: { 'x-catalog': 'dimension-type' } } },
        },
        NetworkMetricName: { 'x-per-network': 'metrics', 'x-catalog': 'metric-name' },
        NetworkMetricsResponse: { 'x-per-network': 'metrics', type: 'object', properties: { success: { const: true }, header: { type: 'array' }, data: { type: 'array' } } },
        NetworkPostsRequest: {
          'x-per-network': 'posts',
          type: 'object',
          description: 'Pages of posts.',
          properties: {
            fields: { type: 'array', items: { 'x-catalog': 'post-field' } },
            limit: { type: 'integer', description: 'Posts per page.' },
            after: { type: 'string', description: 'The `next` cursor of the previous page.' },
          },
        },
        NetworkPostsResponse: { 'x-per-network': 'posts', type: 'object', description: 'One page.', properties: { success: { const: true }, posts: { type: 'array', items: { 'x-catalog': 'post' } } } },
      },
    },
  };
}

export function tinyModel(): Model {
  return {
    networks: [
      { name: 'alpha', documentName: 'netA', title: 'Alpha', description: 'The `alpha` network.', insights: true, versions: [1, 2] },
      { name: 'beta', documentName: 'netB', title: 'Beta', description: 'The beta network.', insights: false, versions: [2] },
    ],
    dimensions: [
      { name: 'date.day', kind: 'date', description: 'Day.' },
      { name: 'profile', kind: 'profile', description: 'Profile.' },
    ],
    extraDimensions: [{ name: 'country', description: 'Country.' }],
    errors: [{ code: 11, meaning: 'User request limit reached.', httpStatus: 200, endpoints: 'all' }],
    limits: {
      profilesPerMetricsRequest: { value: 25, errorCode: 4 },
      metricsPerMetricsRequest: { value: 25, errorCode: 4 },
      dateRangeMonths: { value: 3, errorCode: 4 },
      pageSize: { default: 10, max: 500 },
      requestsPerHourPerUser: { value: 500, errorCode: 11 },
      requestsPerHourPerAccount: { value: 1000, errorCode: 10 },
    },
    v1: { version: 1, networks: ['alpha'], metrics: { alpha: [metric('likes', { type: 'integer', description: 'Likes.' })] }, posts: {}, spec: v1Spec() },
    v2: {
      version: 2,
      networks: ['alpha', 'beta'],
      metrics: {
        alpha: [metric('fans', { aggregation: 'sum', extraDimensions: ['country'], description: 'Fans.' }), metric('insights_reach', { aggregation: 'avg', unit: 'seconds' })],
        beta: [metric('fans', { aggregation: 'sum' })],
      },
      posts: {
        alpha: {
          sort: true,
          fields: [field('created_time', 'datetime', { sortable: true, description: 'Created.' }), field('post_labels', 'array', { filterable: true, advancedFilter: true, items: { type: 'string' } })],
          responseMembers: [],
        },
      },
      spec: v2Spec(),
    },
    renames: [{ network: 'alpha', v1: 'likes', v2: 'fans', evidence: 'Document 1 calls likes fans.' }],
    rules: [
      { id: 'v2.metrics.header-order', checks: 'header follows `dimensions`', level: 'stated', source: { document: 'v2', section: 'Metrics', quote: 'in the requested order' } },
      { id: 'shared.request.non-empty', checks: 'lists are not empty', level: 'inferred', inferred: 'an empty list asks for <nothing>' },
    ],
    sources: [],
  };
}
