/**
 * Writes generated/builders/shapes.ts: the generic request and response shapes of the builders
 * of both versions (`DimensionList`, `MetricsResponse`, `PostsPage`, `RequiredPick`, ...), written
 * by hand in scripts/templates/builder-shapes.ts and copied here formatted by prettier, so that
 * the generated builders and unions import nothing from src/ (src/builders/types.ts re-exports
 * them for the runtime).
 */
import { readFileSync } from 'node:fs';
import type { Artifact } from '../artifact.js';
import { banner } from '../banner.js';
import { printStatements } from './ts-source.js';

export const SCRIPT = 'scripts/generators/builders/builder-shapes.ts';

const TEMPLATE = new URL('../../templates/builder-shapes.ts', import.meta.url);

export async function builderShapesArtifact(): Promise<Artifact> {
  const text = readFileSync(TEMPLATE, 'utf8');
  return { path: 'generated/builders/shapes.ts', content: `${banner(SCRIPT, 'slash')}${await printStatements([text])}` };
}
