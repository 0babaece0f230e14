/** Short, shallow descriptions of JSON values for messages (never walks nested data). */

const MAX_STRING = 60;

/** `"12"`, `1.5`, `null`, `array`, `object`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `array (${value.length} item${value.length === 1 ? '' : 's'})`;
  // `object`, or the type of a value JSON has not (function, bigint, symbol).
  return typeof value;
}

/** A JSON string literal, shortened when long. */
export function quote(text: string): string {
  return JSON.stringify(text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text);
}

/** `"a", "b", "c" and 4 more`. */
export function listValues(values: readonly unknown[], max = 8): string {
  const shown = values.slice(0, max).map((v) => (typeof v === 'string' ? quote(v) : JSON.stringify(v)));
  return values.length > max ? `${shown.join(', ')} and ${values.length - max} more` : shown.join(', ');
}
