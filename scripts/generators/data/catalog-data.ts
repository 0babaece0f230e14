/**
 * Writes generated/catalogs.ts: the catalogs, each fact once, as tables (one per fact) that the
 * runtime assembles and slices at load time (src/catalog/), so that a bundle holds the tables it reads.
 */
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

/** A list of names as one text of words (a name holds no space and is not empty). */
function words(list: readonly string[], where: string): string {
  for (const word of list) if (!word || /\s/.test(word)) throw new Error(`catalog tables: ${where}: ${JSON.stringify(word)} cannot be a word of a name list`);
  return list.join(' ');
}

/** `{ key: value }` of the entries whose value is not undefined. */
const defined = (entries: [string, unknown][]) => Object.fromEntries(entries.filter(([, v]) => v !== undefined));

/** The members of `item` listed in `keys` that differ from their default (false, []), in that order. */
function details(item: object, keys: readonly string[]): Record<string, unknown> {
  const record = item as Record<string, unknown>;
  return defined(keys.map((k) => [k, record[k] === false || (Array.isArray(record[k]) && !(record[k] as unknown[]).length) ? undefined : record[k]]));
}

const METRIC_DETAILS = ['insightsOnly', 'deprecated', 'unit', 'description', 'note'] as const;
const FIELD_DETAILS = ['description', 'unit', 'insightsOnly', 'deprecated', 'items', 'properties'] as const;

/** The tables of one version: per network, one value per fact. */
function versionTables(vm: VersionModel): Record<string, Record<string, unknown>> {
  const where = (n: string, what: string) => `v${vm.version} ${n} ${what}`;
  const per = <T>(networks: readonly string[], value: (n: string) => T | undefined) => defined(networks.map((n) => [n, value(n)]));
  const all = vm.networks;
  const withPosts = all.filter((n) => vm.posts[n]);
  const fields = (n: string) => vm.posts[n].fields;
  const sparse = (record: Record<string, unknown>) => (Object.keys(record).length ? record : undefined);
  const nonEmpty = (text: string) => (text ? text : undefined);
  return {
    MetricNames: per(all, (n) => words(vm.metrics[n].map((m) => m.name), where(n, 'metrics'))),
    MetricTypes: per(all, (n) => vm.metrics[n].map((m) => m.type).join(' ')),
    MetricAggregations: per(all, (n) => (vm.metrics[n].some((m) => m.aggregation) ? vm.metrics[n].map((m) => m.aggregation ?? '-').join(' ') : undefined)),
    MetricExtraDimensions: per(all, (n) => sparse(defined(vm.metrics[n].map((m) => [m.name, m.extraDimensions.length ? words(m.extraDimensions, where(n, m.name)) : undefined])))),
    MetricDetails: per(all, (n) => vm.metrics[n].map((m) => details(m, METRIC_DETAILS))),
    MetricNoData: per(all, (n) => nonEmpty(vm.metrics[n].filter((m) => m.mayReturnNoData).map((m) => m.name).join(' '))),
    PostSort: per(withPosts, (n) => vm.posts[n].sort),
    PostFields: per(withPosts, (n) => words(fields(n).map((f) => f.name), where(n, 'post fields'))),
    PostFieldTypes: per(withPosts, (n) => fields(n).map((f) => f.type).join(' ')),
    PostSortable: per(withPosts, (n) => nonEmpty(fields(n).filter((f) => f.sortable).map((f) => f.name).join(' '))),
    PostSortKeys: per(withPosts, (n) => sparse(defined(fields(n).map((f) => [f.name, f.sortKeys.length ? f.sortKeys : undefined])))),
    PostFilterable: per(withPosts, (n) => nonEmpty(fields(n).filter((f) => f.filterable).map((f) => f.name).join(' '))),
    PostAdvancedFilter: per(withPosts, (n) => nonEmpty(fields(n).filter((f) => f.advancedFilter).map((f) => f.name).join(' '))),
    PostVideoOnly: per(withPosts, (n) => nonEmpty(fields(n).filter((f) => f.videoOnly).map((f) => f.name).join(' '))),
    PostFieldValues: per(withPosts, (n) => sparse(defined(fields(n).map((f) => [f.name, f.enum ?? undefined])))),
    PostFieldDetails: per(withPosts, (n) => fields(n).map((f) => details(f, FIELD_DETAILS))),
    PostResponseMembers: per(withPosts, (n) => words(vm.posts[n].responseMembers.map((m) => m.name), where(n, 'response members'))),
    PostResponseMemberTypes: per(withPosts, (n) => vm.posts[n].responseMembers.map((m) => m.type).join(' ')),
    PostResponseMemberDescriptions: per(withPosts, (n) => vm.posts[n].responseMembers.map((m) => m.description)),
  };
}

/** What each table holds, for its doc comment. */
const TABLE_DOCS: Record<string, string> = {
  MetricNames: 'per network the metric names, in catalog order',
  MetricTypes: 'per network the value type of each metric (aligned with the names)',
  MetricAggregations: 'per network the aggregation of each metric, `-` for none (aligned)',
  MetricExtraDimensions: 'per network and metric that allows any: its extra dimensions',
  MetricDetails: 'per network each metric\'s other facts (aligned; no false flag)',
  MetricNoData: 'per network the metrics that may return no data (a null value)',
  PostSort: 'per network with posts: whether its posts request offers `sort`',
  PostFields: 'per network the post fields, in catalog order',
  PostFieldTypes: 'per network the type of each post field (aligned with the fields)',
  PostSortable: 'per network the sortable post fields',
  PostSortKeys: 'per network and post field with sort keys: those keys (may hold spaces)',
  PostFilterable: 'per network the filterable post fields',
  PostAdvancedFilter: 'per network the post fields of advanced filters',
  PostVideoOnly: 'per network the post fields of videos only',
  PostFieldValues: 'per network and post field with listed values: those values',
  PostFieldDetails: 'per network each post field\'s other facts (aligned; no false flag)',
  PostResponseMembers: 'per network the members of a posts answer besides the fields',
  PostResponseMemberTypes: 'per network the type of each response member (aligned with them)',
  PostResponseMemberDescriptions: 'per network the description of each response member (aligned)',
};

/** A value both versions hold alike for a network, written once as a constant. */
interface Shared {
  name: string;
  value: unknown;
}

/**
 * Replaces each per-network value of a table that both versions hold alike (and that is more than
 * a flag) by a reference to one constant (`facebookPostFields`); returns those constants.
 */
function shareAlike(v1: Record<string, Record<string, unknown>>, v2: Record<string, Record<string, unknown>>): Shared[] {
  const shared: Shared[] = [];
  for (const table of Object.keys(v2)) {
    for (const network of Object.keys(v2[table])) {
      const a = v1[table]?.[network];
      const b = v2[table][network];
      if (a === undefined || typeof b === 'boolean' || JSON.stringify(a) !== JSON.stringify(b) || JSON.stringify(b).length < 40) continue;
      const name = `${network}${table}`;
      shared.push({ name, value: b });
      v1[table][network] = v2[table][network] = new TsCode(name);
    }
  }
  return shared;
}

/**
 * A name list of each network written after another list of the network that a bundle reading it
 * already carries (version 1's metric names after version 2's; the sortable post fields after the
 * post fields): a run of names that the other list holds in the same order is written as its
 * positions there, `i` or `i-j` (0-based, both ends), every other name as itself. Throws when a
 * name starts with a digit (it would read as a position) or when the text does not give back the
 * list; `where(network)` names the list in the error.
 */
export function namesAfterBase(names: Record<string, string>, base: Record<string, string>, where: (network: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names).map(([network, text]) => {
      const list = text ? text.split(' ') : [];
      const from = base[network] ? base[network].split(' ') : [];
      const out: string[] = [];
      for (let i = 0; i < list.length; ) {
        if (/^\d/.test(list[i])) throw new Error(`catalog tables: ${where(network)}: ${JSON.stringify(list[i])} starts with a digit`);
        const at = from.indexOf(list[i]);
        if (at < 0) {
          out.push(list[i++]);
          continue;
        }
        let n = 1;
        while (i + n < list.length && from[at + n] === list[i + n]) n++;
        out.push(n === 1 ? `${at}` : `${at}-${at + n - 1}`);
        i += n;
      }
      const compact = out.join(' ');
      if (expandNames(compact, from) !== text) throw new Error(`catalog tables: ${where(network)}: the positions do not give back the names`);
      return [network, compact];
    }),
  );
}

/**
 * The runtime's reading of the texts of {@link namesAfter}, per network (emitted as is): a record
 * whose member of a network reads that network's text when it is read, so that loading the
 * module derives nothing and a reader of one network's list pays for that list alone (the
 * readers make each network's facts once, on its first use). Nothing is kept between reads.
 */
const EXPAND_NAMES = [
  '/**',
  ' * Per network of `compact`, its text with each word `i` or `i-j` (positions, both ends) replaced by',
  ' * the names of the network\'s list in `base` at those positions, read when the network\'s member',
  ' * is read (a getter: nothing is derived at load, nothing is kept).',
  ' */',
  'function namesAfter(',
  '  compact: Readonly<Record<string, string>>,',
  '  base: Readonly<Record<string, string>>,',
  '): Readonly<Record<string, string>> {',
  '  const out: Record<string, string> = {};',
  '  for (const network of Object.keys(compact)) {',
  "    const from = Object.hasOwn(base, network) ? base[network] : '';",
  '    const get = () => namesOf(compact[network], from);',
  '    Object.defineProperty(out, network, { enumerable: true, get });',
  '  }',
  '  return Object.freeze(out);',
  '}',
  '',
  '/** `text` with each word `i` or `i-j` replaced by the words of `base` at those positions. */',
  'function namesOf(text: string, base: string): string {',
  "  const from = base.split(' ');",
  "  return text.split(' ').map((word) => {",
  "    const [i, j = i] = word.split('-');",
  "    return /^\\d/.test(word) ? from.slice(+i, +j + 1).join(' ') : word;",
  "  }).join(' ');",
  '}',
];

/** The runtime reading of one network's text, as the emitted `namesAfter` does it (checked at generation). */
function expandNames(text: string, from: readonly string[]): string {
  return text
    .split(' ')
    .map((word) => {
      const [i, j = i] = word.split('-');
      return /^\d/.test(word) ? from.slice(+i, +j + 1).join(' ') : word;
    })
    .join(' ');
}

/** `export const name = value;` with its doc comment. */
const tableSource = (doc: string, name: string, value: unknown, exported = true, asConst = false) => [
  `/** ${doc} */`,
  `${exported ? 'export ' : ''}const ${name} = ${toTsLiteral(value, '', `${exported ? 'export ' : ''}const ${name} = `.length)}${asConst ? ' as const' : ''};`,
  '',
];

export function catalogDataArtifact(model: Model): Artifact {
  const v1 = versionTables(model.v1);
  const v2 = versionTables(model.v2);
  const text = (table: unknown) => table as Record<string, string>;
  /** The lists written after another list, read at load: [table, its text, the other table]. */
  const after: [string, Record<string, string>, string][] = [
    ['v1MetricNames', namesAfterBase(text(v1.MetricNames), text(v2.MetricNames), (n) => `v1 ${n} metrics`), 'v2MetricNames'],
    ['v1PostSortable', namesAfterBase(text(v1.PostSortable), text(v1.PostFields), (n) => `v1 ${n} sortable post fields`), 'v1PostFields'],
    ['v2PostSortable', namesAfterBase(text(v2.PostSortable), text(v2.PostFields), (n) => `v2 ${n} sortable post fields`), 'v2PostFields'],
  ];
  const { MetricNames: _names, PostSortable: _v1Sortable, ...v1Rest } = v1;
  const { PostSortable: _v2Sortable, ...v2Rest } = v2;
  const shared = shareAlike(v1Rest, v2Rest);
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/**',
    ' * The catalogs of the social analytics API (catalogs/*.yaml), each fact once: one table per',
    ' * fact, per version and network where it varies by them. A list of names is one text of words',
    ' * separated by spaces; a column aligned with a list (types, aggregations, details) holds one',
    ' * word or item per name, in the same order. Version 1\'s metric names and the sortable post',
    ' * fields are written after another list (`...After`), read when a network\'s list is read',
    ' * (not at load) by the one function of the module; the rest is data.',
    ' * src/catalog/catalogs.ts assembles the CatalogData of `social-analytics-api/catalogs` from',
    ' * every table; the request checks, the client (src/catalog/request-catalog.ts) and the',
    ' * validators (src/validators/catalog-facts.ts) read only the tables they need, so a bundle',
    ' * holds only those.',
    ' */',
    '',
    ...shared.flatMap((s) => tableSource('A value of a table that both versions hold alike for the network.', s.name, s.value, false)),
    ...tableSource('The networks of the API.', 'networks', model.networks, true, true),
    ...tableSource('The base dimensions (every v2 metric supports them).', 'dimensionNames', words(model.dimensions.map((d) => d.name), 'dimensions')),
    ...tableSource('The kind of each base dimension (aligned with the names).', 'dimensionKinds', model.dimensions.map((d) => d.kind).join(' ')),
    ...tableSource('The description of each base dimension (aligned with the names).', 'dimensionDescriptions', model.dimensions.map((d) => d.description)),
    ...tableSource('The extra dimensions (a metric allows some of them besides the base dimensions).', 'extraDimensionNames', words(model.extraDimensions.map((d) => d.name), 'extra dimensions')),
    ...tableSource('The description of each extra dimension (aligned with the names).', 'extraDimensionDescriptions', model.extraDimensions.map((d) => d.description)),
    ...tableSource('The API error codes.', 'errorCodes', model.errors.map((e) => e.code)),
    ...tableSource('The meaning of each error code (aligned with the codes).', 'errorMeanings', model.errors.map((e) => e.meaning)),
    ...tableSource('The HTTP status of each error code (aligned with the codes).', 'errorHttpStatus', model.errors.map((e) => e.httpStatus)),
    ...tableSource('The operations each error code applies to, `all` or per version (aligned with the codes).', 'errorEndpoints', model.errors.map((e) => e.endpoints), true, true),
    ...tableSource('The request limits (catalogs/limits.yaml).', 'limits', model.limits, true, true),
    ...tableSource(
      'Metric renames from version 1 to 2 (catalogs/migration.yaml): network, v1, v2 name, note.',
      'metricRenames',
      model.renames.map((r) => (r.note ? [r.network, r.v1, r.v2, r.note] : [r.network, r.v1, r.v2])),
      true,
      true,
    ),
    ...after.flatMap(([table, value, base]) =>
      tableSource(`${table} written after ${base}: a run of its names as positions (\`i\`, \`i-j\`).`, `${table}After`, value, false),
    ),
    ...([['v1', v1Rest], ['v2', v2Rest]] as const).flatMap(([version, tables]) =>
      Object.entries(tables).flatMap(([table, value]) => tableSource(`Version ${version.slice(1)}: ${TABLE_DOCS[table]}.`, `${version}${table}`, value)),
    ),
    ...EXPAND_NAMES,
    '',
    ...after.flatMap(([table, , base]) => [
      `/** Version ${table[1]}: ${TABLE_DOCS[table.slice(2)]} (read from ${table}After). */`,
      `export const ${table}: Readonly<Record<string, string>> =`,
      `  /* @__PURE__ */ namesAfter(${table}After, ${base});`,
      '',
    ]),
  ].join('\n');
  return { path: 'generated/catalogs.ts', content };
}
