/**
 * Merges the answers of a split metrics request (in the order of `plan.parts`) into the answer
 * of the unsplit request. v1: per-profile day records, profiles in request order, days in date
 * order, the metric members of the parts joined. v2: see merge-v2.ts. Every answer must fit the
 * part that asked for it (its profiles, metrics and dates, the planned shape); one that does not
 * throws MergeError naming that part, rather than merge into a wrong answer.
 */
import { capText, MergeError, shallowText } from './errors.js';
import type { FailFor, Quote } from './merge-failure.js';
import { mergeV2 } from './merge-v2.js';
import type { Redactor } from './redact.js';
import type { PlannedPart, SplitPlan } from './split-plan.js';

interface V1Answer {
  success: true;
  profiles: { id: string; data: Record<string, unknown>[] }[];
}

/** The most characters of an answer's text a merge failure quotes (redacted, then cut). */
const QUOTED_TEXT_LIMIT = 200;

/** Merges answers of a plan's parts (same order as `plan.parts`); `redact` cleans quoted texts. */
export function mergeMetricsAnswers(plan: SplitPlan, answers: unknown[], redact?: Redactor): unknown {
  if (answers.length === 1) return answers[0];
  const quote: Quote = (text) => JSON.stringify(redact ? redact.excerpt(shallowText(text), QUOTED_TEXT_LIMIT) : capText(shallowText(text), QUOTED_TEXT_LIMIT));
  const failFor: FailFor = (part) => (reason) => {
    throw new MergeError(plan.operation, part.chunk, reason);
  };
  return plan.version === 1 ? mergeV1(plan, answers, failFor, quote) : mergeV2(plan, answers, failFor, quote);
}

function mergeV1(plan: SplitPlan, answers: unknown[], failFor: FailFor, quote: Quote): V1Answer {
  const metrics = plan.body.metrics;
  const metricIndex = new Map(metrics.map((m, i) => [m, i]));
  // Per profile: dates in first-seen order (parts come in date order), each with one slot per metric.
  const byProfile = new Map<string, Map<string, unknown[]>>();
  for (const id of plan.body.profiles) byProfile.set(id, new Map());
  answers.forEach((answer, i) => {
    const part = plan.parts[i];
    const fail = failFor(part);
    const list = (answer as { profiles?: unknown } | null)?.profiles;
    if (!Array.isArray(list)) fail('the answer has no "profiles" list');
    const asked = new Set(part.chunk.profiles);
    const slotsOf = part.chunk.metrics.map((m) => [m, metricIndex.get(m)!] as const);
    const { dateStart, dateEnd } = part.chunk;
    for (const profile of list as { id?: unknown; data?: unknown }[]) {
      const id = profile?.id;
      if (typeof id !== 'string' || !asked.has(id)) fail(`it answers profile ${quote(id)}, which the part did not ask for`);
      if (!Array.isArray(profile.data)) fail(`profile ${quote(id)} has no "data" list`);
      const days = byProfile.get(id as string)!;
      for (const record of profile.data as Record<string, unknown>[]) {
        const date = record?.date;
        const day = typeof date === 'string' ? date.slice(0, 10) : '';
        if (day < dateStart || day > dateEnd) fail(`profile ${quote(id)} has a record for ${quote(date)}, outside the part's dates`);
        let slots = days.get(date as string);
        if (!slots) days.set(date as string, (slots = new Array(metrics.length)));
        for (const [name, at] of slotsOf) {
          const value = record[name];
          if (value !== undefined) slots[at] = value;
        }
      }
    }
  });
  const profiles = [...byProfile].map(([id, days]) => ({
    id,
    data: [...days].map(([date, slots]) => {
      const record: Record<string, unknown> = { date };
      for (let i = 0; i < metrics.length; i++) if (slots[i] !== undefined) record[metrics[i]] = slots[i];
      return record;
    }),
  }));
  return { success: true, profiles };
}
