/**
 * `validateAnswers`: checks every answer an app receives through msw, from the package's
 * handlers or a team's own, with the response validators, and fails the test that received an
 * invalid one. It listens to msw's life-cycle events (`request:start` for the request body,
 * `response:mocked` and `response:bypass` for the answer), so a handler added later with
 * `server.use(...)` is checked too; the app's own response is never read or changed.
 */
import { validateResponse } from '../validators/index.js';
import type { ResponseProblem } from '../core/problems/problem.js';
import { apiRoot } from './handlers.js';

/** What `validateAnswers` listens to: an msw `setupServer(...)` or `setupWorker(...)` result. */
export interface MswLifeCycle {
  readonly events: {
    on(event: 'request:start', listener: (args: { request: Request; requestId: string }) => void): unknown;
    on(event: 'response:mocked' | 'response:bypass', listener: (args: { request: Request; requestId: string; response: Response }) => void): unknown;
    removeListener(event: 'request:start', listener: (args: { request: Request; requestId: string }) => void): unknown;
    removeListener(event: 'response:mocked' | 'response:bypass', listener: (args: { request: Request; requestId: string; response: Response }) => void): unknown;
  };
}

export interface ValidateAnswersOptions {
  /** The API's base URL, as the app and `createHandlers` have it: answers to other URLs are not looked at. */
  baseUrl: string;
  /** Broken inferred rules fail the test too (default false: stated rules only). */
  strict?: boolean;
  /**
   * The test runner's `afterEach` (vitest's or jest's): after each test, {@link AnswerValidation.check}
   * runs and fails the test when an answer it received was invalid. Default: the global `afterEach`
   * when there is one (jest, vitest with `globals: true`); without either, call `check()` yourself.
   */
  afterEach?: (hook: () => Promise<void>) => unknown;
}

/** One invalid answer: the request that received it and the problems found. */
export interface InvalidAnswer {
  method: string;
  /** Path below the base URL. */
  path: string;
  status: number;
  errors: readonly ResponseProblem[];
}

export interface AnswerValidation {
  /** Invalid answers received since the last `check()`. */
  readonly invalid: readonly InvalidAnswer[];
  /** Waits for the answers still being read, then throws an Error listing the invalid ones (and forgets them). */
  check(): Promise<void>;
  /** Stops listening. */
  dispose(): void;
}

/** The Error of `check()`: one block per invalid answer, one line per problem with its rule. */
function describeInvalid(invalid: readonly InvalidAnswer[]): string {
  const blocks = invalid.map((a) => `${a.method} ${a.path} (HTTP ${a.status}):\n${a.errors.map((e) => `  ${e.pointer === '' ? '(body)' : e.pointer}: ${e.message} [${e.rule}]`).join('\n')}`);
  return `validateAnswers: ${invalid.length} answer${invalid.length === 1 ? '' : 's'} the API cannot give:\n${blocks.join('\n')}`;
}

/** Checks every answer under `options.baseUrl` that `source` (an msw server or worker) delivers. */
export function validateAnswers(source: MswLifeCycle, options: ValidateAnswersOptions): AnswerValidation {
  const { origin, prefix } = apiRoot(options?.baseUrl, 'validateAnswers');
  const requestBodies = new Map<string, Promise<string>>();
  const pending = new Set<Promise<void>>();
  let invalid: InvalidAnswer[] = [];
  const under = (url: URL) => url.origin === origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));

  const onRequest = ({ request, requestId }: { request: Request; requestId: string }) => {
    if (under(new URL(request.url))) requestBodies.set(requestId, request.clone().text());
  };
  const onResponse = ({ request, requestId, response }: { request: Request; requestId: string; response: Response }) => {
    const url = new URL(request.url);
    if (!under(url) || response.type === 'error') return;
    const path = url.pathname.slice(prefix.length) || '/';
    const requestBody = requestBodies.get(requestId) ?? Promise.resolve('');
    requestBodies.delete(requestId);
    const checked = Promise.all([requestBody, response.clone().text()]).then(([sent, text]) => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        invalid.push({ method: request.method, path, status: response.status, errors: [{ pointer: '', message: `the response body is not JSON: ${JSON.stringify(text.slice(0, 80))}`, rule: 'shared.response.json', severity: 'error' }] });
        return;
      }
      const result = validateResponse({ method: request.method, path, status: response.status, body, request: sent === '' ? undefined : sent, strict: options.strict ?? false });
      if (!result.valid) invalid.push({ method: request.method, path, status: response.status, errors: result.errors });
    });
    pending.add(checked);
    void checked.finally(() => pending.delete(checked));
  };
  source.events.on('request:start', onRequest);
  source.events.on('response:mocked', onResponse);
  source.events.on('response:bypass', onResponse);

  const validation: AnswerValidation = {
    get invalid() {
      return invalid;
    },
    async check() {
      while (pending.size > 0) await Promise.all(pending);
      const found = invalid;
      invalid = [];
      if (found.length > 0) throw new Error(describeInvalid(found));
    },
    dispose() {
      source.events.removeListener('request:start', onRequest);
      source.events.removeListener('response:mocked', onResponse);
      source.events.removeListener('response:bypass', onResponse);
      requestBodies.clear();
    },
  };
  const afterEach = options.afterEach ?? (globalThis as { afterEach?: (hook: () => Promise<void>) => unknown }).afterEach;
  if (typeof afterEach === 'function') afterEach(() => validation.check());
  return validation;
}
