/** How a merge of split answers reports a part's answer that does not fit (merge.ts, merge-v2.ts). */
import type { PlannedPart } from './split-plan.js';

/** Throws the MergeError of one part. */
export type FailFor = (part: PlannedPart) => (reason: string) => never;

/** A text from an answer, redacted and quoted, for a message. */
export type Quote = (text: unknown) => string;
