/** The report of one `validate` run: what every reporter (text, json, junit, github, markdown, sarif, blob) renders. */
import type { SkipReason } from '../captures/types.js';
import type { ResponseProblem, RuleId, Severity } from '../core/problems/problem.js';

export type { RuleId, Severity };

/**
 * One problem of a response as reported: the package's {@link ResponseProblem}, or (rule null) a
 * note about the capture itself, placed in the file when it could be.
 */
export interface Problem extends Omit<ResponseProblem, 'rule'> {
  /** The register rule broken; null for a note about the capture (its request could not be read). */
  readonly rule: RuleId | null;
  /** Where the offending value is in the file (line and column from 1), when it could be placed. */
  readonly line?: number;
  readonly column?: number;
}

/** Problems of one rule at pointers of one shape (`/data/*\/3`): one line of the report. */
export interface ProblemGroup {
  rule: RuleId | null;
  severity: Severity;
  /** Errors of an inferred rule (`--strict`): no sentence of the documents states it. */
  inferred?: true;
  /** The pointers with every index that varies inside the group written as `*`. */
  shape: string;
  /** The message of its problems: a value that differs between them is listed (`unexpected property "foo", "bar"`), at most VALUES_SHOWN of them, then `and N more`. */
  message: string;
  /** Distinct pointers in the group. */
  count: number;
  /** The first few distinct pointers, in the order found. */
  pointers: string[];
  /** Where the first pointer's value is in the file, when it could be placed. */
  line?: number;
  column?: number;
}

export interface ResponseReport {
  source: string;
  /** The file the response was read from (`source` without its `#entry`). */
  file?: string;
  /** Where the capture object or HAR entry starts in the file. */
  line?: number;
  column?: number;
  /** How long its check took. */
  durationMs?: number;
  method: string;
  path: string;
  status: number;
  operation: string | null;
  valid: boolean;
  errors: Problem[];
  warnings: Problem[];
  /** `errors` then `warnings`, grouped; at most MAX_GROUPS, with `groupsOmitted` saying how many more. */
  groups: ProblemGroup[];
  groupsOmitted: number;
}

export interface SkippedReport {
  source: string;
  reason: SkipReason;
  detail: string;
}

export interface UnreadableReport {
  source: string;
  message: string;
  /** Where in the file the problem is (a JSON syntax error), when known. */
  line?: number;
  column?: number;
}

/** One item per input entry, in input order (files in the order found, HAR entries in file order). */
export type ReportItem = ({ kind: 'response' } & ResponseReport) | ({ kind: 'skipped' } & SkippedReport) | ({ kind: 'unreadable' } & UnreadableReport);

export interface Summary {
  responses: number;
  valid: number;
  invalid: number;
  /** Responses with at least one warning. */
  withWarnings: number;
  unreadable: number;
  skipped: number;
  /** Skipped HAR entries per reason. */
  skippedByReason: Partial<Record<SkipReason, number>>;
  /** True when no API response was found in the inputs. */
  empty: boolean;
  /** With `--baseline`: the run's errors it lists (known), does not list (new), and its errors the run no longer has (fixed). */
  baseline?: BaselineCounts;
  /** With `--min-coverage`: the kinds of coverage below their threshold (any fails the run). */
  coverageBelow?: CoverageShortfall[];
  exitCode: number;
}

export interface CoverageCount {
  exercised: string[];
  total: number;
}

export interface Coverage {
  operations: CoverageCount;
  /** Per "v2 facebook": metric names seen in requests and responses. */
  metrics: Record<string, CoverageCount>;
  postFields: Record<string, CoverageCount>;
  dimensions: Record<string, CoverageCount>;
  /** Per operation: the HTTP statuses it answers with (200 and those of its failures) seen. */
  statuses: Record<string, CoverageCount>;
  /** Per operation: the error codes of the error catalog it can answer seen in failure bodies. */
  errorCodes: Record<string, CoverageCount>;
}

/** What a report says after its items: the counts, coverage when asked, the first rule the problems name. */
export interface ReportClosing {
  summary: Summary;
  coverage?: Coverage;
  /** The first rule (in input order) a problem group names, to say how to read it. */
  firstRule?: RuleId;
  /** The inputs of the run, as a shard's report records them (`validate` gives them; a report rendered whole has none). */
  inputs?: RunInputs;
}

/**
 * What a shard's report records of its run, so that the reports merged are known to be the
 * shards of one run: the inputs of the whole run (the unreadable paths, then the files, as one
 * machine takes them), the shard, and the options that change what an item says.
 */
export interface RunInputs {
  /** Inputs of the whole run, before a shard takes its part. */
  count: number;
  /** SHA-256 (hex) of their names, one a line, in that order. */
  digest: string;
  /** `--shard i/n`; none for a run of every input. */
  shard?: { index: number; count: number };
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
}

/**
 * A reporter writing its report as the items come, in input order (`item`), then what follows
 * them (`close`). It keeps no item: only counts, and what a report that must be whole needs to
 * put before its items, kept in spools (spool.ts).
 */
export interface ReportWriter {
  /**
   * An item; `at` is the position of the input it was read from among the inputs of the whole
   * run (RunInputs), when the run knows it: items of one input are handed one after the other.
   */
  item(item: ReportItem, at?: number): void;
  /**
   * Writes what follows the items as its steps are taken: a report whose spooled lists are written
   * here (json, sarif, junit) pauses after each chunk of them, so a caller writing to a reader that
   * is behind waits between steps instead of piling the report up in memory. Every step must be
   * taken (`closeWhole` takes them at once).
   */
  close(closing: ReportClosing): Iterable<void>;
}

/** The whole report, as `buildReport` collects it (the command itself streams it and keeps no items). */
export interface ValidateReport {
  summary: Summary;
  results: ResponseReport[];
  unreadable: UnreadableReport[];
  skipped: SkippedReport[];
  items: ReportItem[];
  coverage?: Coverage;
}

/** The outcome of a run against a baseline, as the summary reports it. */
export interface BaselineCounts {
  /** Errors of the run the baseline lists: they do not fail it. */
  known: number;
  /** Errors of the run the baseline does not list: any fails it. */
  new: number;
  /** Errors the baseline lists that the run no longer has. */
  fixed: number;
}

/** The kinds of names coverage counts, each with its own `--min-coverage` threshold. */
export const COVERAGE_KINDS = ['operations', 'metrics', 'fields', 'dimensions', 'statuses', 'error-codes'] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

/** A kind whose coverage is below its threshold. */
export interface CoverageShortfall {
  kind: CoverageKind;
  exercised: number;
  total: number;
  /** The threshold, in percent. */
  min: number;
}
