/**
 * The fixed account the mock serves: profiles per network (ids, IANA timezones, insights,
 * profile labels), content labels and profile labels. Ids and names do not depend on the seed,
 * so examples stay stable; values (metrics, posts) do.
 */
import { catalogs } from '../catalog/catalogs.js';
import { hashString } from './random.js';

export interface MockProfile {
  network: string;
  index: number;
  id: string;
  name: string;
  profile_name: string;
  picture: string;
  timezone: string;
  /** Names of the profile labels the profile carries. */
  profile_labels: string[];
  insights_enabled?: boolean;
  community_enabled?: boolean;
  /** Hash of the id, for value generation. */
  hash: number;
}

export interface MockLabel {
  id: string;
  name: string;
}

export interface MockAccount {
  profiles: Record<string, MockProfile[]>;
  profileById: Record<string, Map<string, MockProfile>>;
  contentLabels: MockLabel[];
  profileLabels: MockLabel[];
}

/** Profiles per network: enough facebook profiles for 60-profile requests of insights metrics. */
const PROFILE_COUNTS: Record<string, number> = { facebook: 64, instagram: 30, twitter: 8, youtube: 6, linkedin: 5, pinterest: 5 };

const TIMEZONES = ['Europe/Prague', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Sydney', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata'];

const ID_PREFIX: Record<string, string> = { facebook: '1649291', instagram: '1784140', twitter: '224499', youtube: 'UCmock', linkedin: 'org', pinterest: 'pin' };

const PROFILE_LABEL_NAMES = ['Brand accounts', 'Campaign EU', 'Campaign US', 'Customer care', 'Regional', 'Archived'];
const CONTENT_LABEL_NAMES = ['Campaign spring', 'Product launch', 'Behind the scenes', 'Giveaway', 'Hiring', 'Customer stories', 'Events', 'Unused'];

function labelId(prefix: string, name: string): string {
  return `${prefix}${hashString(name).toString(16).padStart(8, '0')}`;
}

/** Profile label names of profile `index`; "Archived" is never assigned (an empty label). */
function labelsOf(index: number): string[] {
  return PROFILE_LABEL_NAMES.slice(0, 5).filter((_, j) => (index + j) % (j + 2) === 0);
}

/** Builds the account. */
export function buildAccount(): MockAccount {
  const profiles: Record<string, MockProfile[]> = {};
  const profileById: Record<string, Map<string, MockProfile>> = {};
  for (const net of catalogs.networks) {
    const count = PROFILE_COUNTS[net.name] ?? 3;
    const list: MockProfile[] = [];
    for (let i = 0; i < count; i++) {
      const id = `${ID_PREFIX[net.name] ?? net.name}${String(10001 + i)}`;
      const p: MockProfile = {
        network: net.name,
        index: i,
        id,
        name: `${net.title} profile ${i + 1}`,
        profile_name: `mock_${net.name}_${i + 1}`,
        picture: `https://cdn.invalid/${net.name}/${id}.png`,
        timezone: TIMEZONES[i % TIMEZONES.length],
        profile_labels: labelsOf(i),
        hash: hashString(`${net.name}/${id}`),
      };
      if (net.insights) p.insights_enabled = i % 16 !== 15;
      if (i % 3 === 0) p.community_enabled = i % 2 === 0;
      list.push(p);
    }
    profiles[net.name] = list;
    profileById[net.name] = new Map(list.map((p) => [p.id, p]));
  }
  return {
    profiles,
    profileById,
    contentLabels: CONTENT_LABEL_NAMES.map((name) => ({ id: labelId('', name), name })),
    profileLabels: PROFILE_LABEL_NAMES.map((name) => ({ id: labelId('pl', name), name })),
  };
}

/** A profile as the profile list shows it. */
export function profileView(p: MockProfile): Record<string, unknown> {
  const out: Record<string, unknown> = { id: p.id, name: p.name, profile_name: p.profile_name, picture: p.picture, timezone: p.timezone, profile_labels: p.profile_labels };
  if (p.insights_enabled !== undefined) out.insights_enabled = p.insights_enabled;
  if (p.community_enabled !== undefined) out.community_enabled = p.community_enabled;
  return out;
}

/** The profile label list: every label with the profiles (of every network) that carry it. */
export function profileLabelsView(account: MockAccount): Record<string, unknown>[] {
  return account.profileLabels.map((label) => ({
    id: label.id,
    name: label.name,
    profiles: Object.values(account.profiles)
      .flat()
      .filter((p) => p.profile_labels.includes(label.name))
      .map((p) => ({ name: p.name, platform: p.network })),
  }));
}
