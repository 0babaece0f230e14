/**
 * What one operation's checks found about the requests given last: a request given again (the
 * same text, or an object holding the same data as when it was read, ./request-snapshot.ts) is
 * not read again; its facts and its refusal problems are those found the first time (a CI run
 * or a bench sends one request for many responses). Each entry is filled by the checks that read
 * it: the harness of the operation's body kind (`facts`) and the refusal check (`refusals`); both
 * are pure functions of the request. One memo belongs to one validator's plan of an operation and
 * holds at most {@link REMEMBERED_REQUESTS} requests.
 */
import { holdsSnapshot, snapshotOf, type Snapshot } from './request-snapshot.js';

/** The most requests a memo holds; when full it forgets them all. */
export const REMEMBERED_REQUESTS = 32;

/** The longest request text a memo holds (a longer one is read on every call). */
export const REMEMBERED_TEXT = 16 * 1024;

/** What is known of one request: filled by the checks on their first reading of it. */
export class RememberedRequest {
  /** The request facts of the operation's harness (of its own type, which the harness knows). */
  facts: unknown = undefined;
  /** The problems of the refusal check (./refused-request.ts). */
  refusals: readonly (readonly [rule: 'shared.response.limit-refused' | 'shared.response.limit-refused-calendar' | 'shared.response.invalid-request-refused' | 'shared.response.invalid-request-answered', message: string])[] | undefined = undefined;
  constructor(readonly snapshot: Snapshot | undefined) {}
}

export class RequestMemo {
  private readonly byGiven = new Map<unknown, RememberedRequest>();
  /** The request read last (another object holding the same data is the same request). */
  private last: RememberedRequest | undefined;

  /**
   * The entry of `request`, as given by the caller (`given`: its JSON text, a built request or the
   * body itself): a remembered one when it holds the same data, else a new one (remembered when
   * the request is plain data of a bounded size, or a text of at most {@link REMEMBERED_TEXT} characters).
   */
  recall(given: unknown, request: Record<string, unknown>): RememberedRequest {
    const text = typeof given === 'string';
    const known = this.byGiven.get(given);
    if (known !== undefined && (text || (known.snapshot !== undefined && holdsSnapshot(request, known.snapshot)))) return known;
    const last = this.last;
    if (last !== undefined && last.snapshot !== undefined && holdsSnapshot(request, last.snapshot)) return this.remember(given, last);
    const snapshot = snapshotOf(request);
    const fresh = new RememberedRequest(snapshot);
    return (text ? (given as string).length <= REMEMBERED_TEXT : snapshot !== undefined) ? this.remember(given, fresh) : fresh;
  }

  private remember(given: unknown, entry: RememberedRequest): RememberedRequest {
    if (this.byGiven.size >= REMEMBERED_REQUESTS) this.byGiven.clear();
    this.byGiven.set(given, entry);
    if (entry.snapshot !== undefined) this.last = entry;
    return entry;
  }
}
