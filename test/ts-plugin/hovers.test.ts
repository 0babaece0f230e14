/**
 * What TypeScript's language service shows on hover (no plugin): a post, a metrics answer and the
 * request `client.send` takes by their alias or interface and its type arguments, in one line,
 * where an expanded type would print the post's whole schema and the request's body and answer.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { languageServices } from './language-service.js';

const here = dirname(fileURLToPath(import.meta.url));
const HEADER = "import { v1 } from '../../src/v1.js';\nimport { v2, type ResponseOf } from '../../src/v2.js';\nimport { createClient } from '../../src/index.js';\nvoid v1;\n";
const CLIENT = "const client = createClient({ token: 't', secret: 's', baseUrl: 'https://api.example' });\n";
const RANGE = "date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p']";

const { file, plain, open } = languageServices(here, HEADER);
const hover = (marked: string) => ts.displayPartsToString(plain.getQuickInfoAtPosition(file, open(marked))?.displayParts);

describe('hovers', () => {
  it('a post of a posts answer: its network\'s alias with the requested fields, video-only fields included', () => {
    const shown = hover(`const r = v2.facebook.posts({ ${RANGE}, fields: ['id', 'message', 'comments', 'video_id'] });\ndeclare const page: ResponseOf<typeof r>;\nfor (const po|st of page.data.posts) void post;\n`);
    expect(shown).toBe('const post: FacebookPostOf<"id" | "comments" | "message" | "video_id">');
    expect(shown.length).toBeLessThan(200);
  });

  it('a metrics answer: MetricsResponse with the requested metrics and dimensions', () => {
    const shown = hover(`const r = v2.facebook.metrics({ ${RANGE}, metrics: ['fans_change', 'fans_lifetime'], dimensions: [{ type: 'date.day' }, { type: 'profile' }] });\ndeclare const ans|wer: ResponseOf<typeof r>;\n`);
    expect(shown).toBe('const answer: MetricsResponse<"fans_change" | "fans_lifetime", ["date.day", "profile"]>');
    expect(shown.length).toBeLessThan(200);
  });

  it('client.send of a posts request: the request by its interface, the answer by its alias, in one line under 200 characters', () => {
    const shown = hover(`${CLIENT}void client.se|nd(v2.facebook.posts({ ${RANGE}, fields: ['id', 'message'] }));\n`);
    expect(shown).toBe('(method) SocialAnalyticsClient.send<FacebookPostsCall<"id" | "message">>(request: FacebookPostsCall<"id" | "message">, options?: CallOptions): Promise<FacebookPostsResponse<"id" | "message">>');
    expect(shown.length).toBeLessThan(200);
  });

  it('client.send of a metrics request: one line naming the metrics and the dimension names, the dimensions not written out as objects', () => {
    const v2Shown = hover(`${CLIENT}void client.se|nd(v2.facebook.metrics({ ${RANGE}, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] }));\n`);
    expect(v2Shown).toBe('(method) SocialAnalyticsClient.send<MetricsCall<"facebook", "fans_change", ["date.day"]>>(request: MetricsCall<"facebook", "fans_change", ["date.day"]>, options?: CallOptions): Promise<MetricsResponse<"fans_change", ["date.day"]>>');
    const v1Shown = hover(`${CLIENT}void client.se|nd(v1.facebook.metrics({ ${RANGE}, metrics: ['comments'] }));\n`);
    expect(v1Shown).toMatch(/^\(method\) SocialAnalyticsClient\.send<FacebookMetricsCall<"comments">>\(request: FacebookMetricsCall<"comments">, options\?: CallOptions\): Promise<V1MetricsResponse<.*"comments">>>$/);
    for (const shown of [v2Shown, v1Shown]) {
      expect(shown).not.toContain('\n');
      expect(shown.length).toBeLessThan(250);
    }
  });
});
