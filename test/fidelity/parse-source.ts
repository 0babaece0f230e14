/**
 * Reads the two API source documents (../shared/source/*.md) into plain facts:
 * metric names, aggregations, extra dimensions and value types, post fields with
 * their types, and the sortable and filterable lists, per version and network.
 *
 * This parser is deliberately independent of the catalogs and of src/: the
 * fidelity test compares what it reads with what the catalogs hold.
 */
import { readFileSync } from 'node:fs';

export const DOC_NETWORKS: Record<string, string> = {
  netA: 'facebook',
  netB: 'instagram',
  netC: 'twitter',
  netD: 'youtube',
  netE: 'linkedin',
  netF: 'pinterest',
};

export type SourceValueType = 'integer' | 'number' | 'object' | 'string' | 'boolean' | 'datetime' | 'array';

export interface SourceMetric {
  name: string;
  aggregation?: 'sum' | 'avg';
  extraDimensions?: string[];
  type?: SourceValueType;
  /** Text of the parenthesis after the name in a list, if any. */
  note?: string;
  /** Unit the note or the section notes give (seconds, minutes, milliseconds). */
  unit?: SourceUnit;
  deprecated: boolean;
}

export interface SourcePostField {
  name: string;
  type: SourceValueType;
  note?: string;
  unit?: SourceUnit;
  deprecated: boolean;
}

export type SourceUnit = 'seconds' | 'minutes' | 'milliseconds';

/** The unit a note starts with: "minutes", "seconds; video only", "ms". */
export function unitOfNote(note: string | undefined): SourceUnit | undefined {
  const m = /^(seconds|minutes|milliseconds|ms)\b/.exec(note ?? '');
  if (!m) return undefined;
  return m[1] === 'ms' ? 'milliseconds' : (m[1] as SourceUnit);
}

/** Adds `unit` to an entry when its note gives one. */
function withUnit<T extends { note?: string; unit?: SourceUnit }>(entry: T): T {
  const unit = unitOfNote(entry.note);
  return unit ? { ...entry, unit } : entry;
}

export interface SourceFilterable {
  name: string;
  advanced: boolean;
}

export interface SourceVersion {
  metrics: Record<string, SourceMetric[]>;
  postFields: Record<string, SourcePostField[]>;
  sortable: Record<string, string[]>;
  filterable: Record<string, SourceFilterable[]>;
}

const TYPE_WORDS: Record<string, SourceValueType> = {
  integer: 'integer',
  float: 'number',
  object: 'object',
  string: 'string',
  boolean: 'boolean',
  datetime: 'datetime',
  array: 'array',
};

/** Splits "a, b (x, y), c" on the commas that are outside parentheses. */
export function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** "name (note)" -> { name, note } */
function nameAndNote(item: string): { name: string; note?: string } {
  const m = /^([^()]+?)\s*(?:\((.*)\))?$/.exec(item.trim());
  if (!m) throw new Error(`cannot read list item "${item}"`);
  return m[2] === undefined ? { name: m[1].trim() } : { name: m[1].trim(), note: m[2].trim() };
}

interface Section {
  heading: string;
  lines: string[];
}

function sections(markdown: string): Section[] {
  const out: Section[] = [];
  let current: Section = { heading: '', lines: [] };
  for (const line of markdown.split('\n')) {
    if (/^#{1,6} /.test(line)) {
      out.push(current);
      current = { heading: line.replace(/^#+ /, '').trim(), lines: [] };
    } else current.lines.push(line);
  }
  out.push(current);
  return out;
}

function tableRows(lines: string[]): string[][] {
  const rows = lines.filter((l) => l.trim().startsWith('|'));
  return rows
    .slice(2)
    .map((r) => r.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
}

const stripDot = (s: string) => s.trim().replace(/\.$/, '');

/** Reads "- type[, marked no longer supported]: a, b (note), c." bullets. */
function typedBullets(lines: string[], into: { name: string; type?: SourceValueType; note?: string; unit?: SourceUnit; deprecated: boolean }[]) {
  for (const line of lines) {
    const m = /^- ([a-z]+)(, marked no longer supported)?: (.*)$/.exec(line.trim());
    if (!m || !(m[1] in TYPE_WORDS)) continue;
    for (const item of splitTopLevel(stripDot(m[3]))) {
      const { name, note } = nameAndNote(item);
      const deprecated = Boolean(m[2]) || /no longer supported|no longer available/.test(note ?? '');
      into.push(note === undefined ? { name, type: TYPE_WORDS[m[1]], deprecated } : withUnit({ name, type: TYPE_WORDS[m[1]], note, deprecated }));
    }
  }
}

function networkOf(heading: string): string | undefined {
  const m = /\b(net[A-F])\b/.exec(heading);
  return m ? DOC_NETWORKS[m[1]] : undefined;
}

function readSortFilter(lines: string[], network: string, v: SourceVersion) {
  for (const line of lines) {
    const sort = /^Sortable net[A-F] fields: (.*?)(?:\. Filterable: (.*))?$/.exec(line.trim());
    if (sort) {
      v.sortable[network] = splitTopLevel(stripDot(sort[1])).map((s) => nameAndNote(s).name);
      if (sort[2]) v.filterable[network] = readFilterable(sort[2]);
      continue;
    }
    const filter = /^Filterable(?: net[A-F] fields)?: (.*?)(?:\. No sort parameter is offered\..*)?$/.exec(line.trim());
    if (filter) v.filterable[network] = readFilterable(filter[1]);
  }
}

function readFilterable(list: string): SourceFilterable[] {
  return splitTopLevel(stripDot(list)).map((item) => {
    const { name, note } = nameAndNote(item);
    return { name, advanced: /advanced filter/.test(note ?? '') };
  });
}

export function parseV2(markdown: string): SourceVersion {
  const v: SourceVersion = { metrics: {}, postFields: {}, sortable: {}, filterable: {} };
  for (const s of sections(markdown)) {
    const network = networkOf(s.heading);
    if (!network) continue;
    if (/ metrics$/.test(s.heading)) {
      v.metrics[network] = tableRows(s.lines).map(([name, aggregation, extra]) => ({
        name,
        aggregation: aggregation as 'sum' | 'avg',
        extraDimensions: extra === undefined || extra === 'none' ? [] : extra.split(',').map((d) => d.trim()),
        type: 'number' as const,
        deprecated: false,
      }));
      // Section notes such as "viewed_time_change is in seconds".
      for (const [, name, unit] of s.lines.join(' ').matchAll(/([a-z0-9_]+) is in (seconds|minutes|milliseconds)\b/g)) {
        const metric = v.metrics[network].find((m) => m.name === name);
        if (!metric) throw new Error(`the notes of the ${network} metrics name an unknown metric "${name}"`);
        metric.unit = unit as SourceUnit;
      }
    } else if (/post fields/.test(s.heading)) {
      const fields = (v.postFields[network] ??= []);
      for (const [name, type, meaning] of tableRows(s.lines)) {
        const t = TYPE_WORDS[type.split(' ')[0]];
        if (!t) throw new Error(`unknown type "${type}" for ${network} post field ${name}`);
        fields.push(withUnit({ name, type: t, note: meaning, deprecated: /no longer supported/.test(meaning ?? '') }));
      }
      typedBullets(s.lines, fields);
      readSortFilter(s.lines, network, v);
    }
  }
  return v;
}

export function parseV1(markdown: string, v2: SourceVersion): SourceVersion {
  const v: SourceVersion = { metrics: {}, postFields: {}, sortable: {}, filterable: {} };
  for (const s of sections(markdown)) {
    const network = networkOf(s.heading);
    if (network && / metrics(, (basic|insights))?$/.test(s.heading)) {
      const list = (v.metrics[network] ??= []);
      typedBullets(s.lines, list);
    }
    if (s.heading === 'Post fields') {
      const text = s.lines.join(' ');
      // "netA post fields ... are those of document 1, with one difference: the sortable list also contains X (...)"
      const m = /^\s*(net[A-F]) post fields .* those of document 1, with one difference: the sortable list also contains ([a-z_]+)/.exec(text);
      if (!m) throw new Error('v1 "Post fields" section not understood');
      const network1 = DOC_NETWORKS[m[1]];
      v.postFields[network1] = v2.postFields[network1];
      v.sortable[network1] = [...v2.sortable[network1], m[2]];
      v.filterable[network1] = v2.filterable[network1];
    }
  }
  return v;
}

export interface SourceFacts {
  v1: SourceVersion;
  v2: SourceVersion;
  /** Networks named in the profiles endpoint row of each version. */
  networks: { v1: string[]; v2: string[] };
}

function profileNetworks(markdown: string): string[] {
  const row = markdown.split('\n').find((l) => /^\| GET \| \/\d\/\{network\}\/profiles/.test(l));
  if (!row) throw new Error('profiles endpoint row not found');
  return [...row.matchAll(/net[A-F]/g)].map((m) => DOC_NETWORKS[m[0]]);
}

export function readSourceFacts(dir: string): SourceFacts {
  const doc2 = readFileSync(`${dir}/document-1-api-v2.md`, 'utf8');
  const doc1 = readFileSync(`${dir}/document-2-api-v1.md`, 'utf8');
  const v2 = parseV2(doc2);
  const v1 = parseV1(doc1, v2);
  return { v1, v2, networks: { v1: profileNetworks(doc1), v2: profileNetworks(doc2) } };
}
