/**
 * The builder objects of a version, made from the generated table of the operation each builder
 * sends (`v2BuilderOperations` of generated/builders/v2.ts: per builder its method, path and kind): a network's entry becomes an object of builders, an operation of no network one
 * builder. The table carries the operation's record, so a version's builders hold only that
 * version's operations and read no path.
 */
import type { OperationInfo } from '../../generated/operations.js';
import type { ApiRequest } from '../request.js';

/** What a builder sends: its operation's method, path and kind (its key is `${method} ${path}`). */
export type BuilderOperation = Readonly<Pick<OperationInfo, 'method' | 'path' | 'kind'>>;

/** The generated table: builder name -> its operation, or network -> such a table. */
export interface BuilderOperations {
  readonly [name: string]: BuilderOperation | { readonly [name: string]: BuilderOperation };
}

/** Builds the request of `operation` with `body` (throws when the body has errors). */
export type Build = (operation: BuilderOperation, body: unknown) => ApiRequest<any, any, any>;

type Builder = (body?: unknown) => ApiRequest<any, any, any>;

/**
 * The builder of `operation`: a profiles list sends no body; the label lists send an empty object
 * (their body is not shown in the documents); every other operation sends the caller's body.
 */
function builderOf(operation: BuilderOperation, build: Build): Builder {
  if (operation.kind === 'profiles') return () => build(operation, undefined);
  if (operation.kind === 'post-labels' || operation.kind === 'profile-labels') return () => build(operation, {});
  return (body) => build(operation, body);
}

function isOperation(entry: BuilderOperations[string]): entry is BuilderOperation {
  return typeof entry.path === 'string';
}

/**
 * The builders of `table`, each calling `build` with its operation. The result has the shape of
 * the version's generated builders interface (`V2Builders`), which the caller gives it.
 */
export function builderObjects(table: BuilderOperations, build: Build): Record<string, Builder | Record<string, Builder>> {
  return Object.fromEntries(
    Object.entries(table).map(([name, entry]) => [
      name,
      isOperation(entry)
        ? builderOf(entry, build)
        : Object.fromEntries(Object.entries(entry).map(([method, operation]) => [method, builderOf(operation, build)])),
    ]),
  );
}
