/**
 * What the editor shows for a catalog name used in a builder call: the catalog entry of a metric,
 * post field, sortable or filterable field, or dimension of one version and network, as a title,
 * a short detail (completion label), a documentation text and its deprecation. Read from the
 * catalogs the pipeline generates (generated/catalogs.ts, through the `catalogs` CatalogData and
 * the `metricRenames` table); nothing here is written by hand about a name.
 */
import { metricRenames } from '../../generated/catalogs.js';
import { catalogs } from '../catalog/catalogs.js';
import { filterableNames, sortableNames } from '../shared/catalog-names.js';
import type { CatalogData, Metric, PostField, Version } from '../shared/catalog-types.js';

/** Where a name sits in a builder body: `metrics`, `fields`, `sort[].field`, `filter[].field`, `dimensions[].type`. */
export type Slot = 'metric' | 'field' | 'sort' | 'filter' | 'dimension';

/** The operation a builder call builds: its version, network and kind. */
export interface BuilderOperation {
  version: Version;
  network: string;
  kind: 'metrics' | 'posts';
}

/** The editor's view of one catalog entry. */
export interface EditorEntry {
  /** `facebook metric, version 2`. */
  title: string;
  /** One short line for a completion label: `sum, milliseconds`. */
  detail: string;
  /** Every fact of the entry, one sentence or list per line. */
  documentation: string;
  /** Set when the catalog marks the entry no longer supported: what to say instead of it. */
  deprecated?: string;
}

const SLOT_NAMES: Record<Slot, string> = { metric: 'metric', field: 'post field', sort: 'sort field', filter: 'filter field', dimension: 'dimension' };

/** `facebook v1 and v2, instagram v2`: where a name is found, from `has(version, network)`. */
function whereFound(data: CatalogData, has: (version: Version, network: string) => boolean): string {
  const parts: string[] = [];
  for (const info of data.networks) {
    const versions = ([1, 2] as const).filter((v) => data[`v${v}`].networks.includes(info.name) && has(v, info.name));
    if (versions.length) parts.push(`${info.name} v${versions.join(' and v')}`);
  }
  return parts.join(', ');
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The lines of a deprecation: the catalog's note, the version 2 name where the documents give one, or that they name none. */
function deprecation(note: string | undefined, replacement: string | undefined): string {
  const instead = replacement ?? 'The documents name no replacement.';
  return [`No longer supported.`, note && sentence(note), instead].filter(Boolean).join(' ');
}

/**
 * The editor entries of the catalogs, made once per plugin instance (its lifetime is the
 * language service's): a lookup by version, network, slot and name.
 */
export class EditorCatalog {
  readonly #data: CatalogData;
  readonly #renames: Map<string, { v2: string; note?: string }>;

  constructor(data: CatalogData = catalogs) {
    this.#data = data;
    this.#renames = new Map(metricRenames.map((r) => [`${r[0]} ${r[1]}`, { v2: r[2], ...(r.length > 3 ? { note: r[3] } : {}) }]));
  }

  /** The entry of `name` in `slot` of `operation`, or undefined when the catalog has no such name there. */
  entry(operation: BuilderOperation, slot: Slot, name: string): EditorEntry | undefined {
    const { version, network } = operation;
    const title = `${network} ${SLOT_NAMES[slot]}, version ${version}`;
    if (slot === 'metric') {
      const metric = this.#data[`v${version}`].metrics[network]?.find((m) => m.name === name);
      return metric && this.#metric(metric, title, operation);
    }
    if (slot === 'dimension') return version === 2 ? this.#dimension(network, name, title) : undefined;
    const posts = this.#data[`v${version}`].posts[network];
    if (!posts || !this.names(operation, slot).includes(name)) return undefined;
    const dot = slot === 'sort' ? name.indexOf('.') : -1;
    const field = posts.fields.find((f) => f.name === (dot < 0 ? name : name.slice(0, dot)))!;
    return this.#field(field, title, dot < 0 ? undefined : name.slice(dot + 1));
  }

  /** Every name of `slot` of `operation` the catalog has (completion candidates). */
  names(operation: BuilderOperation, slot: Slot): string[] {
    const { version, network } = operation;
    if (slot === 'metric') return (this.#data[`v${version}`].metrics[network] ?? []).map((m) => m.name);
    if (slot === 'dimension') return version === 2 ? [...this.#data.dimensions, ...this.#data.extraDimensions].map((d) => d.name) : [];
    const posts = this.#data[`v${version}`].posts[network];
    if (!posts) return [];
    if (slot === 'field') return posts.fields.map((f) => f.name);
    return slot === 'filter' ? filterableNames(posts) : sortableNames(posts);
  }

  #metric(m: Metric, title: string, { version, network }: BuilderOperation): EditorEntry {
    const rename = version === 1 ? this.#renames.get(`${network} ${m.name}`) : undefined;
    const v2Name = rename && `Version 2 name: ${rename.v2}.${rename.note ? ` ${rename.note}` : ''}`;
    const facts = [m.aggregation && `Aggregation: ${m.aggregation}.`, m.unit && `Unit: ${m.unit}.`, `Type: ${m.type}.`].filter(Boolean).join(' ');
    const deprecated = m.deprecated ? deprecation(m.note, v2Name) : undefined;
    const lines = [
      m.description && sentence(m.description),
      !m.deprecated && m.note && sentence(m.note),
      facts,
      m.extraDimensions.length > 0 && `Extra dimensions: ${m.extraDimensions.join(', ')}.`,
      m.insightsOnly && 'Only for profiles with insights_enabled.',
      `Networks and versions: ${whereFound(this.#data, (v, n) => this.#data[`v${v}`].metrics[n]?.some((x) => x.name === m.name) ?? false)}.`,
      !m.deprecated && v2Name,
      deprecated && `Deprecated: ${deprecated}`,
    ];
    const detail = [m.aggregation, m.unit, m.deprecated && 'deprecated'].filter(Boolean).join(', ') || m.type;
    return { title, detail, documentation: lines.filter(Boolean).join('\n'), ...(deprecated ? { deprecated } : {}) };
  }

  #field(f: PostField, title: string, key?: string): EditorEntry {
    const deprecated = f.deprecated ? deprecation(undefined, undefined) : undefined;
    const uses = [f.sortable && 'sortable', f.filterable && 'filterable', f.advancedFilter && 'in the advanced `match_any` filter'].filter(Boolean);
    const lines = [
      key && `Key \`${key}\` of \`${f.name}\`.`,
      f.description && sentence(f.description),
      [`Type: ${f.type}.`, f.unit && `Unit: ${f.unit}.`, f.enum && `Values: ${f.enum.join(', ')}.`].filter(Boolean).join(' '),
      uses.length > 0 && `Usable: ${uses.join(', ')}.`,
      f.insightsOnly && 'Only for profiles with insights_enabled.',
      f.videoOnly && 'Absent from a post that is not a video.',
      `Networks and versions: ${whereFound(this.#data, (v, n) => this.#data[`v${v}`].posts[n]?.fields.some((x) => x.name === f.name) ?? false)}.`,
      deprecated && `Deprecated: ${deprecated}`,
    ];
    const detail = [f.type, f.unit, f.deprecated && 'deprecated'].filter(Boolean).join(', ');
    return { title, detail, documentation: lines.filter(Boolean).join('\n'), ...(deprecated ? { deprecated } : {}) };
  }

  #dimension(network: string, name: string, title: string): EditorEntry | undefined {
    const base = this.#data.dimensions.find((d) => d.name === name);
    if (base) return { title, detail: `base, ${base.kind}`, documentation: `${sentence(base.description)}\nA base dimension: every metric allows it.` };
    const extra = this.#data.extraDimensions.find((d) => d.name === name);
    if (!extra) return undefined;
    const metrics = (this.#data.v2.metrics[network] ?? []).filter((m) => m.extraDimensions.includes(name)).map((m) => m.name);
    if (!metrics.length) return undefined;
    const lines = [
      sentence(extra.description),
      'An extra dimension: the last of the list, at most one per request, and every requested metric must allow it.',
      `Allowed by the ${network} metrics ${metrics.join(', ')}.`,
    ];
    return { title, detail: `extra, ${metrics.length} ${metrics.length === 1 ? 'metric' : 'metrics'}`, documentation: lines.join('\n') };
  }
}
