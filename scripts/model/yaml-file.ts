/**
 * Reads a YAML file and keeps what is needed to name the line of a JSON pointer in it.
 *
 * The data comes from js-yaml (YAML 1.2 core schema), about four times faster than the `yaml`
 * library on the catalogs and the spec. The `yaml` library, which keeps source positions, parses
 * the text only when a line is asked for (an error message) or when js-yaml refuses the text, so
 * a syntax error still reads `file:line: invalid YAML: ...` with yaml's message.
 * test/pipeline/yaml-file.test.ts checks that both give the same data for every input file.
 */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { PipelineError } from './errors.js';

export interface YamlFile {
  /** Path relative to the project root, as messages show it. */
  file: string;
  data: unknown;
  /** Line (1-based) of the node at a JSON pointer, or of its closest existing parent. */
  lineOf(pointer: string): number | undefined;
}

export function decodePointer(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

interface Positioned {
  doc: Document;
  lineCounter: LineCounter;
}

/** The text parsed with source positions; a syntax error throws `file:line: invalid YAML: ...`. */
function parseWithPositions(text: string, file: string): Positioned {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const first = doc.errors[0];
    const line = lineCounter.linePos(first.pos[0]).line;
    throw new PipelineError(`invalid YAML: ${first.message.split('\n')[0]} (rule: YAML syntax)`, file, line);
  }
  return { doc, lineCounter };
}

/** The data of the text: js-yaml, or the `yaml` library (and its error) when js-yaml refuses it. */
function parseData(text: string, file: string): { data: unknown; positioned?: Positioned } {
  try {
    return { data: load(text, { schema: CORE_SCHEMA, filename: file }) ?? null };
  } catch {
    const positioned = parseWithPositions(text, file);
    return { data: positioned.doc.toJS({ maxAliasCount: 100 }), positioned };
  }
}

export function readYamlFile(absolutePath: string, file: string): YamlFile {
  let text: string;
  try {
    text = readFileSync(absolutePath, 'utf8');
  } catch (err) {
    throw new PipelineError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? String(err)})`, file);
  }
  let { data, positioned } = parseData(text, file);
  return {
    file,
    data,
    lineOf(pointer: string) {
      positioned ??= parseWithPositions(text, file);
      const { doc, lineCounter } = positioned;
      const segments = decodePointer(pointer);
      for (let n = segments.length; n >= 0; n--) {
        const path = segments.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
        const node = n === 0 ? doc.contents : doc.getIn(path, true);
        if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      }
      return undefined;
    },
  };
}
