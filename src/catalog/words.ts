/**
 * Reading the tables of generated/catalogs.ts: a list of names is one text of words separated by
 * spaces, and a column aligned with it holds one word or item per name.
 */

/** The words of a name list (`''` and an absent list are empty). */
export function words(text: string | undefined): string[] {
  return text ? text.split(' ') : [];
}

/** `record` with `read` applied to each member's value (own members only). */
export function mapRecord<T, U>(record: Readonly<Record<string, T>>, read: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.keys(record).map((key) => [key, read(record[key], key)]));
}

/** The value of an own member of `record`, or undefined (a network named `toString` is no member). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
