/**
 * Request and response examples for the per-network template operations, derived from the
 * catalogs so that every concrete operation shows names that exist for its network (a posts
 * operation whose network has its own examples in the spec shows those instead).
 */
import type { Metric, Model, OpenApiDocument, PostField, VersionModel } from '../../model/types.js';
import { networkInfo } from '../../model/types.js';

const DAYS = ['2026-01-01', '2026-01-02', '2026-01-03'];

/** Up to two metrics to show: basic (not insights, not object) first. */
function exampleMetrics(metrics: Metric[]): Metric[] {
  const scalar = metrics.filter((m) => m.type !== 'object' && !m.deprecated);
  const basic = scalar.filter((m) => !m.insightsOnly);
  return (basic.length >= 2 ? basic : scalar.length >= 2 ? scalar : metrics).slice(0, 2);
}

/**
 * Whether a metric's daily value is fractional. v1 types every metric; v2 types all as number,
 * so a v2 metric takes the type of the same name in v1, and otherwise its name tells (rates,
 * ratios, averages, per-1000 values). Counts stay integers, as a real answer gives them.
 */
function fractional(model: Model, network: string, m: Metric): boolean {
  if (m.type !== 'number') return false;
  const v1 = model.v1.metrics[network]?.find((x) => x.name === m.name);
  if (v1) return v1.type === 'number';
  return /rate|ratio|average|per_1|_time/.test(m.name);
}

function exampleValue(model: Model, network: string, m: Metric, day: number, metricIndex: number, profile = 0): unknown {
  if (m.type === 'object') return {};
  if (fractional(model, network, m)) return Math.round((day + 1) * (metricIndex + 1.5) * (profile + 1) * 37.5) / 100;
  return 100 * (metricIndex + 1) * (profile + 1) + day * 7;
}

function setExample(target: Record<string, any> | undefined, name: string, summary: string, value: unknown) {
  const media = target?.content?.['application/json'];
  if (media) media.examples = { ...media.examples, [name]: { summary, value } };
}

export function profileId(network: string, n: number): string {
  return `${network}_profile_${n}`;
}

/**
 * The value a post of an example answer gives a field of a simple type (text, whole number, time),
 * or undefined for the other types, which the example leaves out.
 */
function examplePostValue(network: string, field: PostField): unknown {
  if (field.enum) return field.enum[0];
  if (field.type === 'string') return `${network}_post_1`;
  if (field.type === 'integer') return 12;
  if (field.type === 'datetime') return `${DAYS[1]}T12:00:00+00:00`;
  return undefined;
}

/**
 * A posts operation's examples from its catalog: a request for up to three fields of simple types
 * (text, whole numbers, times; active, not insights-only, not videos-only) and the one-post page
 * that answers it (no fields of those types: the first field, and an empty page).
 */
function postsExamples(vm: VersionModel, network: string, op: Record<string, any>) {
  const catalog = vm.posts[network];
  const simple = catalog.fields.filter((f) => !f.deprecated && !f.insightsOnly && !f.videoOnly && examplePostValue(network, f) !== undefined).slice(0, 3);
  const fields = simple.length ? simple : catalog.fields.slice(0, 1);
  setExample(op.requestBody, 'page', `A page of ${fields.map((f) => f.name).join(' and ')}`, {
    profiles: [profileId(network, 1)],
    date_start: DAYS[0],
    date_end: DAYS[DAYS.length - 1],
    fields: fields.map((f) => f.name),
    limit: 2,
  });
  const posts = simple.length ? [Object.fromEntries(simple.map((f) => [f.name, examplePostValue(network, f)]))] : [];
  setExample(op.responses?.['200'], 'page', posts.length ? 'The last page, with one post' : 'The last page, without posts', { success: true, data: { posts } });
}

export function operationExamples(model: Model, vm: VersionModel, network: string, path: string, op: Record<string, any>, _spec: OpenApiDocument) {
  const ok = op.responses?.['200'];
  if (path.endsWith('/posts')) {
    postsExamples(vm, network, op);
    return;
  }
  if (path.endsWith('/profiles')) {
    const insights = networkInfo(model, network).insights;
    setExample(ok, 'profiles', `Two ${network} profiles`, {
      success: true,
      profiles: [
        {
          id: profileId(network, 1),
          name: `Example ${network} profile`,
          profile_name: `example_${network}`,
          picture: `https://cdn.invalid/${network}/1.png`,
          timezone: 'Europe/Prague',
          profile_labels: [],
          ...(insights ? { insights_enabled: true } : {}),
        },
        {
          id: profileId(network, 2),
          name: `Second ${network} profile`,
          profile_name: `second_${network}`,
          picture: `https://cdn.invalid/${network}/2.png`,
          timezone: 'America/New_York',
          profile_labels: [],
          community_enabled: true,
        },
      ],
    });
    return;
  }
  const metrics = exampleMetrics(vm.metrics[network]);
  const names = metrics.map((m) => m.name);
  const base = { date_start: DAYS[0], date_end: DAYS[DAYS.length - 1], profiles: [profileId(network, 1)], metrics: names };
  const value = (m: Metric, d: number, i: number, p = 0) => exampleValue(model, network, m, d, i, p);
  if (vm.version === 2) {
    setExample(op.requestBody, 'daily', `Daily ${names.join(' and ')}`, { ...base, dimensions: [{ type: 'date.day' }] });
    setExample(ok, 'daily', 'One row per day, one value per metric: data[day][metric]', {
      success: true,
      header: [
        { type: 'date.day', rows: DAYS },
        { type: 'metric', rows: names },
      ],
      data: DAYS.map((_, d) => metrics.map((m, i) => value(m, d, i))),
    });
    const profiles = [profileId(network, 1), profileId(network, 2)];
    setExample(op.requestBody, 'byProfile', `Daily ${names.join(' and ')} per profile`, {
      ...base,
      profiles,
      dimensions: [{ type: 'profile' }, { type: 'date.day' }],
    });
    setExample(ok, 'byProfile', 'Three levels: data[profile][day][metric]', {
      success: true,
      header: [
        { type: 'profile', rows: profiles },
        { type: 'date.day', rows: DAYS },
        { type: 'metric', rows: names },
      ],
      data: profiles.map((_, p) => DAYS.map((_, d) => metrics.map((m, i) => value(m, d, i, p)))),
    });
  } else {
    setExample(op.requestBody, 'daily', `Daily ${names.join(' and ')}`, base);
    setExample(ok, 'daily', 'One record per profile and day', {
      success: true,
      profiles: [
        {
          id: profileId(network, 1),
          data: DAYS.map((day, d) => ({ date: `${day} 00:00:00`, ...Object.fromEntries(metrics.map((m, i) => [m.name, value(m, d, i)])) })),
        },
      ],
    });
  }
}

/**
 * A 200 failure body for every operation: codes 3 to 99 come with HTTP 200, so a typed
 * consumer must tell success and failure apart on `success`. Code 11 (user request limit)
 * applies to every operation; its text is the error catalog's meaning.
 */
export function addFailureExample(model: Model, op: Record<string, any>) {
  const media = op.responses?.['200']?.content?.['application/json'];
  const error = model.errors.find((e) => e.code === 11);
  if (!media || !error) return;
  media.examples = {
    ...media.examples,
    failure: {
      summary: `A failure with HTTP 200 (code ${error.code})`,
      value: { success: false, errors: [{ code: error.code, errors: [error.meaning] }] },
    },
  };
}
