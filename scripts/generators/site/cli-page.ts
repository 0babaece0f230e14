/**
 * The command line reference: every command's `--help` as the command prints it (src/shared/command-help.ts),
 * a section per command, each option line anchored (`#validate-strict`) so that the site's search
 * lists every option of every command by its name (`--strict`) and lands on its line.
 */
import { escapeHtml } from './html.js';
import type { MarkdownAnchor } from './markdown.js';

/** One command's help: `''` for the main help (`social-analytics-api --help`). */
export interface CommandHelp {
  command: string;
  text: string;
}

/** An option at the start of a help line: `  --strict`, `  -o, --output FILE`. */
const OPTION_LINE = /^ {2}(?:-\w, )?--([a-z][a-z-]*)/;

/** The id of a command's section, and of an option's line in it. */
const commandId = (command: string) => command || 'commands';
const optionId = (command: string, option: string) => `${command || 'global'}-${option}`;

/** A new id, unique on the page (`ids` holds those taken). */
function claim(id: string, ids: Set<string>): string {
  let unique = id;
  for (let n = 1; ids.has(unique); n++) unique = `${id}-${n}`;
  ids.add(unique);
  return unique;
}

/** The page's content: a section per command with its help text, its option lines anchored; and the anchors for the search index. */
export function renderCliPage(help: readonly CommandHelp[], ids: Set<string>): { html: string; anchors: MarkdownAnchor[] } {
  if (!help.length) throw new Error('docs site: no command help to show on the command line reference (src/shared/command-help.ts)');
  const anchors: MarkdownAnchor[] = [];
  const sections = help.map(({ command, text }) => {
    const name = command ? `social-analytics-api ${command}` : 'social-analytics-api';
    const id = claim(commandId(command), ids);
    anchors.push({ id, text: name, kind: 'heading', what: command ? 'command' : 'the command line' });
    const lines = text.split('\n').map((line) => {
      const option = OPTION_LINE.exec(line)?.[1];
      if (!option || option === 'help') return escapeHtml(line);
      const at = claim(optionId(command, option), ids);
      anchors.push({ id: at, text: `--${option}`, kind: 'term', what: `option of ${name}` });
      return `<span id="${at}"></span>${escapeHtml(line)}`;
    });
    return `<h2 id="${id}"><code class="phrase">${escapeHtml(name)} --help</code></h2>\n<pre tabindex="0"><code>${lines.join('\n')}\n</code></pre>`;
  });
  const intro = '<p>What each command prints with <code>--help</code>; <code class="phrase">npx social-analytics-api &lt;command&gt; --help</code> prints the same in a project that installed the package.</p>';
  return { html: [intro, ...sections].join('\n'), anchors };
}
