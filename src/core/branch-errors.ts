/**
 * The errors inside the branches of each `oneOf`/`anyOf` error of a compiled validator's run: an
 * error is inside a branch error when its `schemaPath` continues that error's `schemaPath` and
 * its `instancePath` is that error's or below it. Found in one backward pass over the errors, so
 * the work grows with the number of errors, never with their square (a list of 4,000 bad items
 * is 4,000 steps, not 16 million comparisons).
 *
 * The pass reads the order ajv writes its errors in: a `oneOf`/`anyOf` writes the errors of its
 * branches, then its own, and nothing between them but its branches' errors (the compiled code
 * of this package inlines every `$ref`, test/validators/generated-code.test.ts checks it). So,
 * read backwards, a branch error's errors run from it down to the first error not inside it.
 * Used by the request checks (resolving a failed `oneOf`) and the response messages (folding
 * type-only branches).
 */
import type { CompiledValidatorError as SchemaError } from '../../generated/validators/types.js';

/**
 * Calls `found(at, from)` for every error whose keyword is one of `keywords`: `at` is its index,
 * the errors of its branches are those at `from` to `at - 1` (none when `from === at`). Inner
 * groups are found before the groups around them; their ranges nest.
 */
export function eachBranchGroup(errors: readonly SchemaError[], keywords: readonly string[], found: (at: number, from: number) => void): void {
  // The indexes of the branching errors whose branches the pass is in, innermost last, and their
  // schemaPath followed by `/` (made once per constraint: its errors share their schemaPath).
  const open: number[] = [];
  const prefixes: string[] = [];
  const prefixOf = new Map<string, string>();
  for (let i = errors.length - 1; i >= 0; i--) {
    const error = errors[i];
    while (open.length && !isInside(error, prefixes[prefixes.length - 1], errors[open[open.length - 1]].instancePath)) {
      prefixes.pop();
      found(open.pop()!, i + 1);
    }
    if (keywords.includes(error.keyword)) {
      let prefix = prefixOf.get(error.schemaPath);
      if (prefix === undefined) prefixOf.set(error.schemaPath, (prefix = `${error.schemaPath}/`));
      open.push(i);
      prefixes.push(prefix);
    }
  }
  while (open.length) found(open.pop()!, 0);
}

/** Whether `error` is inside the branches of the error of schemaPath `prefix` (with its `/`) and instancePath `at`. */
function isInside(error: SchemaError, prefix: string, at: string): boolean {
  if (!error.schemaPath.startsWith(prefix)) return false;
  const pointer = error.instancePath;
  return pointer === at || (pointer.startsWith(at) && pointer.charCodeAt(at.length) === SLASH);
}

const SLASH = '/'.charCodeAt(0);
