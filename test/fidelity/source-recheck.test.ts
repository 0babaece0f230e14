/**
 * The committed facts (source-facts.json) still say what the source documents say. Runs where
 * the documents are beside the project (../shared/source); a fresh clone has only the committed
 * copy, which the fidelity test compares with the catalogs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FACTS_FILE, factsFileText, SOURCE_DIR } from './extract-facts.js';
import { readAllFacts } from './parse-shared.js';

describe.skipIf(!existsSync(SOURCE_DIR))('source-facts.json against the source documents', () => {
  it('is what test/fidelity/extract-facts.ts extracts from them now (refresh with npm run facts:extract)', () => {
    expect(readFileSync(FACTS_FILE, 'utf8')).toBe(factsFileText(readAllFacts(SOURCE_DIR)));
  });
});
