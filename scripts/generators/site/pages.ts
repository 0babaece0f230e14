/** File names of the site's pages, in one place so pages can link to each other. */
import type { Model, Version } from '../../model/types.js';

/** Folder of the site inside the project. */
export const SITE_DIR = 'generated/site';

/** Redocly reference page of a version: `v2.html`. */
export const referencePage = (version: Version) => `v${version}.html`;

/** Catalog page of a version and network: `v2-facebook.html`. */
export const catalogPage = (version: Version, network: string) => `v${version}-${network}.html`;

export const MIGRATION_PAGE = 'migration.html';
export const RULES_PAGE = 'rules.html';
export const CHANGES_PAGE = 'changes.html';
export const INDEX_PAGE = 'index.html';
/** The site's search index (search-index.ts), loaded by every page. */
export const SEARCH_FILE = 'search.js';

/** Every catalog page of the model: one per version and network, in catalog order. */
export function catalogPages(model: Model): { version: Version; network: string; file: string }[] {
  return ([1, 2] as const).flatMap((version) =>
    (version === 1 ? model.v1 : model.v2).networks.map((network) => ({ version, network, file: catalogPage(version, network) })),
  );
}
