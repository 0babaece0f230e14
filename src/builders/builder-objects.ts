/**
 * The builder objects of a version, made from the version's list of operations
 * (`v2Operations` of generated/operations.ts): an operation of a network becomes a builder of
 * that network's object, an operation of no network a builder of its own; a builder is named by
 * its operation's kind (`builderName` of src/shared/builder-names.ts), as the generated builder interfaces name it. A
 * version's builders hold only that version's operations and read no path.
 */
import type { ApiRequest, OperationInfo } from '../../generated/operations.js';
import { builderName } from '../shared/builder-names.js';

/** What a builder sends: its operation's method, path and kind (its key is `${method} ${path}`). */
export type BuilderOperation = Readonly<Pick<OperationInfo, 'method' | 'path' | 'kind'>>;

/** Builds the request of `operation` with `body` (throws when the body has errors). */
export type Build = (operation: BuilderOperation, body: unknown) => ApiRequest<any, any, any>;

type Builder = (body?: unknown) => ApiRequest<any, any, any>;

/**
 * The builder of `operation`: a profiles list sends no body; the label lists send an empty object
 * (their body is not shown in the documents); every other operation sends the caller's body.
 */
function builderOf(operation: BuilderOperation, build: Build): Builder {
  const { method, path, kind } = operation;
  const sent: BuilderOperation = { method, path, kind };
  if (kind === 'profiles') return () => build(sent, undefined);
  if (kind === 'post-labels' || kind === 'profile-labels') return () => build(sent, {});
  return (body) => build(sent, body);
}

/**
 * The builders of `operations` (one version's), each calling `build` with its operation. The
 * result has the shape of the version's generated builders interface (`V2Builders`), which the
 * caller gives it.
 */
export function builderObjects(operations: readonly (BuilderOperation & { readonly network?: string })[], build: Build): Record<string, Builder | Record<string, Builder>> {
  const out: Record<string, Builder | Record<string, Builder>> = {};
  for (const operation of operations) {
    const builder = builderOf(operation, build);
    if (operation.network === undefined) out[builderName(operation.kind)] = builder;
    else ((out[operation.network] ??= {}) as Record<string, Builder>)[builderName(operation.kind)] = builder;
  }
  return out;
}
