/**
 * The units a source document states things in: each sentence of its paragraphs and list items,
 * and each body row of its tables (header and separator rows state nothing), with the heading
 * it stands under. White space is folded, as the register's quotes are compared.
 */

export interface DocumentUnit {
  /** The heading the unit stands under, without its `#`s. */
  section: string;
  /** The folded text of the sentence or table row. */
  text: string;
  /** `row`: a table body row; `item`: a sentence of a list item; `sentence`: one of a paragraph. */
  form: 'row' | 'item' | 'sentence';
}

export const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

const SEPARATOR_ROW = /^\|(\s*:?-{3,}:?\s*\|)+\s*$/;

/** Sentences of a paragraph: a split after `.`, `!` or `?` followed by a space and a capital, a digit or a backtick. */
function sentences(text: string): string[] {
  return fold(text)
    .split(/(?<=[.!?])\s+(?=[A-Z0-9`])/)
    .filter((s) => s !== '');
}

export function documentUnits(markdown: string): DocumentUnit[] {
  const lines = markdown.split('\n');
  const units: DocumentUnit[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      section = line.replace(/^#+\s*/, '').trim();
      continue;
    }
    if (line.startsWith('|')) {
      const isHeader = SEPARATOR_ROW.test(lines[i + 1]?.trim() ?? '');
      if (!isHeader && !SEPARATOR_ROW.test(line)) units.push({ section, text: fold(line), form: 'row' });
      continue;
    }
    const item = /^(?:-|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      for (const text of sentences(item[1])) units.push({ section, text, form: 'item' });
      continue;
    }
    for (const text of sentences(line)) units.push({ section, text, form: 'sentence' });
  }
  return units;
}

/** A list item giving catalog names of one value type (`- integer: comments, ...`). */
export const isTypeList = (unit: DocumentUnit) => unit.form === 'item' && /^(integer|float|object|string|array)\b[^:]*:/.test(unit.text);
