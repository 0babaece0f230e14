/**
 * Reads a YAML file (YAML 1.2 core schema) with the `yaml` library, keeping the source positions
 * of its nodes so that a message can name the line of a JSON pointer in it; a syntax error reads
 * `file:line: invalid YAML: ...`.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isNode } from 'yaml';
import { pointerTokens } from '../../src/shared/pointer.js';
import { PipelineError } from './errors.js';

export interface YamlFile {
  /** Path relative to the project root, as messages show it. */
  file: string;
  data: unknown;
  /** Line (1-based) of the node at a JSON pointer, or of its closest existing parent. */
  lineOf(pointer: string): number | undefined;
}

/** The reference tokens of a JSON pointer, unescaped (src/shared/pointer.ts). */
export const decodePointer = pointerTokens;

/** The text's data and a way to the line of a pointer; a syntax error throws `file:line: invalid YAML: ...`. */
function parseWithPositions(text: string, file: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const first = doc.errors[0];
    const line = lineCounter.linePos(first.pos[0]).line;
    throw new PipelineError(`invalid YAML: ${first.message.split('\n')[0]} (rule: YAML syntax)`, file, line);
  }
  return { doc, lineCounter };
}

export function readYamlFile(absolutePath: string, file: string): YamlFile {
  let text: string;
  try {
    text = readFileSync(absolutePath, 'utf8');
  } catch (err) {
    throw new PipelineError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? String(err)})`, file);
  }
  const { doc, lineCounter } = parseWithPositions(text, file);
  return {
    file,
    data: doc.toJS({ maxAliasCount: 100 }) ?? null,
    lineOf(pointer: string) {
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
