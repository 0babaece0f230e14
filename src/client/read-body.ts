/**
 * Reading a response body as text with a cap on its size: the bytes are counted as they arrive,
 * decoded (after fetch undid any `Content-Encoding`), and reading stops as soon as they pass the
 * cap, so an endless body or a compression bomb costs at most the cap. The text is decoded chunk
 * by chunk (UTF-8, as `Response.text()` does), so the client holds about the cap in text and the
 * joined string at the end: memory stays within a small multiple of the cap.
 */

/**
 * The default `maxBodyBytes`: 64 MiB, twice the largest answer the documented limits allow
 * (catalogs/limits.yaml). A v2 metrics answer holds at most 25 profiles x 92 days (three months)
 * x 25 metrics x the keys of one extra dimension (24 for hour_of_day, the most the catalogs know):
 * 1,380,000 values, about 25 MB at 18 bytes a value (a float and its separator). A posts page
 * holds at most 500 posts (the page size limit): 32 MB at 64 kB a post.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The largest cap: the longest string V8 makes (a UTF-8 byte is at least one character of it). */
export const MAX_BODY_BYTES_LIMIT = 536_870_888;

/** What reading gave: the text, or `tooLarge` when the body passed the cap. */
export type BodyText = { text: string } | { tooLarge: true };

/**
 * Reads `response`'s body, at most `limit` bytes. `waitFor` wraps each read (so that the
 * caller's abort and the timeout end it). A body over the cap is cancelled, not read on.
 */
export async function readBody(response: Response, limit: number, waitFor: <T>(work: Promise<T>) => Promise<T>): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length'));
  const encoded = (response.headers.get('content-encoding') ?? 'identity').toLowerCase() !== 'identity';
  if (!encoded && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    return { tooLarge: true };
  }
  if (response.body === null) return { text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await waitFor(reader.read());
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) {
        void reader.cancel().catch(() => undefined);
        return { tooLarge: true };
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return { text: parts.join('') };
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    // A string past the engine's longest (a cap set near MAX_BODY_BYTES_LIMIT in another engine).
    if (error instanceof RangeError) return { tooLarge: true };
    throw error;
  }
}
