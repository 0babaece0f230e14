/**
 * The module groups of the mutation run (`npm run mutation -- <group>...`): the modules that
 * decide a verdict, redact a credential, or split and merge a request, each with the test files
 * that reach it. A group's tests are the fast suites (no browser, child process or pipeline run)
 * that import it directly or through its public functions (a pattern's `*` stands for any
 * characters but `/`; the suites of SLOW_SUITES in vitest.unit.config.ts are left out). Stryker
 * runs, for each mutant, only the tests of those files that executed the mutated code.
 */
export interface MutationGroup {
  /** The word that picks the group on the command line, and names its report block. */
  readonly name: string;
  /** What the group is, for the report. */
  readonly title: string;
  /** Files mutated (globs relative to the repository root). */
  readonly mutate: readonly string[];
  /** Test files run against the mutants (globs). */
  readonly tests: readonly string[];
}

export const GROUPS: readonly MutationGroup[] = [
  {
    name: 'calendar',
    title: 'calendar days and date-times (src/calendar/)',
    mutate: ['src/calendar/**/*.ts'],
    tests: [
      'test/calendar/*.test.ts',
      'test/builders/dates.test.ts',
      'test/client/split-plan.test.ts',
      'test/validators/posts-created-range.test.ts',
      'test/validators/v1-day-records.test.ts',
      'test/validators/request-metrics.test.ts',
      'test/validators/request-posts.test.ts',
    ],
  },
  {
    name: 'request-checks',
    title: 'request checks (src/request-checks/)',
    mutate: ['src/request-checks/**/*.ts'],
    tests: [
      'test/request-checks/*.test.ts',
      'test/builders/check.test.ts',
      'test/builders/dates.test.ts',
      'test/builders/builders.test.ts',
      'test/builders/warnings.test.ts',
      'test/builders/request-schemas.test.ts',
      'test/builders/rule-table.test.ts',
      'test/validators/request-refused.test.ts',
      // The refusal check's one pass reads the quiet date range and dimensions predicates of cross-field.ts.
      'test/validators/quiet-request.test.ts',
    ],
  },
  {
    name: 'validator-rules',
    title: "validators' rule tables (src/validators/rules/)",
    mutate: ['src/validators/rules/**/*.ts'],
    tests: ['test/validators/*.test.ts', 'test/spec/published-verdict.test.ts'],
  },
  // The harness is three groups, each a run of an hour or less on two cores: the memos of the
  // request, the checks of an answer's body, and the facts floor under both harness and rules.
  {
    name: 'validator-request',
    title: "validators' memos of the request (src/validators/checks/: the request's snapshot, memo, quiet and refused reading, not-shown)",
    mutate: [
      'src/validators/checks/request-memo.ts',
      'src/validators/checks/request-snapshot.ts',
      'src/validators/checks/quiet-request.ts',
      'src/validators/checks/refused-request.ts',
      'src/validators/checks/not-shown.ts',
    ],
    tests: ['test/validators/*.test.ts', 'test/spec/published-verdict.test.ts'],
  },
  {
    name: 'validator-checks',
    title: "validators' harness over an answer's body (src/validators/checks/, the request's memos aside)",
    mutate: [
      'src/validators/checks/**/*.ts',
      '!src/validators/checks/request-memo.ts',
      '!src/validators/checks/request-snapshot.ts',
      '!src/validators/checks/quiet-request.ts',
      '!src/validators/checks/refused-request.ts',
      '!src/validators/checks/not-shown.ts',
    ],
    tests: ['test/validators/*.test.ts', 'test/spec/published-verdict.test.ts'],
  },
  {
    name: 'validator-facts',
    title: "the facts under the validators' harness and rules (src/validators/facts/)",
    mutate: ['src/validators/facts/**/*.ts'],
    tests: ['test/validators/*.test.ts', 'test/spec/published-verdict.test.ts'],
  },
  {
    name: 'problems',
    title: 'problem lists (src/core/problems/)',
    mutate: ['src/core/problems/**/*.ts'],
    tests: [
      'test/core/*.test.ts',
      'test/request-checks/problem-list.test.ts',
      'test/request-checks/hostile.test.ts',
      'test/builders/check.test.ts',
      'test/validators/messages.test.ts',
      'test/validators/results.test.ts',
      'test/validators/growth.test.ts',
    ],
  },
  {
    name: 'operations',
    title: 'operation lookup and path reading (src/operations/)',
    mutate: ['src/operations/operation-of.ts', 'src/operations/request-path.ts'],
    tests: ['test/operations/*.test.ts', 'test/validators/lookup.test.ts', 'test/validators/operations.test.ts'],
  },
  {
    name: 'redact',
    title: 'redaction (src/client/redact.ts)',
    mutate: ['src/client/redact.ts'],
    // The hostile-server and hostile-echo suites (the client against misbehaving HTTP servers) are
    // left out: minutes a mutant on a loaded machine, and they judge that every text of a failure
    // goes through the redactor, not the redactor's forms and edges, which these suites judge.
    tests: ['test/client/secrets.test.ts', 'test/client/redact*.test.ts'],
  },
  {
    name: 'split-plan',
    title: 'split plan (src/client/split-plan.ts)',
    mutate: ['src/client/split-plan.ts'],
    // client-split.test.ts (the client against the mock, answers of a million values) is left out:
    // a minute a run on a loaded machine; split-limits and merge tests judge the same code in process.
    tests: ['test/client/split-plan.test.ts', 'test/client/split-*.test.ts'],
  },
  {
    name: 'merge',
    title: 'merge of split answers (src/client/merge*.ts)',
    mutate: ['src/client/merge*.ts'],
    tests: ['test/client/split-plan.test.ts', 'test/client/merge*.test.ts'],
  },
];
