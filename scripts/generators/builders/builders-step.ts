/**
 * The builders step: the catalog unions, the builders' generic shapes and the request builders,
 * in one worker thread; ts-morph and prettier (through ts-source.ts) load there and in no other
 * step.
 */
import type { Artifact, StepContext } from '../artifact.js';
import { builderShapesArtifact } from './builder-shapes.js';
import { buildersArtifacts } from './builders.js';
import { unionsArtifacts } from './unions.js';

export async function builderStepArtifacts({ model }: Pick<StepContext, 'model'>): Promise<Artifact[]> {
  return [...(await unionsArtifacts(model)), await builderShapesArtifact(), ...(await buildersArtifacts(model))];
}
