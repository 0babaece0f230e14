/** The part of js-yaml (4.x, no bundled types) that scripts/model/yaml-file.ts uses. */
declare module 'js-yaml' {
  /** YAML 1.2 core schema: no timestamps, no merge keys. */
  export const CORE_SCHEMA: unknown;
  /** Parses one document; throws on a syntax error or a duplicate key. */
  export function load(text: string, options?: { schema?: unknown; filename?: string }): unknown;
}
