/**
 * The generation steps, in order. One small script per artifact family; later steps may read
 * what earlier ones produced (context.produced), except from a step with `needs`, which runs
 * beside them.
 */
import type { Step } from './generators/artifact.js';
import { openApiArtifacts } from './generators/openapi-yaml.js';
import { openApiTypeArtifacts } from './generators/openapi-types.js';
import { catalogDataArtifact } from './generators/catalog-data.js';
import { rulesArtifacts } from './generators/rules.js';
import { requestCatalogArtifact } from './generators/request-catalog.js';
import { operationsArtifact } from './generators/operations.js';
import { siteArtifacts } from './generators/site.js';
import { validatorArtifacts } from './generators/validators.js';
import { unionsArtifacts } from './generators/unions.js';
import { buildersArtifacts } from './generators/builders.js';
import { requestValidatorArtifacts } from './generators/request-validators.js';

export const STEPS: readonly Step[] = [
  { name: 'openapi', run: ({ model }) => openApiArtifacts(model) },
  // Its redocly child processes run while the steps below use this process.
  { name: 'site', needs: ['openapi'], run: (context) => siteArtifacts(context) },
  { name: 'openapi-types', run: (context) => openApiTypeArtifacts(context) },
  { name: 'validators', run: (context) => validatorArtifacts(context) },
  { name: 'catalog-data', run: ({ model }) => [catalogDataArtifact(model)] },
  { name: 'rules', run: ({ model }) => rulesArtifacts(model) },
  { name: 'request-validators', run: (context) => requestValidatorArtifacts(context) },
  { name: 'request-catalog', run: ({ model }) => [requestCatalogArtifact(model)] },
  { name: 'operations', run: ({ model }) => [operationsArtifact(model)] },
  { name: 'builders', run: ({ model }) => [...unionsArtifacts(model), ...buildersArtifacts(model)] },
];
