/**
 * Rule tables: what a response rule is in code. Each body kind (version 1 metrics, version 2
 * metrics, posts pages, profile lists, profile labels, failures) has one table of small pure
 * functions keyed by the rule id of the register (catalogs/rules.yaml); its harness
 * (src/validators/checks/) walks the body once and calls every rule of the table on each part
 * the table is for. A rule reads only its arguments and reports through `found`, which lists each
 * problem under the rule the harness is running: adding a rule is its register entry and one entry
 * in a table.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import type { RuleId } from '../../core/rules.js';

/** Where a rule reports: each problem at its JSON pointer, with its message. */
export interface Found {
  add(place: string, message: string): void;
  /** So many problems were left out that a rule walking many parts may stop (ProblemList.shouldStop). */
  shouldStop(): boolean;
}

/** A rule over one part of a body (the body, a post, a record, an error): `at` is the part's index, or -1 for the body. */
export type Rule<Part, Facts> = (found: Found, part: Part, at: number, facts: Facts) => void;

/** The rules of one part of a body kind, by rule id, called in the order listed. */
export type RuleTable<Part, Facts> = { readonly [Id in RuleId]?: Rule<Part, Facts> };

/** A table as the harness runs it: its entries in order, read once when the module loads. */
export type RuleList<Part, Facts> = readonly (readonly [RuleId, Rule<Part, Facts>])[];

/** The entries of `table`, frozen. */
export function ruleList<Part, Facts>(table: RuleTable<Part, Facts>): RuleList<Part, Facts> {
  return Object.freeze((Object.keys(table) as RuleId[]).map((id) => Object.freeze([id, table[id]!] as const)));
}

/**
 * The `found` of one validation: lists a problem under the rule being run. A harness makes one per
 * body it walks and names the rule before each call ({@link runRules}).
 */
export class RuleRun implements Found {
  rule: RuleId | undefined;
  constructor(readonly list: ProblemList) {}
  add(place: string, message: string): void {
    this.list.add(this.rule!, place, message);
  }
  shouldStop(): boolean {
    return this.list.shouldStop();
  }
}

/** Calls each rule of `rules` on `part`. */
export function runRules<Part, Facts>(run: RuleRun, rules: RuleList<Part, Facts>, part: Part, at: number, facts: Facts): void {
  for (let r = 0; r < rules.length; r++) {
    const entry = rules[r];
    run.rule = entry[0];
    entry[1](run, part, at, facts);
  }
}
