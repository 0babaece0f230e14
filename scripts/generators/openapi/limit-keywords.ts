/**
 * `x-limit` in the spec: schema keywords whose value is a limit of catalogs/limits.yaml
 * (`x-limit: { maxItems: profilesPerMetricsRequest }`, `{ maximum: pageSize.max }`). The OpenAPI
 * step writes the limit's value beside the annotation; the request validators read the
 * annotation to give an exceeded limit its API error code.
 */
import type { Limits } from '../../model/types.js';

/** The limit named `name` (`profilesPerMetricsRequest` = its `value`, or a dotted path to a number). */
export function limitOf(limits: Limits, name: string): { value: number; errorCode?: number } {
  const [head, ...rest] = name.split('.');
  const entry = (limits as unknown as Record<string, Record<string, number> | undefined>)[head];
  const value = rest.length ? rest.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], entry) : entry?.value;
  if (typeof value !== 'number') throw new Error(`x-limit: "${name}" is not a limit of catalogs/limits.yaml`);
  return { value, errorCode: entry?.errorCode };
}

/** The keywords an `x-limit` annotation stands for, with their values from the limits. */
export function limitKeywords(limits: Limits, annotation: unknown): Record<string, number> {
  if (typeof annotation !== 'object' || annotation === null || Array.isArray(annotation)) {
    throw new Error(`x-limit must map schema keywords to limit names, got ${JSON.stringify(annotation)}`);
  }
  return Object.fromEntries(Object.entries(annotation).map(([keyword, name]) => [keyword, limitOf(limits, String(name)).value]));
}

/** `text` with each `{limit:<name>}` replaced by that limit's value (spec descriptions). */
export function fillLimits(limits: Limits, text: string): string {
  return text.replace(/\{limit:([\w.]+)\}/g, (_, name: string) => String(limitOf(limits, name).value));
}
