/**
 * Redaction of the credentials from every text the client keeps from an answer. A server or a
 * proxy may echo them (an HTML error page quoting the Authorization header, a failure text, a
 * body that is not JSON), and thrown errors end up in CI logs; so every spelling of the secret
 * is replaced before any text reaches an error's message, property, cause or stack.
 */

/** Base64 of the UTF-8 bytes of `text` (no Node Buffer: the client runs in browsers too). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text that replaces a secret. */
export const REDACTED = '[redacted]';

/**
 * Every spelling of the credentials an answer may echo: `token:secret`, the secret alone, the
 * base64 of `token:secret` (with and without padding, and base64url), their URL-encoded and
 * JSON-escaped forms. Longest first, so the longest match is replaced whole.
 */
export function secretForms(token: string, secret: string): string[] {
  const pair = `${token}:${secret}`;
  const encoded = base64(pair);
  const unpadded = encoded.replace(/=+$/, '');
  const forms = [pair, secret, encoded, unpadded, unpadded.replace(/\+/g, '-').replace(/\//g, '_')];
  for (const form of [...forms]) forms.push(encodeURIComponent(form), JSON.stringify(form).slice(1, -1));
  return [...new Set(forms)].filter((f) => f !== '').sort((a, b) => b.length - a.length);
}

export class Redactor {
  constructor(private readonly forms: readonly string[]) {}

  /** `text` with every form of the credentials replaced. */
  text(text: string): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }

  /** A copy of a JSON value with every string (and key) redacted. */
  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (typeof value !== 'object' || value === null || depth > 64) return value;
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.value(v, depth + 1)]));
  }

  /**
   * A copy of an error (and its cause chain) with every text redacted, keeping name, message,
   * code, errno and syscall, and a stack of its first line only (a stack may quote values).
   */
  error(error: unknown, depth = 0): Error {
    if (!(error instanceof Error)) return new Error(this.text(String(error)));
    const innerCause = depth < 4 && error.cause !== undefined ? this.error(error.cause, depth + 1) : undefined;
    const copy = new Error(this.text(error.message), innerCause ? { cause: innerCause } : undefined);
    copy.name = this.text(error.name);
    for (const key of ['code', 'errno', 'syscall', 'hostname', 'address', 'port'] as const) {
      const value = (error as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number') (copy as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? this.text(value) : value;
    }
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  }
}
