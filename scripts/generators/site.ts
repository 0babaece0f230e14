/**
 * The docs site step: writes generated/site/ — index.html, the Redocly references v1.html and
 * v2.html, one catalog page per version and network (v2-facebook.html, ...) and
 * migration.html, rules.html (the rule register) and changes.html (CHANGELOG.md). Runs after the openapi step (it renders the generated OpenAPI documents).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Artifact, StepContext } from './artifact.js';
import { operationList } from './operations.js';
import { catalogPageInput, renderCatalogPage } from './site/catalog-page.js';
import { renderIndexPage } from './site/index-page.js';
import { migrationData } from './site/migration.js';
import { renderMigrationPage } from './site/migration-page.js';
import { CHANGES_PAGE, catalogPages, INDEX_PAGE, MIGRATION_PAGE, referencePage, RULES_PAGE, SITE_DIR } from './site/pages.js';
import { renderRulesPage } from './site/rules-page.js';
import { renderChangesPage } from './site/changes-page.js';
import { SEARCH_FILE, searchScript } from './site/search-index.js';
import { referencePageHtml } from './site/reference-page.js';

const openApiPath = (version: 1 | 2) => `generated/openapi/v${version}.yaml`;

/** CHANGELOG.md of the project, if it has one. */
function readChangelog(root: string): string | undefined {
  const file = join(root, 'CHANGELOG.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function schemasOf(context: StepContext, version: 1 | 2): Record<string, any> {
  const artifact = context.produced.get(openApiPath(version));
  if (!artifact) throw new Error(`docs site: the pipeline did not produce ${openApiPath(version)}`);
  return (parse(String(artifact.content)) as { components: { schemas: Record<string, any> } }).components.schemas;
}

/** Every page of the site. */
export async function siteArtifacts(context: StepContext): Promise<Artifact[]> {
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
    schemas: { 1: schemasOf(context, 1), 2: schemasOf(context, 2) },
  });

  const pages = [
    at(INDEX_PAGE, renderIndexPage(model)),
    ...catalogs,
    at(MIGRATION_PAGE, renderMigrationPage(migration)),
    at(RULES_PAGE, renderRulesPage(model.rules)),
    at(CHANGES_PAGE, renderChangesPage(readChangelog(context.root))),
    at(SEARCH_FILE, searchScript(model)),
  ];

  // The Redocly builds run last and in parallel, once every input above has been checked; both
  // finish before the step returns, so none still writes to the scratch folder when it is removed.
  const builds = await Promise.allSettled(
    ([1, 2] as const).map(async (version) =>
      at(referencePage(version), await referencePageHtml(context, openApiPath(version), `Social analytics API v${version}`)),
    ),
  );
  const failed = builds.find((b): b is PromiseRejectedResult => b.status === 'rejected');
  if (failed) throw failed.reason;
  return [...pages, ...builds.map((b) => (b as PromiseFulfilledResult<Artifact>).value)];
}
