/**
 * The rule lookup every folder shares: the ids of the register (catalogs/rules.yaml) and the
 * level of each (a broken stated rule is an error, a broken inferred rule a warning unless
 * strict). The register's full entries (quotes, reasons) are generated/rules.ts, read only by
 * what prints them (the `rules` command, the docs site).
 */
export { ruleLevel, type RuleId, type RuleLevel } from '../../generated/rule-levels.js';
