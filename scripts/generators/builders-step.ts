/** The builders step: the catalog unions and the request builders, in one worker thread (ts-morph loads there). */
import type { Artifact, StepContext } from './artifact.js';
import { buildersArtifacts } from './builders.js';
import { unionsArtifacts } from './unions.js';

export function builderStepArtifacts({ model }: Pick<StepContext, 'model'>): Artifact[] {
  return [...unionsArtifacts(model), ...buildersArtifacts(model)];
}
