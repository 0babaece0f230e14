/**
 * Base64 without Node's Buffer, so that the modules using it run in a browser too. Decoding reads
 * text as Node.js's `Buffer.from(text, 'base64')` does (either alphabet, `+/` or `-_`; other
 * characters skipped; the first `=` ends the data; a last lone character dropped), so that a
 * value decodes to the same bytes in both.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const STANDARD = `${ALPHABET}+/`;
const URL_SAFE = `${ALPHABET}-_`;

/** Character code -> six bits, for both alphabets (-1: not a base64 character). */
const SEXTETS: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) {
    table[STANDARD.charCodeAt(i)] = i;
    table[URL_SAFE.charCodeAt(i)] = i;
  }
  return table;
})();

/** The bytes of base64 (or base64url) text, read as Node.js's Buffer reads it. */
export function decodeBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let length = 0;
  let bits = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 61) break; // '=': the end of the data
    const sextet = c < 128 ? SEXTETS[c] : -1;
    if (sextet < 0) continue;
    bits = (bits << 6) | sextet;
    count++;
    if (count === 4) {
      out[length++] = (bits >> 16) & 0xff;
      out[length++] = (bits >> 8) & 0xff;
      out[length++] = bits & 0xff;
      bits = 0;
      count = 0;
    }
  }
  if (count === 2) out[length++] = (bits >> 4) & 0xff;
  else if (count === 3) {
    out[length++] = (bits >> 10) & 0xff;
    out[length++] = (bits >> 2) & 0xff;
  }
  return out.subarray(0, length);
}

/** The base64url text of `bytes`, without padding (RFC 4648 section 5). */
export function encodeBase64Url(bytes: Uint8Array): string {
  let text = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    text += URL_SAFE[n >> 18] + URL_SAFE[(n >> 12) & 63] + URL_SAFE[(n >> 6) & 63] + URL_SAFE[n & 63];
  }
  if (bytes.length - i === 1) {
    const n = bytes[i] << 16;
    text += URL_SAFE[n >> 18] + URL_SAFE[(n >> 12) & 63];
  } else if (bytes.length - i === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    text += URL_SAFE[n >> 18] + URL_SAFE[(n >> 12) & 63] + URL_SAFE[(n >> 6) & 63];
  }
  return text;
}

/** UTF-8 text of bytes as Node.js's `buffer.toString('utf8')` gives it (a leading byte order mark kept, bad sequences replaced by U+FFFD). */
export function utf8Text(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** The UTF-8 bytes of text. */
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}
