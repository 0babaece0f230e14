/**
 * A checking thread (src/cli/checks-in-worker.ts): it receives batches of streamed elements of a
 * large file (HAR entries or captures, as raw text), or of a folder's files (files-in-workers.ts),
 * parses and checks them in order, and answers each batch with its report items (packed-items.ts). It keeps
 * nothing between batches but the checker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { decodeUtf8, NOT_UTF8 } from '../captures/json-elements.js';
import { openInputItems, readElement } from '../captures/read-inputs.js';
import { unreadable } from '../captures/types.js';
import { createItemChecker } from '../report/check-response.js';
import { createCoverageCollector, type CoverageCollector } from '../report/coverage.js';
import { packItems } from './packed-items.js';
import { ELEMENT_FIELDS, type CheckBatch, type CheckedBatch, type CheckedFiles, type CheckerData, type FilesBatch } from './check-messages.js';
import type { ReportItem } from '../report/report-types.js';

/** Each answer with the coverage names of the responses it checked, when the run collects coverage. */
function withCoverage<T extends object>(answer: T, coverage: CoverageCollector | undefined): T {
  return coverage ? { ...answer, coverage: coverage.names() } : answer;
}

async function checkBatch(batch: CheckBatch, check: ReturnType<typeof createItemChecker>, label: string, coverage: CoverageCollector | undefined): Promise<CheckedBatch> {
  const items: ReportItem[] = [];
  const bytes = Buffer.from(batch.bytes);
  const elements = new Float64Array(batch.elements);
  const { array } = batch;
  let from = 0;
  for (let at = 0; at < elements.length; at += ELEMENT_FIELDS) {
    const index = elements[at];
    const start = { line: elements[at + 1], column: elements[at + 2] };
    const end = elements[at + 3];
    const byLine = elements[at + 4] === 1;
    const text = decodeUtf8(bytes.subarray(from, end));
    from = end;
    if (text === undefined && byLine) return withCoverage({ items: packItems(items), last: false, miss: index }, coverage);
    if (text === undefined) return withCoverage({ items: packItems([...items, unreadable(label, NOT_UTF8)]), last: true }, coverage);
    const { item, last } = readElement({ kind: 'element', array, index, text, start }, label);
    // Text taken by its lines that is not JSON is not an element: the main thread reads the file exactly from there.
    if (last && byLine) return withCoverage({ items: packItems(items), last: false, miss: index }, coverage);
    if (item.kind === 'response') coverage?.add(item);
    items.push(item.kind === 'response' ? await check(item) : item);
    if (last) return withCoverage({ items: packItems(items), last: true }, coverage);
  }
  return withCoverage({ items: packItems(items), last: false }, coverage);
}

/** Reads and checks whole files; a file large enough for threads of its own is left to the main thread. */
async function checkFiles(batch: FilesBatch, check: ReturnType<typeof createItemChecker>, largeFrom: number, coverage: CoverageCollector | undefined): Promise<CheckedFiles> {
  const files: Extract<CheckedFiles, { files: unknown }>['files'] = [];
  for (const { path, label } of batch.files) {
    const opened = openInputItems(path, label);
    if (opened.size >= largeFrom) {
      opened.close();
      files.push({ large: true });
      continue;
    }
    const items: ReportItem[] = [];
    for (const item of opened.whole ?? opened.items) {
      if (item.kind === 'response') coverage?.add(item);
      items.push(item.kind === 'response' ? await check(item) : item);
    }
    files.push({ items: packItems(items) });
  }
  return withCoverage({ files }, coverage);
}

function serve(port: NonNullable<typeof parentPort>, data: CheckerData): void {
  const check = createItemChecker(data.strict);
  // Batches are checked one after the other (a check may wait for the locator to load).
  let queue = Promise.resolve();
  port.on('message', (batch: CheckBatch | FilesBatch) => {
    queue = queue.then(async () => {
      let answer: CheckedBatch | CheckedFiles;
      try {
        // A collector per batch: the names go with its answer, which the main thread may drop (a file read again from an element).
        const coverage = data.coverage ? createCoverageCollector() : undefined;
        answer = 'files' in batch ? await checkFiles(batch, check, data.largeFrom ?? Infinity, coverage) : await checkBatch(batch, check, data.label, coverage);
      } catch (err) {
        answer = { error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(answer);
    });
  });
}

if (parentPort) serve(parentPort, workerData as CheckerData);
