/**
 * The rules of a profile list beyond its schema, one function each, by rule id: `insights_enabled`
 * only on profiles of a network with insights (facebook, instagram), and `timezone` of IANA name
 * shape. A member may be absent from a profile ("A field may be absent from an element"): absence
 * is never reported. The harness: ../checks/profile-list.ts.
 */
import { insightsNetworks } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import type { RuleTable } from './rule-table.js';

/** What the rules of a profile read beside it: the network of the list. */
export interface ProfileListFacts {
  readonly network: string;
}

/**
 * An IANA time zone name: `UTC`, `Europe/Prague`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`:
 * parts of letters, digits, `_`, `+` and `-`, starting with a letter, joined by `/`.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The rules of each profile of the list. */
export const profileRules: RuleTable<Record<string, unknown>, ProfileListFacts> = {
  /** `true`: insights metrics available, which only the networks with insights have. */
  'shared.profiles.insights-networks': (found, profile, i, { network }) => {
    if (profile.insights_enabled === true && !insightsNetworks.has(network)) {
      found.add(`/profiles/${i}/insights_enabled`, `insights_enabled true (insights metrics available) on a ${network} profile: the documents give it only for ${[...insightsNetworks].join(' and ')}`);
    }
  },
  /** Any other value: the member itself may be read as given only for the networks with insights. */
  'shared.profiles.insights-member-networks': (found, profile, i, { network }) => {
    if (profile.insights_enabled !== undefined && profile.insights_enabled !== true && !insightsNetworks.has(network)) {
      found.add(`/profiles/${i}/insights_enabled`, `insights_enabled on a ${network} profile: the documents give it "only for netA and netB" (${[...insightsNetworks].join(' and ')})`);
    }
  },
  'shared.profiles.timezone-shape': (found, profile, i) => {
    const timezone = profile.timezone;
    if (typeof timezone === 'string' && !IANA_NAME.test(timezone)) {
      found.add(`/profiles/${i}/timezone`, `expected the shape of an IANA time zone name (UTC, Europe/Prague, Etc/GMT+5: parts of letters, digits, _, + and - joined by /), got ${quote(timezone)}`);
    }
  },
};
