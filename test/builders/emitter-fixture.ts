/**
 * The fixture of the builders/unions emitter tests: the pipeline's tiny model (alpha with posts
 * and an extra dimension, beta without posts) with the limits, the template components the
 * emitter refers to (post, v1 day record, reference lists), and the operations of version 2.
 */
import type { Model } from '../../scripts/model/types.js';
import type { operationList } from '../../scripts/generators/data/operations.js';
import { fixtureModel } from '../pipeline/fixture-model.js';

export type Operation = ReturnType<typeof operationList>[number];

const LIMITS = {
  profilesPerMetricsRequest: { value: 5, errorCode: 4 },
  metricsPerMetricsRequest: { value: 7, errorCode: 4 },
  dateRangeMonths: { value: 2, errorCode: 4 },
  pageSize: { default: 20, max: 200 },
  requestsPerHourPerUser: { value: 1, errorCode: 11 },
  requestsPerHourPerAccount: { value: 1, errorCode: 10 },
};

/** The fixture model with limits, a v1 spec with the day-record template, and v2 post and reference components. */
export function emitterModel(): Model {
  const model = fixtureModel();
  model.limits = LIMITS;
  model.v1.spec = {
    openapi: '3.1.0',
    info: { title: 'fixture', version: '1' },
    paths: {},
    components: { schemas: { NetworkDayRecord: { 'x-per-network': 'metrics', 'x-catalog': 'day-record' } } },
  };
  Object.assign(model.v2.spec.components.schemas, {
    NetworkPost: { 'x-per-network': 'posts', 'x-catalog': 'post' },
    Profile: { type: 'object', description: 'A connected profile.', properties: { id: { type: 'string' } } },
    ProfilesResponse: { type: 'object', properties: { profiles: { type: 'array', items: { $ref: '#/components/schemas/Profile' } } } },
  });
  return model;
}

function operation(kind: Operation['kind'], method: Operation['method'], path: string, network?: string, successSchema?: string): Operation {
  return { key: `${method} ${path}`, version: 2, method, path, operationId: `${kind}${network ?? ''}`, kind, network, requestSchema: undefined, successSchema };
}

/** The version 2 operations of the fixture: alpha profiles, metrics and posts, beta metrics. */
export const OPERATIONS: Operation[] = [
  operation('profiles', 'GET', '/2/alpha/profiles', 'alpha', 'ProfilesResponse'),
  operation('metrics', 'POST', '/2/alpha/metrics', 'alpha', 'AlphaMetricsResponse'),
  operation('posts', 'POST', '/2/alpha/page/posts', 'alpha', 'AlphaPostsResponse'),
  operation('metrics', 'POST', '/2/beta/metrics', 'beta', 'BetaMetricsResponse'),
];
