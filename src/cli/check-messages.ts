/** What the CLI's main thread and its checking thread (check-worker.ts) send each other. */
import type { StreamedArray } from '../captures/json-elements.js';
import type { CoverageNames } from '../report/coverage.js';
import type { SentItem } from './packed-items.js';

/** The checking thread's start-up data: one file's label and rules. */
export interface CheckerData {
  label: string;
  strict: boolean;
  /** For a folder's files: the size from which a file is left to the main thread. */
  largeFrom?: number;
  /** True when the run collects coverage: each answer says the names its responses exercised. */
  coverage?: boolean;
}

/**
 * Streamed elements of one array to check, in file order: their UTF-8 bytes one after the other in
 * `bytes`, and per element ELEMENT_FIELDS numbers in `elements` (index, start line, start column,
 * end in `bytes`, 1 when taken by its lines): two transferred buffers, not copied, and no object
 * per element to clone.
 */
export interface CheckBatch {
  array: StreamedArray;
  bytes: ArrayBuffer;
  elements: ArrayBuffer;
}

/** Numbers per element in a CheckBatch's `elements` (a Float64Array). */
export const ELEMENT_FIELDS = 5;

/**
 * A batch's report items in file order (packed, packed-items.ts) (`last`: an element was not JSON,
 * the file ends there), or why it could not be checked. `miss`: the index of the first element
 * taken by its lines (`byLine`) that is not one JSON value in UTF-8, so not an element: the items
 * are those before it, and the file is read again exactly from there.
 */
export type CheckedBatch = { items: SentItem[]; last: boolean; miss?: number; coverage?: CoverageNames } | { error: string };

/** Whole files for a checking thread to read and check, in input order (a folder's files). */
export interface FilesBatch {
  files: { path: string; label: string }[];
}

/** Per file of a batch, in order: its report items, or `large` when it is for the threads of one file (checks-in-worker.ts) and left to the main thread; or why the batch could not be checked. */
export type CheckedFiles = { files: ({ items: SentItem[] } | { large: true })[]; coverage?: CoverageNames } | { error: string };
