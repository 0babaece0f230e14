/** Writes generated/catalogs.ts: every catalog as typed data for the runtime and for users. */
import type { Model, VersionModel } from '../model/types.js';
import { banner } from './banner.js';
import type { Artifact } from './artifact.js';

export const SCRIPT = 'scripts/generators/catalog-data.ts';

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Source code to print as is inside a {@link toTsLiteral} value (the name of a constant). */
export class TsCode {
  constructor(readonly code: string) {}
}

/** Prints plain data as TypeScript source: unquoted keys where possible, stable order. */
export function toTsLiteral(value: unknown, indent = ''): string {
  const next = `${indent}  `;
  if (value instanceof TsCode) return value.code;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      const inline = `[${value.map((v) => toTsLiteral(v)).join(', ')}]`;
      if (inline.length + indent.length < 100) return inline;
    }
    return `[\n${value.map((v) => `${next}${toTsLiteral(v, next)},`).join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${next}${IDENT.test(k) ? k : JSON.stringify(k)}: ${toTsLiteral(v, next)},`).join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function versionData(vm: VersionModel) {
  return {
    version: vm.version,
    networks: vm.networks,
    metrics: Object.fromEntries(vm.networks.map((n) => [n, vm.metrics[n]])),
    posts: Object.fromEntries(vm.networks.filter((n) => vm.posts[n]).map((n) => [n, vm.posts[n]])),
  };
}

export function catalogDataArtifact(model: Model): Artifact {
  const data = {
    networks: model.networks,
    dimensions: model.dimensions,
    extraDimensions: model.extraDimensions,
    errors: model.errors,
    limits: model.limits,
    v1: versionData(model.v1),
    v2: versionData(model.v2),
  };
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The catalogs of the social analytics API (catalogs/*.yaml) as typed data: networks,',
    ' * dimensions, error codes, limits, and per version and network the metrics and post fields.',
    ' */',
    "import type { CatalogData } from '../src/catalog/types.js';",
    '',
    `export const catalogs = ${toTsLiteral(data)} as const satisfies CatalogData;`,
    '',
  ].join('\n');
  return { path: 'generated/catalogs.ts', content };
}
