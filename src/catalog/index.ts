/**
 * `social-analytics-api/catalogs`: the catalogs as typed data — networks, dimensions, error
 * codes, limits, and per version and network the metrics and post fields.
 */
export { catalogs } from './catalogs.js';
export type * from '../shared/catalog-types.js';
export type { RuleLevel } from '../../generated/rule-levels.js';
export { sortableNames, filterableNames, advancedFilterNames } from '../shared/catalog-names.js';
