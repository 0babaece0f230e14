/**
 * What TypeScript's language service shows on hover (no plugin): a post and a metrics answer by
 * their alias and its type arguments, in one line of at most 200 characters, where an expanded
 * type would print the post's whole schema.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { languageServices } from './language-service.js';

const here = dirname(fileURLToPath(import.meta.url));
const HEADER = "import { v2, type ResponseOf } from '../../src/v2.js';\n";
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
    expect(shown).toMatch(/^const answer: MetricsResponse<"fans_change" \| "fans_lifetime", readonly \[\{\s+readonly type: "date\.day";\s+\}, \{\s+readonly type: "profile";\s+\}\]>$/);
    expect(shown.length).toBeLessThan(200);
  });
});
