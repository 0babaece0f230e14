/**
 * Parses JSON text and, when it is malformed, says where: line, column and what was expected.
 * The locator is an iterative scanner (no recursion), so deeply nested input is safe.
 */

/** A parse; a failure says what is wrong and, for a syntax error, where (`at`). */
export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string; at?: TextPosition };

const WS = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

interface SyntaxProblem {
  offset: number;
  expected: string;
}

function skip(text: string, at: number): number {
  WS.lastIndex = at;
  WS.test(text);
  return WS.lastIndex;
}

function match(re: RegExp, text: string, at: number): number {
  re.lastIndex = at;
  return re.test(text) ? re.lastIndex : -1;
}

/** The first syntax error of `text`, or undefined when it is well-formed JSON. */
export function findSyntaxError(text: string): SyntaxProblem | undefined {
  const stack: ('{' | '[')[] = [];
  let at = skip(text, 0);
  // mode: 'value' (a value is expected), 'key' (a key or '}' right after '{'), 'after' (a value just ended)
  let mode: 'value' | 'first-value' | 'key' | 'first-key' | 'after' = 'value';
  for (;;) {
    at = skip(text, at);
    const c = text[at];
    if (mode === 'value' || mode === 'first-value') {
      if (mode === 'first-value' && c === ']') {
        stack.pop();
        at++;
        mode = 'after';
        continue;
      }
      if (c === '{') (stack.push('{'), at++, (mode = 'first-key'));
      else if (c === '[') (stack.push('['), at++, (mode = 'first-value'));
      else if (c === '"') {
        const end = match(STRING, text, at);
        if (end < 0) return { offset: stringErrorAt(text, at), expected: 'a complete string' };
        at = end;
        mode = 'after';
      } else if (c === '-' || (c >= '0' && c <= '9')) {
        const end = match(NUMBER, text, at);
        if (end < 0) return { offset: at, expected: 'a number' };
        at = end;
        mode = 'after';
      } else if (text.startsWith('true', at) || text.startsWith('null', at)) (at += 4, (mode = 'after'));
      else if (text.startsWith('false', at)) (at += 5, (mode = 'after'));
      else if (at < text.length && ['true', 'false', 'null'].some((word) => word.startsWith(text.slice(at)))) return { offset: text.length, expected: 'a complete value' };
      else return { offset: at, expected: 'a value' };
    } else if (mode === 'key' || mode === 'first-key') {
      if (mode === 'first-key' && c === '}') {
        stack.pop();
        at++;
        mode = 'after';
        continue;
      }
      if (c !== '"') return { offset: at, expected: mode === 'first-key' ? 'a property name or "}"' : 'a property name' };
      const end = match(STRING, text, at);
      if (end < 0) return { offset: stringErrorAt(text, at), expected: 'a complete string' };
      at = skip(text, end);
      if (text[at] !== ':') return { offset: at, expected: '":"' };
      at++;
      mode = 'value';
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return at < text.length ? { offset: at, expected: 'the end of the text' } : undefined;
      if (c === ',') (at++, (mode = top === '{' ? 'key' : 'value'));
      else if (c === (top === '{' ? '}' : ']')) (stack.pop(), at++);
      else return { offset: at, expected: top === '{' ? '"," or "}"' : '"," or "]"' };
    }
  }
}

/** Where a string starting at `at` goes wrong (unterminated, control character, bad escape). */
function stringErrorAt(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i;
    if (code < 0x20) return i;
    if (code === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return i;
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i++;
      else return i;
    }
  }
  return text.length;
}

/** A place in a file: line and column from 1 (columns count UTF-16 units, as editors do). */
export interface TextPosition {
  line: number;
  column: number;
}

const START: TextPosition = { line: 1, column: 1 };

/** Line and column (1-based) of an offset of `text`, which starts at `origin` of its file. */
export function lineColumn(text: string, offset: number, origin: TextPosition = START): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const column = offset - lineStart + 1;
  return line === 1 ? { line: origin.line, column: origin.column + column - 1 } : { line: origin.line + line - 1, column };
}

/** The message of a syntax problem at `offset` of `text` (`text` starts at `origin` of its file). */
function syntaxMessage(text: string, problem: { offset: number; expected: string }, origin: TextPosition = START): string {
  const at = lineColumn(text, problem.offset, origin);
  if (problem.offset >= text.length) return truncatedAt(at, problem.expected);
  return malformedAt(at, problem.expected, text.slice(problem.offset, problem.offset + 12));
}

/** `truncated JSON: the text ends at line 3, column 1 where "," or "]" is expected`. */
export const truncatedAt = ({ line, column }: TextPosition, expected: string) => `truncated JSON: the text ends at line ${line}, column ${column} where ${expected} is expected`;

/** `malformed JSON at line 3, column 10: expected ":", found "\"/2/facebook"` (`found`: the next few characters). */
export const malformedAt = ({ line, column }: TextPosition, expected: string, found: string) => `malformed JSON at line ${line}, column ${column}: expected ${expected}, found ${JSON.stringify(found)}`;

/**
 * JSON.parse with a message that names line and column, and says when the text is truncated.
 * `origin` is where `text` starts in its file, when it is a part of a larger file.
 */
export function parseJson(text: string, origin: TextPosition = START): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    if (err instanceof RangeError) return { ok: false, message: 'JSON nested too deeply to parse' };
    const problem = findSyntaxError(text);
    if (!problem) return { ok: false, message: `malformed JSON: ${err instanceof Error ? err.message : String(err)}` };
    return { ok: false, message: syntaxMessage(text, problem, origin), at: lineColumn(text, problem.offset, origin) };
  }
}
