/**
 * Requests generated from the published OpenAPI documents (generated/openapi/v1.yaml and v2.yaml)
 * with json-schema-faker, one arbitrary (fast-check) per operation: every body is valid for its
 * schema. Half of them name the account's own profiles and a short date range, so that the mock
 * answers with data and not only with codes 5 and 6; the rest stay as the faker made them.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { generate, type JsonSchema } from 'json-schema-faker';
import { parse } from 'yaml';
import type { MockAccount } from '../../../src/mock/index.js';

export interface ConformanceRequest {
  /** "POST /2/facebook/metrics" */
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, unknown>;
}

export interface GeneratedOperation {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  /** The request body schema with the document's components, so its references resolve. */
  schema?: JsonSchema;
}

/** Every operation of both published documents, with its request body schema. */
export function publishedOperations(): GeneratedOperation[] {
  const out: GeneratedOperation[] = [];
  for (const version of ['v1', 'v2']) {
    const doc = parse(readFileSync(new URL(`../../../generated/openapi/${version}.yaml`, import.meta.url), 'utf8')) as OpenApiDocument;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [verb, op] of Object.entries(item)) {
        if (verb !== 'get' && verb !== 'post') continue;
        const method = verb.toUpperCase() as 'GET' | 'POST';
        const body = op.requestBody?.content['application/json']?.schema;
        out.push({ operation: `${method} ${path}`, method, path, schema: body && ({ ...(body as object), components: doc.components } as JsonSchema) });
      }
    }
  }
  return out;
}

/** How a generated body is brought nearer to the account (each part chosen by fast-check). */
export interface Closer {
  /** json-schema-faker's seed. */
  seed: number;
  /** Replace `profiles` by `profiles` of the account's profiles of the network (insights enabled first). */
  ownProfiles: boolean;
  profiles: number;
  /** Name the first profile twice. */
  repeatProfile: boolean;
  /** Drop repeats from the lists (metrics, fields, dimensions) and keep at most 25 metrics. */
  distinct: boolean;
  /** Drop the generated sort and filter (made-up field names are code 3). */
  plain: boolean;
  /**
   * The dates: as generated, or replaced by `days` days from `start` (a day of 2025), or by the
   * last one, two or three months of the calendar (from the first of October, November or
   * December 9999 to 9999-12-31, as `days` says).
   */
  dates: 'generated' | 'recent' | 'last days';
  start: number;
  days: number;
  /** Keep a generated `after` (otherwise removed: a made-up cursor is always code 3). */
  keepAfter: boolean;
}

/** The fast-check arbitrary of {@link Closer}. */
export const closerArbitrary: fc.Arbitrary<Closer> = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  ownProfiles: fc.boolean(),
  profiles: fc.integer({ min: 1, max: 25 }),
  repeatProfile: fc.boolean(),
  distinct: fc.boolean(),
  plain: fc.boolean(),
  dates: fc.constantFrom('generated', 'recent', 'last days'),
  start: fc.integer({ min: 0, max: 364 }),
  days: fc.integer({ min: 1, max: 92 }),
  keepAfter: fc.boolean(),
});

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);

/** The request of `op` for one draw: the faker's body, brought nearer to the account as `closer` says. */
export async function conformanceRequest(op: GeneratedOperation, closer: Closer, account: MockAccount): Promise<ConformanceRequest> {
  const base = { operation: op.operation, method: op.method, path: op.path };
  if (!op.schema) return base;
  const body = (await generate(op.schema, { seed: closer.seed, maxDefaultItems: 4, optionalsProbability: 0.5 })) as Record<string, unknown>;
  delete body.components;
  const network = op.path.split('/')[2];
  const own = (account.profiles[network] ?? []).filter((p) => p.insights_enabled !== false).map((p) => p.id);
  if (closer.ownProfiles && Array.isArray(body.profiles) && own.length) {
    const profiles = own.slice(0, closer.profiles);
    body.profiles = closer.repeatProfile ? [...profiles, profiles[0]] : profiles;
  }
  if (closer.distinct) {
    for (const list of ['metrics', 'fields', 'dimensions'] as const) {
      if (Array.isArray(body[list])) body[list] = [...new Map((body[list] as unknown[]).map((v) => [JSON.stringify(v), v])).values()].slice(0, 25);
    }
  }
  if (closer.plain) {
    delete body.sort;
    delete body.filter;
  }
  if (closer.dates === 'recent' && 'date_start' in body) {
    body.date_start = day(closer.start);
    body.date_end = day(closer.start + closer.days - 1);
  }
  if (closer.dates === 'last days' && 'date_start' in body) {
    body.date_start = `9999-${10 + (closer.days % 3)}-01`;
    body.date_end = '9999-12-31';
  }
  if (!closer.keepAfter) delete body.after;
  return { ...base, body };
}
