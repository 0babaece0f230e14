/**
 * Extracts the facts the fidelity test needs from the two source documents into
 * test/fidelity/source-facts.json, the committed copy that lets `npm test` run on a fresh clone
 * with nothing beside it. Run it when the documents change: `npm run facts:extract`
 * (reads ../shared/source from the project root). source-recheck.test.ts fails when the
 * committed copy and the documents disagree.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readAllFacts } from './parse-shared.js';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
export const SOURCE_DIR = resolve(PROJECT_ROOT, '../shared/source');
export const FACTS_FILE = join(PROJECT_ROOT, 'test/fidelity/source-facts.json');
export const FACTS_COMMENT = 'extracted by test/fidelity/extract-facts.ts from the source documents; refresh with npm run facts:extract';

/** The facts as the committed file holds them: JSON, with a comment naming where they come from. */
export function factsFileText(facts: ReturnType<typeof readAllFacts>): string {
  return `${JSON.stringify({ $comment: FACTS_COMMENT, ...facts }, null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    writeFileSync(FACTS_FILE, factsFileText(readAllFacts(SOURCE_DIR)));
    console.log(`wrote ${FACTS_FILE}`);
  } catch (error) {
    console.error(`facts:extract: cannot read the source documents in ${SOURCE_DIR}: ${(error as Error).message}`);
    process.exit(1);
  }
}
