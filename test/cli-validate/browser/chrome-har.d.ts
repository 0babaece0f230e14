/** chrome-har ships no types: the one function the tests use. */
declare module 'chrome-har' {
  import type { Har } from 'har-format';
  export function harFromMessages(messages: readonly { method: string; params: unknown }[], options?: { includeTextFromResponseBody?: boolean }): Har;
}
