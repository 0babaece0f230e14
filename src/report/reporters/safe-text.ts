/**
 * Text from the inputs (file names, a capture's method and path, HAR URLs, messages quoting
 * values) as the text, Markdown and proxy line reporters print it: it can move no cursor, colour
 * nothing, link nothing, reorder nothing and start no line, so neither a terminal nor a CI runner
 * reads a command in it.
 *
 * - C0 controls (newlines and tabs included), DEL, C1 controls, the line and paragraph
 *   separators and the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
 *   U+2066-U+2069) are written as escapes: `\x1b`, `\u202e`;
 * - a `::` where the text starts (after spaces) is written `\x3a:`: a GitHub Actions workflow
 *   command is a line starting so, and with its line breaks escaped, the text can start a line
 *   only where the reporter puts it first (a file name leading a problem line, a method leading
 *   a proxy line); `##[` (the runner's older command form) is written `#\x23[` anywhere.
 *
 * Escaping the whole line the reporter made is the same as escaping its parts: the reporters'
 * own words hold none of these characters, and no line of theirs starts with `::`.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|^ *::|##\[/g;

const escapeOf = (c: string) => {
  if (c.endsWith('::')) return `${c.slice(0, -2)}\\x3a:`;
  if (c === '##[') return '#\\x23[';
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** The same characters but line breaks (`\n`, `\r`), for a format that escapes those its own way (the GitHub reporter's `%0A`). */
const CONTROLS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control and bidi character but `\n` and `\r` escaped. */
export function controlsEscaped(text: string): string {
  return text.replace(CONTROLS, escapeOf);
}

/** `text` with every control and bidi character escaped, and no workflow command in it. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, escapeOf);
}
