/**
 * The blob reporter: a shard's report, for `merge-reports` to write every other report from, as
 * one machine checking every input would have. JSON Lines: a first line saying what wrote it
 * (the package version), the run's inputs (RunInputs: their count and digest, the shard, the
 * options that change an item), the number of items, the coverage names seen; then one line per
 * item, `[at, item]`, the position of its input among the whole run's and the item as reported.
 * The items are spooled as they come and written after that first line, known only at the end.
 * See docs/decisions/shard-reports.md.
 */
import { packageVersion } from '../../core/version.js';
import { namesOf, type CoverageNames } from '../coverage.js';
import type { ReportItem, ReportWriter, RunInputs } from '../report-types.js';
import type { SpoolMaker } from '../spool.js';

/** What the first line's `format` says: a file without it is not a shard's report. */
export const BLOB_FORMAT = 'social-analytics-api shard report';

/** The first line of a shard's report. */
export interface BlobHeader {
  format: typeof BLOB_FORMAT;
  /** The package version that wrote it: reports of one version only are merged. */
  version: string;
  /** The run's inputs; null when the run did not record them (a proxy's report): a report of its own, not a shard. */
  inputs: RunInputs | null;
  /** Item lines that follow. */
  items: number;
  /** The coverage names the shard's responses exercised, with `--coverage`. */
  coverage?: CoverageNames;
}

/** An item line. */
export type BlobLine = [at: number, item: ReportItem];

export function createBlobWriter(write: (text: string) => void, spool: SpoolMaker): ReportWriter {
  const lines = spool();
  let count = 0;
  return {
    item(item, at) {
      // A run that does not place its items (a proxy's) gives each its own position, in the order handed.
      lines.write(`${JSON.stringify([at ?? count, item] satisfies BlobLine)}\n`);
      count++;
    },
    *close(closing) {
      const header: BlobHeader = { format: BLOB_FORMAT, version: packageVersion(), inputs: closing.inputs ?? null, items: count, ...(closing.coverage ? { coverage: namesOf(closing.coverage) } : {}) };
      write(`${JSON.stringify(header)}\n`);
      for (const chunk of lines.chunks()) {
        write(chunk);
        yield;
      }
    },
  };
}
