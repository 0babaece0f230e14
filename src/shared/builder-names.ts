/** The names of the request builders, which the generated builder interfaces and the runtime builder objects share. */
import type { OperationKind } from '../../generated/operations.js';

/**
 * The name of the builder of an operation of `kind`: `metrics`, `posts`, `profiles`,
 * `postLabels`, `profileLabels` (the generator of generated/builders/ names them so too).
 */
export function builderName(kind: OperationKind): string {
  return kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}
