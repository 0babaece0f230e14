/** Turning problems into lines for people. */
import type { ResponseProblem } from './problem.js';

/** `/data/posts/3/comments: expected integer, got "12"`; the whole body is shown as `(body)`. */
export function formatError(error: ResponseProblem): string {
  return `${error.pointer === '' ? '(body)' : error.pointer}: ${error.message}`;
}

/** One line per error, each prefixed with `indent`. */
export function formatErrors(errors: readonly ResponseProblem[], indent = ''): string {
  return errors.map((e) => `${indent}${formatError(e)}`).join('\n');
}
