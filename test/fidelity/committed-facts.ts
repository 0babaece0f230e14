/** The committed copy of the source documents' facts (test/fidelity/source-facts.json). */
import { readFileSync } from 'node:fs';
import { FACTS_FILE } from './extract-facts.js';
import type { readAllFacts } from './parse-shared.js';

export type Facts = ReturnType<typeof readAllFacts>;

export function committedFacts(): Facts {
  const { $comment: _comment, ...facts } = JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as Facts & { $comment: string };
  return facts as Facts;
}
