/**
 * Every sentence of both documents is accounted for by the register (catalogs/rules.yaml): a rule
 * quotes it (the rule checks it), or its `sentences` list says why no rule does (needs more than
 * one capture, allows something, constrains requests only, is catalog data, constrains no
 * answer). Catalog entries stand for the table rows and type lists of their section. Runs where
 * the documents are beside the project (../shared/source), as the quote test does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../scripts/model/load-rules.js';
import type { UncheckedSentence } from '../../scripts/model/types.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
import { documentUnits, fold, isTypeList, type DocumentUnit } from './document-sentences.js';

const sourceDir = join(PROJECT_ROOT, '../shared/source');
const files = { v2: 'document-1-api-v2.md', v1: 'document-2-api-v1.md' } as const;
const haveSources = existsSync(sourceDir);
const { rules, sentences } = loadRegister(PROJECT_ROOT);

/** The folded quotes of every stated rule (its source and further sentences) in `document`. */
function ruleQuotes(document: 'v1' | 'v2'): string[] {
  return rules.flatMap((r) => (r.source ? [r.source, ...(r.source.also ?? [])] : [])).filter((q) => q.document === document).map((q) => fold(q.quote));
}

const quotes = (text: string, quote: string) => text.includes(quote) || quote.includes(text);

/** Whether `unit` is accounted for, and by what. */
function accountFor(unit: DocumentUnit, ruleQuoteList: string[], entries: UncheckedSentence[]): boolean {
  if (ruleQuoteList.some((q) => quotes(unit.text, q))) return true;
  const here = entries.filter((e) => e.section === unit.section);
  if (here.some((e) => quotes(unit.text, fold(e.quote)))) return true;
  return here.some((e) => e.kind === 'catalog') && (unit.form === 'row' || isTypeList(unit));
}

describe('documentUnits', () => {
  const units = documentUnits(['# Title', '', 'One sentence. Another one (`a`).', '', '## Table', '', '| A | B |', '|---|---|', '| x | 1. y |', '', '- integer: a, b.', '1. First item. Second.'].join('\n'));

  it('splits paragraphs and list items into sentences and keeps table body rows whole', () => {
    expect(units).toEqual([
      { section: 'Title', text: 'One sentence.', form: 'sentence' },
      { section: 'Title', text: 'Another one (`a`).', form: 'sentence' },
      { section: 'Table', text: '| x | 1. y |', form: 'row' },
      { section: 'Table', text: 'integer: a, b.', form: 'item' },
      { section: 'Table', text: 'First item.', form: 'item' },
      { section: 'Table', text: 'Second.', form: 'item' },
    ]);
    expect(units.filter(isTypeList).map((u) => u.text)).toEqual(['integer: a, b.']);
  });

  it('a sentence no quote or entry covers is not accounted for', () => {
    expect(accountFor(units[0], ['One sentence.'], [])).toBe(true);
    expect(accountFor(units[1], ['One sentence.'], [])).toBe(false);
    expect(accountFor(units[2], [], [{ document: 'v2', section: 'Table', quote: '| A | B |', kind: 'catalog', why: 'w' }])).toBe(true);
    expect(accountFor(units[2], [], [{ document: 'v2', section: 'Title', quote: '| A | B |', kind: 'catalog', why: 'w' }])).toBe(false);
  });
});

describe.skipIf(!haveSources)('every sentence of the documents is checked or listed with why (../shared/source)', () => {
  for (const document of ['v2', 'v1'] as const) {
    const text = haveSources ? readFileSync(join(sourceDir, files[document]), 'utf8') : '';
    const units = documentUnits(text);
    const entries = sentences.filter((s) => s.document === document);

    it(`${document}: every unchecked-sentence entry stands verbatim in its section`, () => {
      const stale = entries.filter((e) => !units.some((u) => u.section === e.section && quotes(u.text, fold(e.quote))) && !fold(text).includes(fold(e.quote)));
      expect(stale).toEqual([]);
      const headings = new Set(units.map((u) => u.section));
      expect(entries.filter((e) => !headings.has(e.section)).map((e) => e.section)).toEqual([]);
    });

    it(`${document}: every sentence and table row is quoted by a rule or listed with why`, () => {
      expect(units.length).toBeGreaterThan(50);
      const list = ruleQuotes(document);
      expect(units.filter((u) => !accountFor(u, list, entries)).map((u) => `${u.section}: ${u.text}`)).toEqual([]);
    });
  }
});
