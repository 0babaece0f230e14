/**
 * What of a request the mock quotes back in a failure: a value by its first characters and its
 * length, never whole, so that a 1 MB cursor or path costs a short line; and a cap on the detail
 * texts of one failure, whatever made them.
 */

/** Characters of a request's value quoted in an answer. */
const QUOTED_CHARS = 40;

/** Characters of one detail text of a failure; longer ones end with "…". */
const MAX_DETAIL_CHARS = 500;

/** Detail texts of one error object; further ones are counted in a last "and N more". */
const MAX_DETAILS = 50;

/** `value` as a JSON string of its first `max` characters, with its length when it is cut. */
export function quoted(value: string, max = QUOTED_CHARS): string {
  if (value.length <= max) return JSON.stringify(value);
  return `${JSON.stringify(value.slice(0, max))}… (${value.length} characters)`;
}

/** The detail texts cut to MAX_DETAIL_CHARS each and MAX_DETAILS in all. */
export function cutDetails(details: readonly string[]): string[] {
  const kept = details.length > MAX_DETAILS ? details.slice(0, MAX_DETAILS - 1) : details;
  const cut = kept.map((d) => (d.length > MAX_DETAIL_CHARS ? `${d.slice(0, MAX_DETAIL_CHARS - 1)}…` : d));
  if (kept.length < details.length) cut.push(`and ${details.length - kept.length} more`);
  return cut;
}

/** `value` itself, or its first `max` characters with "…" and its length when it is longer. */
export function shortened(value: string, max = QUOTED_CHARS): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length} characters)`;
}
