/**
 * The posts checks and the v1 and v2 metrics checks of an operation keep what they found of member
 * names, dates and metric rows from one body to the next (src/validators/checks/post-layout.ts,
 * v1-record-memo.ts, metric-rows-memo.ts): a verdict must still depend on its own input only.
 * Sequences of edited posts pages and metrics bodies (members removed, moved, added, mistyped;
 * dates moved; metric rows replaced, repeated, removed, reordered, also in place in the body
 * validated before; other requests) validated by one long-lived validator give exactly the results
 * a fresh validator gives each input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createResponseValidator, type ValidateResponseInput } from '../../src/validators/index.js';
import { metricsOf } from '../../src/validators/catalog-facts.js';
import { KEPT_POSITIONS } from '../../src/validators/checks/v1-record-memo.js';
import { postsShape, v1MetricsShape, v2MetricsShape, type Shape } from '../../bench/bodies.js';

type Json = any;

const clone = <T>(value: T): T => structuredClone(value);

/** What one step edits: which object (by index, wrapped), which of its members (by index, wrapped), and how. */
interface Edit {
  readonly op: number;
  readonly at: number;
  readonly member: number;
}

const edit = fc.record({ op: fc.nat(8), at: fc.nat(40), member: fc.nat(80) });

/** `object` with member `name` moved to its end. */
function moveLast(object: Json, name: string): void {
  const value = object[name];
  delete object[name];
  object[name] = value;
}

/** Applies `e` to `object` (a post or a day record): the edits that change its member names or a value's type. */
function editMembers(object: Json, e: Edit, known: readonly string[]): void {
  const keys = Object.keys(object);
  if (!keys.length) return;
  const name = keys[e.member % keys.length];
  switch (e.op) {
    case 0:
      delete object[name];
      break;
    case 1:
      moveLast(object, name);
      break;
    case 2:
      object[`no_such_${e.member % 3}`] = 1;
      break;
    case 3:
      object[name] = e.member % 2 ? 'text' : { value: 1 };
      break;
    case 4:
      object[known[e.member % known.length]] = e.member % 2 ? 1 : 'text';
      break;
  }
}

/** A validator used for every step, and the result a fresh validator gives each step (`inputs` taken one at a time, after the step before was validated). */
function sameAsFresh(inputs: Iterable<ValidateResponseInput>): void {
  const kept = createResponseValidator();
  for (const input of inputs) {
    const fresh = createResponseValidator().validate(input, { maxProblems: 1000 });
    expect(kept.validate(input, { maxProblems: 1000 })).toEqual(fresh);
  }
}

const inputOf = (shape: Shape, body: unknown, request: unknown, strict: boolean): ValidateResponseInput => ({ method: shape.method, path: shape.path, body, request, strict });

describe('posts pages: the member layout kept from one page to the next', () => {
  // Mixed pages: videos hold three fields more than photos, in the middle of their members.
  const pages = [postsShape(2, 6, true), postsShape(2, 6, false), postsShape(1, 4, true)];
  const catalogNames = Object.keys((pages[0].body as Json).data.posts.find((p: Json) => p.type === 'video'));

  /** The request of `shape` edited: a field left out, the fields reversed, a few of them, a field of no network, none. */
  function requestOf(shape: Shape, variant: number, pick: number): Json {
    const request = clone(shape.request) as Json;
    const fields = request.fields as string[];
    switch (variant) {
      case 1:
        request.fields = fields.filter((_, i) => i !== pick % fields.length);
        break;
      case 2:
        request.fields = [...fields].reverse();
        break;
      case 3:
        request.fields = fields.slice(0, 1 + (pick % fields.length));
        break;
      case 4:
        request.fields = [...fields, 'no_such_field'];
        break;
      case 5:
        delete request.fields;
        break;
    }
    return request;
  }

  const step = fc.record({ page: fc.nat(pages.length - 1), edits: fc.array(edit, { maxLength: 4 }), request: fc.nat(6), pick: fc.nat(80), strict: fc.boolean() });

  it('gives every page the verdict a fresh validator gives it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        sameAsFresh(
          steps.map((s) => {
            const shape = pages[s.page];
            const body = clone(shape.body) as Json;
            const posts = body.data.posts as Json[];
            for (const e of s.edits) editMembers(posts[e.at % posts.length], e, catalogNames);
            return inputOf(shape, body, s.request === 6 ? undefined : requestOf(shape, s.request, s.pick), s.strict);
          }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('tells a third name at a position from the two remembered there, in one page and page after page', () => {
    const shape = pages[1];
    const post = (shape.body as Json).data.posts[0];
    // The last member in turn: the requested is_published, story (a field not requested), and a name of no network.
    const ending = (name: string, value: unknown) => {
      const copy = clone(post);
      delete copy.is_published;
      copy[name] = value;
      return copy;
    };
    const three = [clone(post), ending('story', 'text'), ending('no_such_field', 'text')];
    const page = (posts: Json[]) => ({ ...clone(shape.body as Json), data: { ...(shape.body as Json).data, posts } });
    const inputs = [page(three), ...three.map((p) => page([p])), page([...three].reverse())].flatMap((body) => [inputOf(shape, body, shape.request, false), inputOf(shape, body, undefined, true)]);
    sameAsFresh(inputs);
    expect(createResponseValidator().validate(inputs[0]).errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(['/data/posts/1', '/data/posts/2']));
  });

  it('judges a page of posts longer than the catalog, then a page that differs past the positions kept', () => {
    const shape = pages[0];
    const long = clone(shape.body) as Json;
    for (const post of long.data.posts) for (let i = 0; i < 100; i++) post[`no_such_${i}`] = i;
    const later = clone(long);
    for (const post of later.data.posts) post.no_such_99 = 'text';
    sameAsFresh([inputOf(shape, long, shape.request, false), inputOf(shape, later, shape.request, false), inputOf(shape, shape.body, shape.request, false)]);
  });
});

describe('v1 metrics bodies: the members and dates kept from one body to the next', () => {
  const bodies = [v1MetricsShape(3, 6, 3, false), v1MetricsShape(1, 2, 25, true)];
  const catalog = [...metricsOf(1, 'facebook').keys()];

  /** The request of `shape` edited: the metrics reversed, one left out, one more, the range a day shorter at either end, no metrics. */
  function requestOf(shape: Shape, variant: number, pick: number): Json {
    const request = clone(shape.request) as Json;
    const metrics = request.metrics as string[];
    const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    switch (variant) {
      case 1:
        request.metrics = [...metrics].reverse();
        break;
      case 2:
        request.metrics = metrics.filter((_, i) => i !== pick % metrics.length);
        break;
      case 3:
        request.metrics = [...metrics, catalog[pick % catalog.length]];
        break;
      case 4:
        request.date_end = dayBefore(request.date_end);
        break;
      case 5:
        request.date_start = request.date_end;
        break;
      case 6:
        delete request.metrics;
        break;
    }
    return request;
  }

  /** Edits of a record's date: none, no date, another day, not midnight, a day before the one before. */
  function editDate(record: Json, e: Edit): void {
    const date = typeof record.date === 'string' ? record.date : '2025-12-01 00:00:00';
    switch (e.op) {
      case 5:
        delete record.date;
        break;
      case 6:
        record.date = `${date.slice(0, 8)}${String(1 + (e.member % 28)).padStart(2, '0')} 00:00:00`;
        break;
      case 7:
        record.date = date.replace('00:00:00', '06:00:00');
        break;
      case 8:
        record.date = '2025-02-30 00:00:00';
        break;
    }
  }

  const step = fc.record({ body: fc.nat(bodies.length - 1), edits: fc.array(edit, { maxLength: 4 }), request: fc.nat(7), pick: fc.nat(200), strict: fc.boolean() });

  it('gives every body the verdict a fresh validator gives it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        sameAsFresh(
          steps.map((s) => {
            const shape = bodies[s.body];
            const body = clone(shape.body) as Json;
            const records = (body.profiles as Json[]).flatMap((p) => p.data as Json[]);
            for (const e of s.edits) {
              const record = records[e.at % records.length];
              if (e.op < 5) editMembers(record, e, catalog);
              else editDate(record, e);
            }
            return inputOf(shape, body, s.request === 7 ? undefined : requestOf(shape, s.request, s.pick), s.strict);
          }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('judges a profile of more records than are kept, then one whose records differ past them', () => {
    const day = (d: number) => new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    const days = KEPT_POSITIONS + 100;
    const body = (dateOf: (d: number) => string) => ({ success: true, profiles: [{ id: 'p1', data: Array.from({ length: days }, (_, d) => ({ date: dateOf(d), comments: d })) }] });
    const ordered = body((d) => `${day(d)} 00:00:00`);
    // Past the kept positions, a day repeated: not in increasing order of days.
    const repeated = body((d) => `${day(d === KEPT_POSITIONS + 50 ? d - 1 : d)} 00:00:00`);
    const request = { profiles: ['p1'], date_start: day(0), date_end: day(days - 1), metrics: ['comments'] };
    const shape: Shape = { name: 'long', method: 'POST', path: '/1/facebook/metrics', body: ordered, request };
    sameAsFresh([inputOf(shape, ordered, request, false), inputOf(shape, repeated, request, false), inputOf(shape, repeated, undefined, false), inputOf(shape, ordered, undefined, false)]);
  });
});

describe('v2 metrics bodies: the metric rows kept from one body to the next', () => {
  // One metric element each, of 3 and of 12 rows (compared with each other, or marked by catalog position).
  const bodies = [v2MetricsShape([], 1, 1, 3), v2MetricsShape(['profile'], 2, 1, 12), v2MetricsShape(['date.day'], 1, 3, 2)];
  const catalog = [...metricsOf(2, 'facebook').keys()];

  /** The request of `shape`: as sent, the metrics reversed, one left out, none. */
  function requestOf(shape: Shape, variant: number, pick: number): Json {
    const request = clone(shape.request) as Json;
    const metrics = request.metrics as string[];
    if (variant === 1) request.metrics = [...metrics].reverse();
    if (variant === 2) request.metrics = metrics.filter((_, i) => i !== pick % metrics.length);
    if (variant === 3) delete request.metrics;
    return request;
  }

  /** Edits the rows of a metric element: a row replaced by another metric, by a name of no metric, by a row of the element, by a number; a row removed, one added; the rows reversed. */
  function editRows(rows: unknown[], e: Edit): void {
    const i = e.at % rows.length;
    switch (e.op) {
      case 0:
        rows[i] = catalog[e.member % catalog.length];
        break;
      case 1:
        rows[i] = `no_such_${e.member % 2}`;
        break;
      case 2:
        rows[i] = rows[e.member % rows.length];
        break;
      case 3:
        rows[i] = 1;
        break;
      case 4:
        if (rows.length > 1) rows.splice(i, 1);
        break;
      case 5:
        rows.push(catalog[e.member % catalog.length]);
        break;
      default:
        rows.reverse();
    }
  }

  const metricRows = (body: Json): unknown[] => (body.header as Json[]).find((el) => el.type === 'metric').rows;
  const step = fc.record({ body: fc.nat(bodies.length - 1), inPlace: fc.boolean(), edits: fc.array(edit, { maxLength: 3 }), request: fc.nat(4), pick: fc.nat(20), strict: fc.boolean() });

  it('gives every body the verdict a fresh validator gives it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        sameAsFresh(
          (function* () {
            let last: { shape: Shape; body: Json } | undefined;
            for (const s of steps) {
              // In place: the body validated before, its rows edited after its validation.
              const shape = s.inPlace && last ? last.shape : bodies[s.body];
              const body = s.inPlace && last ? last.body : (clone(shape.body) as Json);
              for (const e of s.edits) editRows(metricRows(body), e);
              last = { shape, body };
              yield inputOf(shape, body, s.request === 4 ? undefined : requestOf(shape, s.request, s.pick), s.strict);
            }
          })(),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('tells rows that differ from the remembered ones in their last row, or by one row more', () => {
    const shape = bodies[1];
    const rows = metricRows(shape.body);
    const edited = (edit: (rows: unknown[]) => void) => {
      const body = clone(shape.body) as Json;
      edit(metricRows(body));
      return body;
    };
    const inputs = [shape.body, edited((r) => (r[r.length - 1] = r[0])), shape.body, edited((r) => r.push(r[0])), shape.body, edited((r) => (r[r.length - 1] = 'no_such_metric'))].flatMap((body) => [inputOf(shape, body, undefined, false), inputOf(shape, body, shape.request, false)]);
    sameAsFresh(inputs);
    // A repeated row: a warning (an inferred rule) when not strict.
    expect(createResponseValidator().validate(inputs[2]).warnings.map((e) => e.rule)).toContain('v2.metrics.metric-rows-unique');
    expect(rows.length).toBeGreaterThan(8);
  });
});
