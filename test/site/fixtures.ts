/** Small inline catalog entries for the site generator unit tests. */
import type { Metric, NetworkInfo, PostCatalog, PostField, Version } from '../../src/catalog/types.js';

export function metric(name: string, extra: Partial<Metric> = {}): Metric {
  return { name, type: 'number', extraDimensions: [], insightsOnly: name.startsWith('insights_'), deprecated: false, ...extra };
}

export function field(name: string, extra: Partial<PostField> = {}): PostField {
  return {
    name, type: 'integer', sortable: false, sortKeys: [], filterable: false, advancedFilter: false,
    insightsOnly: name.startsWith('insights_'), videoOnly: false, deprecated: false, ...extra,
  };
}

export function posts(fields: PostField[], sort = true, responseMembers: PostCatalog['responseMembers'] = []): PostCatalog {
  return { sort, fields, responseMembers };
}

export function network(name: string, versions: Version[], extra: Partial<NetworkInfo> = {}): NetworkInfo {
  const title = name.charAt(0).toUpperCase() + name.slice(1);
  return { name, documentName: `net${title}`, title, description: `${title} network.`, insights: false, versions, ...extra };
}
