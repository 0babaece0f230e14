/**
 * The docs site step: writes generated/site/ — index.html, one catalog page per version and
 * network (v2-facebook.html, ...), migration.html, rules.html (the rule register), changes.html
 * (CHANGELOG.md), the "Using the package" pages (README.md's user sections: install.html,
 * command-line.html, vitest.html, client.html, mock.html, entry-points.html; the documents of
 * docs/ they link: ci.html, metrics-splitting.html, mock-service.html; cli.html, every command's
 * help) and search.js. The Redoc references v1.html and v2.html, which the pages link
 * to, are a build output of `npm run docs` (scripts/docs/build-site.ts), not generated files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Artifact, StepContext } from '../artifact.js';
import { buildOpenApi } from '../openapi/openapi-bundle.js';
import { operationList } from '../data/operations.js';
import { catalogPageInput, renderCatalogPage } from './catalog-page.js';
import { renderIndexPage } from './index-page.js';
import { migrationData } from './migration.js';
import { renderMigrationPage } from './migration-page.js';
import { CHANGES_PAGE, catalogPages, INDEX_PAGE, MIGRATION_PAGE, RULES_PAGE, SEARCH_FILE, SITE_DIR } from './pages.js';
import { renderRulesPage } from './rules-page.js';
import { renderChangesPage } from './changes-page.js';
import { searchScript } from './search-index.js';
import { commandHelp } from '../../../src/shared/command-help.js';
import type { Model } from '../../model/types.js';
import { renderUsagePages, SITE_DOCUMENTS, type UsageSource } from './usage-pages.js';

/** CHANGELOG.md of the project, if it has one. */
function readChangelog(root: string): string | undefined {
  const file = join(root, 'CHANGELOG.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * The README, the documents of docs/ the site shows, every command's help (written from the
 * model's catalogs, as the commands write it from the same catalogs), and where links to the
 * repository go (package.json's repository and homepage).
 */
export function readUsageSource(root: string, catalog: Pick<Model, 'errors' | 'limits'>): UsageSource {
  const read = (file: string) => {
    const path = join(root, file);
    if (!existsSync(path)) throw new Error(`docs site: ${file} is missing; the "Using the package" pages are made from it`);
    return readFileSync(path, 'utf8');
  };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: string | { url?: string }; homepage?: string };
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const repository = url && /^(git\+)?https:\/\//.test(url) ? url.replace(/^git\+/, '').replace(/\.git$/, '') : undefined;
  const documents = Object.fromEntries(SITE_DOCUMENTS.map((file) => [file, read(file)]));
  return { readme: read('README.md'), documents, help: commandHelp(catalog), repository, homepage: pkg.homepage };
}

/** Every page of the site. */
export function siteArtifacts(context: Pick<StepContext, 'root' | 'model'>): Artifact[] {
  const { model } = context;
  const at = (file: string, content: string): Artifact => ({ path: `${SITE_DIR}/${file}`, content });

  const { renames } = model;
  const catalogs = catalogPages(model).map(({ version, network, file }) => {
    const other = version === 1 ? model.v2 : model.v1;
    return at(file, renderCatalogPage(catalogPageInput(model, version, network, renames), other.networks.includes(network)));
  });

  const migration = migrationData({
    networks: model.networks,
    metrics: { 1: model.v1.metrics, 2: model.v2.metrics },
    posts: { 1: model.v1.posts, 2: model.v2.posts },
    renames,
    operations: operationList(model),
    schemas: { 1: buildOpenApi(model, 1).components.schemas, 2: buildOpenApi(model, 2).components.schemas },
  });

  const usage = renderUsagePages(readUsageSource(context.root, model));

  return [
    at(INDEX_PAGE, renderIndexPage(model)),
    ...usage.map((u) => at(u.file, u.html)),
    ...catalogs,
    at(MIGRATION_PAGE, renderMigrationPage(migration)),
    at(RULES_PAGE, renderRulesPage(model.rules, model.networks, model.sentences)),
    at(CHANGES_PAGE, renderChangesPage(readChangelog(context.root))),
    at(SEARCH_FILE, searchScript(model, usage)),
  ];
}
