/** Writes generated/catalogs.ts: every catalog as typed data for the runtime and for users. */
import type { Model, VersionModel } from '../../model/types.js';
import { banner } from '../banner.js';
import type { Artifact } from '../artifact.js';

export const SCRIPT = 'scripts/generators/data/catalog-data.ts';

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Source code to print as is inside a {@link toTsLiteral} value (the name of a constant). */
export class TsCode {
  constructor(readonly code: string) {}
}

/** The longest line of a generated file. */
const LINE_WIDTH = 100;

/**
 * A string literal that starts at column `column`: one literal when it fits (with the comma
 * after it), else literals of whole words joined by `+`, the next ones indented a step further
 * than `indent`, so that no line is longer than LINE_WIDTH (a longer word gets a line of its own).
 */
function stringLiteral(text: string, indent: string, column: number): string {
  const whole = JSON.stringify(text);
  if (column + whole.length + 1 <= LINE_WIDTH) return whole;
  const pieces: string[] = [];
  let piece = '';
  let room = LINE_WIDTH - column - 4; // quotes, ' +'
  for (const word of text.split(/(?<= )/)) {
    if (piece && JSON.stringify(piece + word).length > room) {
      pieces.push(piece);
      piece = '';
      room = LINE_WIDTH - indent.length - 8; // indent and a step, quotes, ' +', the comma of the last
    }
    piece += word;
  }
  pieces.push(piece);
  return pieces.map((p) => JSON.stringify(p)).join(` +\n${indent}  `);
}

/**
 * Prints plain data as TypeScript source: unquoted keys where possible, stable order, lines of
 * at most LINE_WIDTH characters. `column`: where the value starts on its first line.
 */
export function toTsLiteral(value: unknown, indent = '', column = indent.length): string {
  const next = `${indent}  `;
  if (value instanceof TsCode) return value.code;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      const inline = `[${value.map((v) => toTsLiteral(v, '', 0)).join(', ')}]`;
      if (inline.length + column < LINE_WIDTH) return inline;
    }
    return `[\n${value.map((v) => `${next}${toTsLiteral(v, next)},`).join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const line = ([k, v]: [string, unknown]) => {
      const key = `${next}${IDENT.test(k) ? k : JSON.stringify(k)}: `;
      return `${key}${toTsLiteral(v, next, key.length)},`;
    };
    return `{\n${entries.map(line).join('\n')}\n${indent}}`;
  }
  if (typeof value === 'string') return stringLiteral(value, indent, column);
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
  return dataModuleArtifact({
    script: SCRIPT,
    path: 'generated/catalogs.ts',
    doc: [
      'The catalogs of the social analytics API (catalogs/*.yaml) as typed data: networks,',
      'dimensions, error codes, limits, and per version and network the metrics and post fields.',
    ],
    checkedBy: 'its type is checked against CatalogData in src/catalog/types.ts.',
    name: 'catalogs',
    data,
  });
}

/**
 * A generated module of one constant: banner, doc comment, `as const`. It imports nothing: the
 * module that declares its type checks it (`checkedBy`, said in the doc comment).
 */
export function dataModuleArtifact(module: {
  script: string;
  path: string;
  doc: readonly string[];
  checkedBy: string;
  name: string;
  data: unknown;
}): Artifact {
  const content = [
    banner(module.script, 'slash').trimEnd(),
    '/**',
    ...module.doc.map((line) => ` * ${line}`),
    ` * Data only, ${module.checkedBy}`,
    ' */',
    `export const ${module.name} = ${toTsLiteral(module.data)} as const;`,
    '',
  ].join('\n');
  return { path: module.path, content };
}
