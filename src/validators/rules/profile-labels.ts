/**
 * The rules of a profile label list beyond its schema, one function each, by rule id: each
 * profile of a label names its network in `platform` (a network of version 2, compared without
 * regard to case: the documents say "network name", not how it is spelled). The harness:
 * ../checks/profile-labels.ts.
 */
import { networksOf } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import type { RuleTable } from './rule-table.js';
import { isPlainObject } from '../../shared/values.js';

const networks = networksOf(2);

/** The rules of each label of the list. */
export const labelRules: RuleTable<Record<string, unknown>, undefined> = {
  'v2.labels.profile-label-platform': (found, label, i) => {
    const profiles = label.profiles;
    if (!Array.isArray(profiles)) return;
    for (let j = 0; j < profiles.length; j++) {
      const platform = isPlainObject(profiles[j]) ? (profiles[j] as Record<string, unknown>).platform : undefined;
      if (typeof platform === 'string' && !networks.includes(platform.toLowerCase())) {
        found.add(`/data/${i}/profiles/${j}/platform`, `expected a network name (${networks.join(', ')}), got ${quote(platform)}`);
      }
    }
  },
};
