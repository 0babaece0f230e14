/**
 * Reads catalogs/ into the model's catalog part. Every file is checked against its JSON Schema
 * (catalogs/schema/) and against the rules a schema cannot say (duplicates, undeclared extra
 * dimensions, the insights_ rule, file name vs content). The first problem stops the load with
 * a PipelineError naming the file, line, JSON pointer, entry and rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { PipelineError } from './errors.js';
import { readYamlFile, type YamlFile } from './yaml-file.js';
import type {
  Dimension, ErrorCode, ExtraDimension, Limits, Metric, NetworkInfo, PostCatalog, PostField, Version,
} from './types.js';

export interface CatalogPart {
  networks: NetworkInfo[];
  dimensions: Dimension[];
  extraDimensions: ExtraDimension[];
  errors: ErrorCode[];
  limits: Limits;
  metrics: Record<Version, Record<string, Metric[]>>;
  posts: Record<Version, Record<string, PostCatalog>>;
  sources: string[];
}

function compileSchemas(root: string) {
  // validateSchema false: compiling the meta-schema costs more than the catalogs; a test checks the schemas once.
  const ajv = new Ajv2020({ allErrors: false, strict: true, validateSchema: false });
  const read = (name: string) => JSON.parse(readFileSync(join(root, 'catalogs/schema', name), 'utf8'));
  ajv.addSchema(read('shared.schema.json'));
  return {
    metrics: ajv.compile(read('metrics.schema.json')),
    postFields: ajv.compile(read('post-fields.schema.json')),
    networks: ajv.getSchema('shared.schema.json#/$defs/networks')!,
    dimensions: ajv.getSchema('shared.schema.json#/$defs/dimensions')!,
    errors: ajv.getSchema('shared.schema.json#/$defs/errors')!,
    limits: ajv.getSchema('shared.schema.json#/$defs/limits')!,
  };
}

/** Names the entry a pointer is inside, e.g. `metric "fans_change"`. */
function entryLabel(data: unknown, pointer: string): string | undefined {
  const m = /^\/(metrics|fields|networks|dimensions|extraDimensions|errors|responseMembers)\/(\d+)/.exec(pointer);
  if (!m) return undefined;
  const entry = (data as Record<string, any[]>)[m[1]]?.[Number(m[2])];
  const kind = { metrics: 'metric', fields: 'post field', networks: 'network', dimensions: 'dimension', extraDimensions: 'extra dimension', errors: 'error', responseMembers: 'response member' }[m[1]];
  const id = entry?.name ?? entry?.code;
  return id === undefined ? `${kind} #${Number(m[2]) + 1}` : `${kind} "${id}"`;
}

function fail(file: YamlFile, pointer: string, message: string, rule: string): never {
  const entry = entryLabel(file.data, pointer);
  throw new PipelineError(`${entry ? `${entry}: ` : ''}${message} (rule: ${rule})`, file.file, file.lineOf(pointer), pointer || '/');
}

function describeAjvError(e: ErrorObject): { pointer: string; message: string; rule: string } {
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { pointer: e.instancePath, message: `unknown key "${p.additionalProperty}"`, rule: 'additionalProperties' };
    case 'required':
      return { pointer: e.instancePath, message: `missing key "${p.missingProperty}"`, rule: 'required' };
    case 'enum':
      return { pointer: e.instancePath, message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, rule: 'enum' };
    case 'type':
      return { pointer: e.instancePath, message: `must be ${p.type}`, rule: 'type' };
    default:
      return { pointer: e.instancePath, message: e.message ?? e.keyword, rule: e.keyword };
  }
}

function check<T>(file: YamlFile, validate: ValidateFunction): T {
  if (!validate(file.data)) {
    const { pointer, message, rule } = describeAjvError(validate.errors![0]);
    fail(file, pointer, message, `schema ${rule}`);
  }
  return file.data as T;
}

function noDuplicates(file: YamlFile, list: { name?: string; code?: number }[], key: string) {
  const seen = new Map<unknown, number>();
  list.forEach((entry, i) => {
    const id = entry.name ?? entry.code;
    if (seen.has(id)) fail(file, `/${key}/${i}`, `duplicate name (first at #${seen.get(id)! + 1})`, 'unique names');
    seen.set(id, i);
  });
}

function insightsRule(file: YamlFile, key: string, list: { name: string; insightsOnly?: boolean }[]) {
  list.forEach((entry, i) => {
    const expected = entry.name.startsWith('insights_');
    if (Boolean(entry.insightsOnly) !== expected) {
      fail(file, `/${key}/${i}`, expected ? 'name starts with insights_ but insightsOnly is not true' : 'insightsOnly is true but the name does not start with insights_', 'the insights_ rule');
    }
  });
}

const FILE_PATTERN = /^([a-z]+)\.(metrics|post-fields)\.yaml$/;

export function loadCatalogs(root: string): CatalogPart {
  const schemas = compileSchemas(root);
  const sources: string[] = [];
  const open = (rel: string) => {
    sources.push(rel);
    return readYamlFile(join(root, rel), rel);
  };

  const networksFile = open('catalogs/networks.yaml');
  const networks = check<{ networks: NetworkInfo[] }>(networksFile, schemas.networks).networks;
  noDuplicates(networksFile, networks, 'networks');

  const dimensionsFile = open('catalogs/dimensions.yaml');
  const dims = check<{ dimensions: Dimension[]; extraDimensions: ExtraDimension[] }>(dimensionsFile, schemas.dimensions);
  noDuplicates(dimensionsFile, dims.dimensions, 'dimensions');
  noDuplicates(dimensionsFile, dims.extraDimensions, 'extraDimensions');

  const errorsFile = open('catalogs/errors.yaml');
  const errors = check<{ errors: ErrorCode[] }>(errorsFile, schemas.errors).errors;
  noDuplicates(errorsFile, errors, 'errors');

  const limits = check<{ limits: Limits }>(open('catalogs/limits.yaml'), schemas.limits).limits;

  const metrics: CatalogPart['metrics'] = { 1: {}, 2: {} };
  const posts: CatalogPart['posts'] = { 1: {}, 2: {} };
  const extraNames = new Set(dims.extraDimensions.map((d) => d.name));
  const usedExtras = new Set<string>();

  for (const version of [1, 2] as const) {
    const dir = `catalogs/v${version}`;
    for (const name of readdirSync(join(root, dir)).sort()) {
      const rel = `${dir}/${name}`;
      const m = FILE_PATTERN.exec(name);
      if (!m) throw new PipelineError('unexpected file: catalog files are named <network>.metrics.yaml or <network>.post-fields.yaml (rule: file naming)', rel);
      const file = open(rel);
      const [, network, kind] = m;
      const info = networks.find((n) => n.name === network);
      if (!info) throw new PipelineError(`unknown network "${network}" in the file name (networks.yaml lists ${networks.map((n) => n.name).join(', ')}) (rule: known networks)`, rel);
      if (!info.versions.includes(version)) throw new PipelineError(`network "${network}" is not in version ${version} (networks.yaml) (rule: networks of a version)`, rel);
      const data = check<{ version: number; network: string }>(file, kind === 'metrics' ? schemas.metrics : schemas.postFields);
      if (data.version !== version) fail(file, '/version', `version ${data.version} does not match the folder v${version}`, 'file location');
      if (data.network !== network) fail(file, '/network', `network "${data.network}" does not match the file name`, 'file location');
      if (kind === 'metrics') metrics[version][network] = readMetrics(file, version, extraNames, usedExtras);
      else posts[version][network] = readPosts(file);
    }
    for (const info of networks.filter((n) => n.versions.includes(version))) {
      if (!metrics[version][info.name]) throw new PipelineError(`missing metric catalog for network "${info.name}" (rule: one metric catalog per network)`, `${dir}/${info.name}.metrics.yaml`);
    }
  }
  const unused = [...extraNames].filter((d) => !usedExtras.has(d));
  if (unused.length) {
    const i = dims.extraDimensions.findIndex((d) => d.name === unused[0]);
    fail(dimensionsFile, `/extraDimensions/${i}`, 'declared but no metric allows it', 'no unused extra dimensions');
  }
  return { networks, dimensions: dims.dimensions, extraDimensions: dims.extraDimensions, errors, limits, metrics, posts, sources: sources.sort() };
}

function readMetrics(file: YamlFile, version: Version, extraNames: Set<string>, usedExtras: Set<string>): Metric[] {
  const list = (file.data as { metrics: Partial<Metric>[] }).metrics;
  noDuplicates(file, list, 'metrics');
  insightsRule(file, 'metrics', list as Metric[]);
  return list.map((raw, i) => {
    if (version === 2) {
      if (!raw.aggregation) fail(file, `/metrics/${i}`, 'missing key "aggregation" (v2 metrics are aggregated by sum or avg)', 'v2 aggregation');
      if (raw.type !== 'number') fail(file, `/metrics/${i}/type`, 'v2 metric values are numbers', 'v2 value type');
    } else {
      if (raw.aggregation) fail(file, `/metrics/${i}/aggregation`, 'v1 metrics have no aggregation', 'v1 has no aggregation');
      if (raw.extraDimensions) fail(file, `/metrics/${i}/extraDimensions`, 'v1 has no dimensions', 'v1 has no dimensions');
    }
    (raw.extraDimensions ?? []).forEach((d, j) => {
      if (!extraNames.has(d)) fail(file, `/metrics/${i}/extraDimensions/${j}`, `extra dimension "${d}" is not declared in catalogs/dimensions.yaml`, 'declared extra dimensions');
      usedExtras.add(d);
    });
    return {
      name: raw.name!,
      type: raw.type!,
      ...(raw.aggregation ? { aggregation: raw.aggregation } : {}),
      extraDimensions: raw.extraDimensions ?? [],
      insightsOnly: raw.insightsOnly ?? false,
      deprecated: raw.deprecated ?? false,
      mayReturnNoData: raw.mayReturnNoData ?? false,
      ...(raw.unit ? { unit: raw.unit } : {}),
      ...(raw.description ? { description: raw.description } : {}),
      ...(raw.note ? { note: raw.note } : {}),
    };
  });
}

function readPosts(file: YamlFile): PostCatalog {
  const data = file.data as { sort: boolean; fields: Partial<PostField>[]; responseMembers?: PostCatalog['responseMembers'] };
  noDuplicates(file, data.fields, 'fields');
  insightsRule(file, 'fields', data.fields as PostField[]);
  const fields = data.fields.map((raw, i): PostField => {
    const at = `/fields/${i}`;
    if ((raw.sortable || raw.sortKeys) && !data.sort) fail(file, at, 'sortable, but this network offers no sort parameter (sort: false)', 'sort offered');
    if (raw.sortKeys && raw.type !== 'object') fail(file, `${at}/sortKeys`, 'sortKeys are only for object fields', 'sortKeys on objects');
    if (raw.advancedFilter && !raw.filterable) fail(file, `${at}/advancedFilter`, 'advancedFilter needs filterable: true', 'advanced filter is a filter');
    if (raw.items && raw.type !== 'array') fail(file, `${at}/items`, 'items is only for array fields', 'items on arrays');
    if (raw.properties && raw.type !== 'object') fail(file, `${at}/properties`, 'properties is only for object fields', 'properties on objects');
    if (raw.enum && raw.type !== 'string') fail(file, `${at}/enum`, 'enum is only for string fields', 'enum on strings');
    const { name, type, ...rest } = raw;
    return {
      name: name!,
      type: type!,
      ...rest,
      sortable: raw.sortable ?? false,
      sortKeys: raw.sortKeys ?? [],
      filterable: raw.filterable ?? false,
      advancedFilter: raw.advancedFilter ?? false,
      insightsOnly: raw.insightsOnly ?? false,
      videoOnly: raw.videoOnly ?? false,
      deprecated: raw.deprecated ?? false,
    };
  });
  const responseMembers = data.responseMembers ?? [];
  responseMembers.forEach((member, i) => {
    if (fields.some((f) => f.name === member.name)) fail(file, `/responseMembers/${i}`, 'is also a requestable field', 'unique names');
  });
  return { sort: data.sort, fields, responseMembers };
}
