/**
 * The generation steps, in order. One small script per artifact family; later steps may read
 * what earlier ones produced (context.produced), except from a step with `needs`, which runs
 * beside them. A step whose libraries are heavy runs in a worker thread (`thread`): its module
 * is imported only there, beside the model loading and the other steps (scripts/step-thread.ts).
 */
import type { Step } from './generators/artifact.js';
import { openApiArtifacts } from './generators/openapi/openapi-yaml.js';
import { catalogDataArtifact } from './generators/data/catalog-data.js';
import { rulesArtifacts } from './generators/data/rules.js';
import { operationsArtifact } from './generators/data/operations.js';
import { responseExamplesArtifact } from './generators/data/answer-examples.js';
import { siteArtifacts } from './generators/site/site.js';

/** A generator module run in a worker thread: its file URL and the export that makes the artifacts. */
const inThread = (file: string, exportName: string) => ({ module: new URL(`./generators/${file}`, import.meta.url).href, export: exportName });

export const STEPS: readonly Step[] = [
  { name: 'openapi', run: ({ model }) => openApiArtifacts(model) },
  // openapi-typescript and the TypeScript compiler load in this thread while the model loads; it
  // types the model's documents, beside the other steps.
  { name: 'openapi-types', needs: [], thread: inThread('openapi/openapi-types.ts', 'openApiTypeArtifacts') },
  // ts-morph and prettier load in this thread; the builders read only the model.
  { name: 'builders', needs: [], thread: inThread('builders/builders-step.ts', 'builderStepArtifacts') },
  // ajv's code generator and esbuild load when the step starts.
  { name: 'validators', run: async (context) => (await import('./generators/validators/validators.js')).validatorArtifacts(context) },
  { name: 'catalog-data', run: ({ model }) => [catalogDataArtifact(model)] },
  { name: 'rules', run: ({ model }) => rulesArtifacts(model) },
  { name: 'request-validators', run: async (context) => (await import('./generators/validators/request-validators.js')).requestValidatorArtifacts(context) },
  { name: 'operations', run: ({ model }) => [operationsArtifact(model)] },
  { name: 'response-examples', run: ({ model }) => [responseExamplesArtifact(model)] },
  { name: 'site', run: (context) => siteArtifacts(context) },
];
