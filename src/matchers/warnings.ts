/**
 * Where the warnings of a passing assertion go. A broken inferred rule does not fail the
 * assertion (unless strict), but the team must still see it:
 *   - vitest (3.2 or later): a test annotation of type `warning`, which vitest places at the
 *     assertion's line in the test file: the GitHub Actions reporter makes it a warning
 *     annotation there, JUnit a property of the test case, the verbose and tree reporters print it
 *     under the test. vitest's default reporter prints annotations of failing tests only, so:
 *   - every runner (jest too, which has no per-test annotation): the same text on the test's
 *     console (`console.warn`), which vitest prints under the test's name and jest under the
 *     test file with the assertion's place, and which `--silent` hides.
 */

/** The annotate function of the running vitest test, from a matcher's `this` (vitest puts the task there), if any. */
function annotator(state: unknown): ((message: string, type: string) => Promise<unknown>) | undefined {
  const annotate = (state as { task?: { context?: { annotate?: unknown } } } | undefined)?.task?.context?.annotate;
  return typeof annotate === 'function' ? (annotate as (message: string, type: string) => Promise<unknown>) : undefined;
}

/** Shows `text` (the warnings of an assertion that passed) on the channels above. */
export function showWarnings(state: unknown, text: string): void {
  const annotate = annotator(state);
  if (annotate) {
    try {
      // Recorded by vitest and awaited with the test; a failure to record leaves the console line.
      annotate(text, 'warning').catch(() => undefined);
    } catch {
      // The test has ended (an assertion left unawaited): the console line still shows it.
    }
  }
  console.warn(text);
}
