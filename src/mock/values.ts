/**
 * Fake metric values. Each value is a pure function of (seed, profile, metric, day[, key]).
 * Fractional values are multiples of 1/8 so that sums of them are exact in floating point:
 * a merged split answer then equals the unsplit answer bit for bit.
 */
import { between, hashString, mix } from './random.js';

const nameHashes = new Map<string, number>();

/** Cached string hash for metric, field and key names. */
export function nameHash(name: string): number {
  let h = nameHashes.get(name);
  if (h === undefined) nameHashes.set(name, (h = hashString(name)));
  return h;
}

/** Breakdown keys of the v2 extra dimensions (their value sets are not shown in the documents; these are the mock's). */
export const EXTRA_DIMENSION_KEYS: Record<string, string[]> = {
  activity_type: ['comment', 'like', 'share', 'other'],
  city: ['Prague, Czech Republic', 'New York, NY', 'Berlin, Germany', 'Tokyo, Japan'],
  click_target: ['email', 'get_directions', 'phone_call', 'text_message', 'website'],
  click_type: ['link clicks', 'photo view', 'video play', 'other clicks'],
  country: ['CZ', 'US', 'DE', 'JP', 'GB'],
  frequency_distribution: ['1', '2', '3', '4-5', '6-10', '11+'],
  gender_age: ['F.18-24', 'F.25-34', 'F.35-44', 'M.18-24', 'M.25-34', 'M.35-44', 'U.unknown'],
  hour_of_day: Array.from({ length: 24 }, (_, h) => String(h)),
  interaction_type: ['likes', 'comments', 'shares'],
  like_source: ['ads', 'page_suggestion', 'search', 'other'],
  locale: ['en_US', 'cs_CZ', 'de_DE', 'ja_JP'],
  play_type: ['autoplayed', 'clicked_to_play'],
  positive_feedback_type: ['like', 'comment', 'link', 'claim', 'answer'],
  post_attribution: ['organic', 'paid', 'viral'],
  reaction_type: ['like', 'love', 'wow', 'haha', 'sorry', 'anger'],
  unlike_source: ['page', 'post', 'search', 'other'],
};

/** Keys of a breakdown-map (object) value, chosen from its name. */
export function breakdownKeys(name: string): string[] {
  if (name.includes('ppd_status')) return ['organic', 'paid', 'unknown'];
  if (name.includes('paid_non_paid')) return ['paid', 'non_paid'];
  if (name.includes('by_hour')) return EXTRA_DIMENSION_KEYS.hour_of_day;
  if (name.includes('gender') || name.includes('age')) return EXTRA_DIMENSION_KEYS.gender_age;
  if (name.includes('country')) return EXTRA_DIMENSION_KEYS.country;
  if (name.includes('city')) return EXTRA_DIMENSION_KEYS.city;
  if (name.includes('locale')) return EXTRA_DIMENSION_KEYS.locale;
  if (name.includes('by_time')) return ['0-1h', '1-4h', '4-24h', '24h+'];
  if (name.includes('by_app')) return ['web', 'android', 'ios'];
  if (name.includes('like_source')) return EXTRA_DIMENSION_KEYS.like_source;
  if (name.includes('unlike_source')) return EXTRA_DIMENSION_KEYS.unlike_source;
  if (name.includes('frequency_distribution')) return EXTRA_DIMENSION_KEYS.frequency_distribution;
  if (name.includes('activity_type')) return EXTRA_DIMENSION_KEYS.activity_type;
  if (name.includes('reaction')) return EXTRA_DIMENSION_KEYS.reaction_type;
  if (name.includes('clicks')) return EXTRA_DIMENSION_KEYS.click_type;
  if (name.includes('filter')) return ['normal', 'clarendon', 'juno'];
  return ['link', 'photo', 'status', 'video'];
}

/** A v1 day value of a metric of catalog type `type`. */
export function v1Value(seed: number, profileHash: number, metric: string, type: string, day: number): unknown {
  const h = mix(seed, profileHash, nameHash(metric), day);
  if (type === 'integer') return between(h, 0, 5000);
  if (type === 'number') return between(h, 0, 8000) / 8;
  const out: Record<string, number> = {};
  for (const key of breakdownKeys(metric)) out[key] = between(mix(h, nameHash(key)), 0, 500);
  return out;
}

/** A v2 day value of a metric (a number, multiple of 1/8); `key` selects an extra-dimension breakdown cell. */
export function v2Value(seed: number, profileHash: number, metricHash: number, day: number, keyHash = 0): number {
  return between(mix(seed, profileHash, metricHash, day, keyHash), 0, 8000) / 8;
}
