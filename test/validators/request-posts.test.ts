/** Request-aware checks of post pages. */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { validateResponse } from '../../src/validators/index.js';
import { problem, problems } from './problems.js';

const request = (extra: Record<string, unknown> = {}) => ({
  profiles: ['164929129743'],
  date_start: '2026-01-01',
  date_end: '2026-01-31',
  fields: ['id', 'created_time', 'comments', 'reactions_by_type', 'is_published'],
  ...extra,
});

const post = (i: number, comments: number, extra: Record<string, unknown> = {}) => ({
  id: `p${i}`,
  created_time: `2026-01-${String(20 - i).padStart(2, '0')}T10:00:00+00:00`,
  comments,
  reactions_by_type: { like: 10 - i, love: 1 },
  is_published: true,
  ...extra,
});

const page = (posts: unknown[], more?: { next: string; remaining: number }) => ({ success: true, data: { posts, ...more } });

const fb = (body: unknown, req: unknown = request(), path = '/2/facebook/page/posts') => validateResponse({ method: 'POST', path, body, request: req });

describe('posts, request-aware', () => {
  it('accepts a page that matches the request', () => {
    expect(fb(page([post(1, 30), post(2, 20)], { next: 'abc', remaining: 4 }), request({ sort: [{ field: 'comments', order: 'desc' }] })).errors).toEqual([]);
    expect(validateResponse({ method: 'POST', path: '/1/facebook/page/posts', body: page([post(1, 3)]), request: request() }).errors).toEqual([]);
  });

  it('wants only requested fields in every post', () => {
    expect(fb(page([post(1, 3, { message: 'hello' })])).errors).toEqual([problem('shared.posts.requested-fields', '/data/posts/0', 'unexpected field "message": not requested')]);
  });

  it('judges each page by its own request when field lists alternate (allowed fields are cached per list)', () => {
    const withMessage = request({ fields: [...request().fields, 'message'] });
    const body = page([post(1, 3, { message: 'hello' })]);
    expect(fb(body, withMessage).errors).toEqual([]);
    expect(fb(body).errors).toEqual([problem('shared.posts.requested-fields', '/data/posts/0', 'unexpected field "message": not requested')]);
    expect(fb(body, withMessage).errors).toEqual([]);
    // the same names in another order are the same request
    expect(fb(body, request({ fields: [...withMessage.fields].reverse() })).errors).toEqual([]);
  });

  it('judges every post on its own members after posts that passed (names compared by position)', () => {
    const posts = [post(1, 9), post(2, 8), post(3, 7, { message: 'late' }), post(4, 6), { ...post(5, 5), message: 'x', id: 'p5' }];
    expect(fb(page(posts)).errors).toEqual([
      problem('shared.posts.requested-fields', '/data/posts/2', 'unexpected field "message": not requested'),
      problem('shared.posts.requested-fields', '/data/posts/4', 'unexpected field "message": not requested'),
    ]);
    expect(fb(page([post(1, 9), post(2, 8)]), request({ fields: ['id', 'created_time', 'comments', 'is_published'] })).errors).toEqual([
      problem('shared.posts.requested-fields', '/data/posts/0', 'unexpected field "reactions_by_type": not requested'),
      problem('shared.posts.requested-fields', '/data/posts/1', 'unexpected field "reactions_by_type": not requested'),
    ]);
  });

  it('judges posts of a request that leaves out few fields by those fields (every field requested, or all but one)', () => {
    // (These posts lack most requested fields: that rule is judged in its own test below.)
    const extra = (errors: readonly { rule: string }[]) => errors.filter((e) => e.rule !== 'shared.posts.requested-fields-present');
    const all = catalogs.v2.posts.facebook.fields.map((f) => f.name);
    const everything = request({ fields: all });
    expect(extra(fb(page([post(1, 9), post(2, 8, { message: 'm' })]), everything).errors)).toEqual([]);
    const allButMessage = request({ fields: all.filter((f) => f !== 'message') });
    expect(extra(fb(page([post(1, 9), post(2, 8, { message: 'm' }), post(3, 7)]), allButMessage).errors)).toEqual([
      problem('shared.posts.requested-fields', '/data/posts/1', 'unexpected field "message": not requested'),
    ]);
  });

  it('wants every requested field on every post (inferred: a warning, an error in strict mode)', () => {
    const { comments: dropped, ...lacking } = post(2, 8);
    void dropped;
    const lax = validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page([post(1, 9), lacking]), request: request() });
    expect([lax.errors, lax.warnings.map((w) => w.rule)]).toEqual([[], ['shared.posts.requested-fields-present']]);
    const strictProblem = (...args: Parameters<typeof problem>) => ({ ...problem(...args), severity: 'error', inferred: true });
    for (const strict of [true]) {
      const check = (posts: unknown[], req = request()) => validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page(posts), request: req, strict }).errors;
      const { comments, ...withoutComments } = post(2, 8);
      void comments;
      expect(check([post(1, 9), withoutComments])).toEqual([strictProblem('shared.posts.requested-fields-present', '/data/posts/1', 'missing requested field "comments"')]);
      // Every post stripped to {}: one problem per post naming what it lacks.
      expect(check([{}, {}])).toEqual([0, 1].map((i) => strictProblem('shared.posts.requested-fields-present', `/data/posts/${i}`, 'missing requested fields "id", "created_time", "comments", "reactions_by_type", "is_published"')));
      const many = request({ fields: ['id', 'message', 'comments', 'shares', 'reactions', 'url', 'type'] });
      expect(check([{}], many)).toEqual([strictProblem('shared.posts.requested-fields-present', '/data/posts/0', 'missing requested fields "id", "message", "comments", "shares", "reactions" and 2 more')]);
      // Fields of videos only ("video only") may be absent: a post that is not a video lacks them.
      const video = request({ fields: ['id', 'type', 'video_id', 'video_length', 'universal_video_id'] });
      expect(check([{ id: 'p1', type: 'photo' }, { id: 'p2', type: 'video', video_id: 'v', video_length: 1.5, universal_video_id: 'u' }], video)).toEqual([]);
      // The body alone does not say what was requested: no presence check without the request.
      expect(validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page([{}]), strict }).errors).toEqual([]);
    }
  });

  it('names a member the request did not name as not requested, and one outside the field tables also as not of the network (inferred)', () => {
    const result = fb(page([post(1, 3, { likes: 4 })]));
    expect(result.errors).toEqual([problem('shared.posts.requested-fields', '/data/posts/0', 'unexpected field "likes": not requested')]);
    expect(result.warnings).toEqual([problem('shared.posts.post-fields-of-network', '/data/posts/0', 'unexpected property "likes"')]);
  });

  it('lets instagram posts carry profile_id, a catalog response member', () => {
    const ig = { profiles: ['1784'], date_start: '2026-02-01', date_end: '2026-02-28', fields: ['id', 'likes'] };
    const body = page([{ id: 'm1', profile_id: '1784', likes: 3 }]);
    expect(validateResponse({ method: 'POST', path: '/2/instagram/profile/posts', body, request: ig }).errors).toEqual([]);
    const stray = page([{ id: 'm1', profile_id: '1784', likes: 3, comments: 1 }]);
    expect(validateResponse({ method: 'POST', path: '/2/instagram/profile/posts', body: stray, request: ig }).errors).toEqual([
      problem('shared.posts.requested-fields', '/data/posts/0', 'unexpected field "comments": not requested'),
    ]);
  });

  it('wants each field with its catalog type', () => {
    const result = fb(page([post(1, 3, { is_published: 'yes', comments: 1.5 })]));
    expect(result.errors).toEqual(
      expect.arrayContaining([
        problem('shared.posts.field-types', '/data/posts/0/comments', 'expected integer, got 1.5'),
        problem('shared.posts.field-types', '/data/posts/0/is_published', 'expected boolean, got "yes"'),
      ]),
    );
  });

  it('wants created_time in UTC with offset', () => {
    for (const created of ['2026-01-20T10:00:00+01:00', '2026-01-20T10:00:00', '2026-01-32T10:00:00+00:00']) {
      const result = fb(page([post(1, 3, { created_time: created })]));
      expect(result.errors).toContainEqual(problem('shared.posts.datetime-utc', '/data/posts/0/created_time', `expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "${created}"`));
    }
    // A fraction or Z spell a UTC instant too; the shape the documents show may be an example of ISO 8601: inferred.
    for (const created of ['2026-01-20T10:00:00.250Z', '2026-01-20T10:00:00Z', '2026-01-20T10:00:00.5+00:00']) {
      expect(fb(page([post(1, 3, { created_time: created })]))).toMatchObject({
        errors: [],
        warnings: [{ ...problem('shared.posts.datetime-shape', '/data/posts/0/created_time', `expected the documented shape YYYY-MM-DDTHH:MM:SS+00:00, got "${created}"`), severity: 'warning' }],
      });
    }
  });

  it('wants the requested sort order within the page', () => {
    const desc = request({ sort: [{ field: 'comments', order: 'desc' }] });
    expect(fb(page([post(1, 30), post(2, 20), post(3, 25)]), desc).warnings).toEqual([
      problem('shared.posts.sort-order', '/data/posts/2', 'breaks the requested sort comments desc: 25 follows 20 of /data/posts/1'),
    ]);
  });

  it('uses the next sort key on ties, object members and date-times', () => {
    const twoKeys = request({ sort: [{ field: 'comments', order: 'desc' }, { field: 'reactions_by_type.like', order: 'desc' }] });
    const tie = [post(1, 5, { reactions_by_type: { like: 1 } }), post(2, 5, { reactions_by_type: { like: 9 } })];
    expect(fb(page(tie), twoKeys).warnings).toEqual([problem('shared.posts.sort-order', '/data/posts/1', 'breaks the requested sort reactions_by_type.like desc: 9 follows 1 of /data/posts/0')]);
    const byTime = request({ sort: [{ field: 'created_time', order: 'desc' }] });
    expect(fb(page([post(2, 1), post(1, 1)]), byTime).warnings).toEqual([
      problem('shared.posts.sort-order', '/data/posts/1', 'breaks the requested sort created_time desc: "2026-01-19T10:00:00+00:00" follows "2026-01-18T10:00:00+00:00" of /data/posts/0'),
    ]);
  });

  it('orders date-times by instant, however spelled (Z, +00:00, fractions)', () => {
    const byTime = request({ sort: [{ field: 'created_time', order: 'desc' }] });
    const at = (created: string, i: number) => post(i, 1, { created_time: created });
    const desc = ['2026-01-20T10:00:00.500Z', '2026-01-20T10:00:00.5000+00:00', '2026-01-20T10:00:00Z', '2026-01-20T10:00:00.000+00:00', '2026-01-20T09:59:59.999Z'];
    expect(fb(page(desc.map(at)), byTime).warnings.filter((w) => w.rule === 'shared.posts.sort-order')).toEqual([]);
    expect(fb(page(['2026-01-20T10:00:00+00:00', '2026-01-20T10:00:00.001Z'].map(at)), byTime).warnings.filter((w) => w.rule === 'shared.posts.sort-order')).toEqual([
      problem('shared.posts.sort-order', '/data/posts/1', 'breaks the requested sort created_time desc: "2026-01-20T10:00:00.001Z" follows "2026-01-20T10:00:00+00:00" of /data/posts/0'),
    ]);
  });

  it('does not judge orders the documents do not show, or unrequested sort fields', () => {
    for (const order of ['asc', 'DESC', 'random']) expect(problems(fb(page([post(1, 1), post(2, 9)]), request({ sort: [{ field: 'comments', order }] })))).toEqual([]);
    expect(problems(fb(page([post(1, 1), post(2, 9)]), request({ sort: [{ field: 'shares', order: 'desc' }] })))).toEqual([]);
  });

  it('wants at most limit posts (default 10)', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => post(i, 1));
    expect(fb(page(eleven)).errors).toEqual([problem('shared.posts.page-size', '/data/posts', 'expected at most 10 posts (the default page size), got 11')]);
    expect(fb(page(eleven.slice(0, 3)), request({ limit: 2 })).errors).toEqual([problem('shared.posts.page-size', '/data/posts', 'expected at most 2 posts (the requested limit), got 3')]);
    expect(fb(page(eleven), request({ limit: 500 })).errors).toEqual([]);
  });

  it('wants next and remaining together', () => {
    expect(fb({ success: true, data: { posts: [], next: 'abc' } }).warnings).toEqual([problem('shared.posts.next-with-remaining', '/data', '"next" is present, so "remaining" must be too')]);
    expect(fb({ success: true, data: { posts: [], remaining: 3 } }).warnings).toEqual([problem('shared.posts.next-with-remaining', '/data', '"remaining" is present, so "next" must be too')]);
  });
});
