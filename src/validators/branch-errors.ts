/**
 * The errors inside the branches of each `oneOf`/`anyOf` error of a compiled validator's run: an
 * error is inside a branch error when its `schemaPath` continues that error's `schemaPath` and
 * its `instancePath` is that error's or below it. Found in one backward pass over the errors, so
 * the work grows with the number of errors times the nesting depth of the schema, never with
 * their square (a list of 4,000 bad items is 4,000 steps, not 16 million comparisons).
 *
 * The pass reads the order ajv writes its errors in: a `oneOf`/`anyOf` writes the errors of its
 * branches, then its own, and nothing between them but its branches' errors (the compiled code
 * of this package inlines every `$ref`, test/validators/generated-code.test.ts checks it). So,
 * read backwards, a branch error's group runs from it down to the first error not inside it.
 * Used by the request checks (resolving a failed `oneOf`) and the response messages (folding
 * type-only branches).
 */
import type { CompiledValidatorError as SchemaError } from './compiled-types.js';

/** One `oneOf`/`anyOf` error and the errors of its branches: the errors at indexes `from` to `at - 1`. */
export interface BranchGroup {
  /** The index of the branching error among the errors. */
  readonly at: number;
  /** The index of the first error inside its branches (`at` when there is none). */
  from: number;
}

/** A group being filled: `prefix` is its error's `schemaPath` and `/`, `pointer` its `instancePath`. */
interface Open {
  readonly group: BranchGroup;
  readonly prefix: string;
  readonly pointer: string;
}

/**
 * The group of every error whose keyword is one of `keywords`, in the order of the errors; an
 * error inside nested groups is in each of them (the ranges nest).
 */
export function branchGroups(errors: readonly SchemaError[], keywords: readonly string[]): BranchGroup[] {
  const groups: BranchGroup[] = [];
  // The groups whose errors the pass is in, innermost last.
  const open: Open[] = [];
  // Errors of one constraint share its schemaPath: its prefix is made once.
  const prefixes = new Map<string, string>();
  for (let i = errors.length - 1; i >= 0; i--) {
    const error = errors[i];
    while (open.length && !isInside(error, open[open.length - 1])) open.pop()!.group.from = i + 1;
    if (keywords.includes(error.keyword)) {
      let prefix = prefixes.get(error.schemaPath);
      if (prefix === undefined) prefixes.set(error.schemaPath, (prefix = `${error.schemaPath}/`));
      const group: BranchGroup = { at: i, from: i };
      groups.push(group);
      open.push({ group, prefix, pointer: error.instancePath });
    }
  }
  for (const { group } of open) group.from = 0;
  return groups.reverse();
}

/** Whether `error` is inside the branches of `open`'s error. */
function isInside(error: SchemaError, open: Open): boolean {
  if (!error.schemaPath.startsWith(open.prefix)) return false;
  const at = open.pointer;
  const pointer = error.instancePath;
  return pointer === at || (pointer.startsWith(at) && pointer.charCodeAt(at.length) === SLASH);
}

const SLASH = '/'.charCodeAt(0);
