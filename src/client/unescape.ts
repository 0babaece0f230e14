/**
 * A text with its escapes undone, and where each of its characters stands in the original: so
 * that a credential written with escapes is found as plain text and replaced where it stands.
 * Undone: percent-encoded UTF-8 (hex in either case; a run of bytes stands for all its characters,
 * and a run that is no UTF-8 is read byte by byte), HTML character references (decimal or hex
 * with any number of digits, `;` optional as browsers read them, and `&amp; &lt; &gt; &quot;
 * &apos;`) and JSON escapes (`\uXXXX`, `\/`, `\\`, `\"`).
 */
import { lastAtMost } from '../core/last-at-most.js';

/** An escape: a run of percent-encoded bytes, or one escaped character. */
const ESCAPE = [
  '(?:%[0-9A-Fa-f]{2})+',
  '&#[0-9]+;?',
  '&#[Xx][0-9A-Fa-f]+;?',
  '&(?:amp|lt|gt|quot|apos);',
  '\\\\u[0-9A-Fa-f]{4}',
  '\\\\[\\\\/"]',
].join('|');
/** Stateless: `matchAll` works on a copy. */
const EVERY_ESCAPE = new RegExp(ESCAPE, 'g');

const NAMED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The characters an escape stands for, or undefined when it stands for none (no such code point). */
function undo(escape: string): string | undefined {
  try {
    if (escape[0] === '%') return decodeURIComponent(escape);
    if (escape[0] === '\\') return escape[1] === 'u' ? String.fromCharCode(parseInt(escape.slice(2), 16)) : escape[1];
    if (escape[1] !== '#') return NAMED[escape];
    const hex = escape[2] === 'x' || escape[2] === 'X';
    return String.fromCodePoint(parseInt(escape.slice(hex ? 3 : 2).replace(';', ''), hex ? 16 : 10));
  } catch {
    // Bytes that are no UTF-8 are read one character each (Latin-1), so that ASCII around them is found.
    return escape[0] === '%' ? unescape(escape) : undefined;
  }
}

export interface Unescaped {
  /** The text with its escapes undone. */
  text: string;
  /** Where the characters `start` to `end` (excluded) of `text` stand in the original: [from, to). */
  original(start: number, end: number): [number, number];
}

/** `text` with its escapes undone (see the module comment). */
export function unescapeText(text: string): Unescaped {
  // Segments: from plain[i] on, the text is the original from orig[i] on; an escape's characters
  // all stand for its whole span (size[i] > 0), plain characters for themselves (size[i] = 0).
  const parts: string[] = [];
  const plain: number[] = [];
  const orig: number[] = [];
  const size: number[] = [];
  let length = 0;
  let at = 0;
  const segment = (chars: string, from: number, span: number) => {
    parts.push(chars);
    plain.push(length);
    orig.push(from);
    size.push(span);
    length += chars.length;
  };
  for (const match of text.matchAll(EVERY_ESCAPE)) {
    const chars = undo(match[0]);
    if (chars === undefined) continue;
    if (match.index > at) segment(text.slice(at, match.index), at, 0);
    segment(chars, match.index, match[0].length);
    at = match.index + match[0].length;
  }
  if (at < text.length) segment(text.slice(at), at, 0);
  /** The segment holding character `p` of the plain text. */
  const segmentOf = (p: number) => lastAtMost(plain, p);
  /** Where character `p` stands in the original: [from, to). */
  const span = (p: number) => {
    const s = segmentOf(p);
    const from = size[s] ? orig[s] : orig[s] + p - plain[s];
    return [from, size[s] ? from + size[s] : from + 1];
  };
  return { text: parts.join(''), original: (start, end) => [span(start)[0], span(end - 1)[1]] };
}
