/**
 * Body-only checks of a profile list beyond its schema: `insights_enabled` only on profiles of a
 * network with insights (facebook, instagram), and `timezone` of IANA name shape. A member may be
 * absent from a profile ("A field may be absent from an element"): absence is never reported.
 */
import { insightsNetworks } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { isPlainObject } from './values.js';

/**
 * An IANA time zone name: `UTC`, `Europe/Prague`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`:
 * parts of letters, digits, `_`, `+` and `-`, starting with a letter, joined by `/`.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

export function checkProfileList(list: ProblemList, body: Record<string, unknown>, network: string): void {
  const profiles = body.profiles;
  if (!Array.isArray(profiles)) return;
  const insights = insightsNetworks.has(network);
  for (let i = 0; i < profiles.length && !list.shouldStop(); i++) {
    const profile = profiles[i];
    if (!isPlainObject(profile)) continue;
    if (!insights && profile.insights_enabled !== undefined) {
      list.add('shared.profiles.insights-networks', `/profiles/${i}/insights_enabled`, `insights_enabled is given only for ${[...insightsNetworks].join(' and ')} profiles, not ${network}`);
    }
    const timezone = profile.timezone;
    if (typeof timezone === 'string' && !IANA_NAME.test(timezone)) {
      list.add('shared.profiles.timezone-shape', `/profiles/${i}/timezone`, `expected the shape of an IANA time zone name (UTC, Europe/Prague, Etc/GMT+5: parts of letters, digits, _, + and - joined by /), got ${quote(timezone)}`);
    }
  }
}
