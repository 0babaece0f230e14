/**
 * Rule tables: what a response rule is in code. Each body kind (version 1 metrics, version 2
 * metrics, posts pages, profile lists, profile labels, failures) has one table of small pure
 * functions keyed by the rule id of the register (catalogs/rules.yaml); its harness
 * (src/validators/checks/) walks the body once and calls every rule of the table on each part
 * the table is for. A rule reads only its arguments and reports through `found`, which lists each
 * problem under the rule the harness is running: adding a rule is its register entry and one entry
 * in a table. A rule that a fact of its facts settles (it finds nothing when that fact is true)
 * says so in its entry (`{ check, settledBy }`); a harness's fast path skips it on a part whose
 * facts hold every such fact of the table ({@link fastPath}), and runs every other rule.
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

/** The names of the boolean facts of `Facts`: what a rule may be settled by. */
export type FactName<Facts> = { readonly [Name in keyof Facts]-?: Facts[Name] extends boolean ? Name : never }[keyof Facts];

/** A rule that finds nothing on a part whose facts hold `settledBy` (the fact is true). */
export interface SettledRule<Part, Facts> {
  readonly check: Rule<Part, Facts>;
  readonly settledBy: FactName<Facts>;
}

/** One entry of a table: a rule, or a rule with the fact that settles it. */
export type RuleEntry<Part, Facts> = Rule<Part, Facts> | SettledRule<Part, Facts>;

/** The rules of one part of a body kind, by rule id, called in the order listed. */
export type RuleTable<Part, Facts> = { readonly [Id in RuleId]?: RuleEntry<Part, Facts> };

/** A table as the harness runs it: its entries in order, read once when the module loads. */
export type RuleList<Part, Facts> = readonly (readonly [RuleId, Rule<Part, Facts>])[];

/** The rule of an entry. */
export const checkOf = <Part, Facts>(entry: RuleEntry<Part, Facts>): Rule<Part, Facts> => (typeof entry === 'function' ? entry : entry.check);

/** The fact that settles an entry's rule, if it names one. */
export const settledByOf = <Part, Facts>(entry: RuleEntry<Part, Facts>): FactName<Facts> | undefined => (typeof entry === 'function' ? undefined : entry.settledBy);

/** The rules of the entries of `table` whose id `keep` accepts (all by default), in table order, frozen. */
export function ruleList<Part, Facts>(table: RuleTable<Part, Facts>, keep: (id: RuleId, entry: RuleEntry<Part, Facts>) => boolean = () => true): RuleList<Part, Facts> {
  const ids = (Object.keys(table) as RuleId[]).filter((id) => keep(id, table[id]!));
  return Object.freeze(ids.map((id) => Object.freeze([id, checkOf(table[id]!)] as const)));
}

/**
 * The rules a harness runs on a part, derived from the entries of its table ({@link fastPath}):
 * on a part whose facts hold the table's common answer (every fact an entry is settled by is
 * true), only the rules settled by none; else all of them. A rule added without `settledBy` runs
 * on every part.
 */
export type FastPath<Part, Facts> = {
  /** Every rule of the table, in table order. */
  readonly all: RuleList<Part, Facts>;
  /** The rules settled by no fact, in table order: those run on a part holding the common answer. */
  readonly beyondCommonAnswer: RuleList<Part, Facts>;
  /** The facts of the common answer: each fact some entry is settled by, once, in table order. */
  readonly commonAnswer: readonly FactName<Facts>[];
  /** Whether `facts` hold the common answer: every fact of it is true. */
  readonly holdsCommonAnswer: (facts: Facts) => boolean;
  /** The rules to run on a part with `facts`. */
  readonly rulesFor: (facts: Facts) => RuleList<Part, Facts>;
};

/** The most facts a table's rules may name as settling them (one read of each per part). */
const MOST_FACTS = 8;

/** The fast path of `table`, frozen. */
export function fastPath<Part, Facts>(table: RuleTable<Part, Facts>): FastPath<Part, Facts> {
  const all = ruleList(table);
  const beyondCommonAnswer = ruleList(table, (_id, entry) => settledByOf(entry) === undefined);
  const named = (Object.values(table) as RuleEntry<Part, Facts>[]).map(settledByOf).filter((name) => name !== undefined);
  const commonAnswer = Object.freeze([...new Set(named)]);
  if (commonAnswer.length > MOST_FACTS) throw new Error(`a rule table names ${commonAnswer.length} facts that settle its rules (${commonAnswer.join(', ')}); a fast path reads at most ${MOST_FACTS}`);
  // One read per fact, each at its own place in the code, so that each place always reads the
  // same fact of the same facts (fast); one loop over the names reads them as a lookup by name
  // each time (a third of a small body's validation).
  const [a, b, c, d, e, f, g, h] = commonAnswer as readonly (FactName<Facts> | undefined)[];
  const holdsCommonAnswer = (facts: Facts): boolean =>
    (a === undefined || facts[a] === true) &&
    (b === undefined || facts[b] === true) &&
    (c === undefined || facts[c] === true) &&
    (d === undefined || facts[d] === true) &&
    (e === undefined || facts[e] === true) &&
    (f === undefined || facts[f] === true) &&
    (g === undefined || facts[g] === true) &&
    (h === undefined || facts[h] === true);
  return Object.freeze({ all, beyondCommonAnswer, commonAnswer, holdsCommonAnswer, rulesFor: (facts: Facts) => (holdsCommonAnswer(facts) ? beyondCommonAnswer : all) });
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
