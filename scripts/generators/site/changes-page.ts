/**
 * The "Changes" page (`changes.html`): CHANGELOG.md rendered (its headings, bullet lists,
 * paragraphs and code spans: the Markdown that `npm run changelog` writes).
 */
import { escapeHtml, inline, page } from './html.js';

export const SCRIPT = 'scripts/generators/site/changes-page.ts';

/** Heading ids: `unreleased-since-...`, stable for the same text. */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The HTML of the changelog's Markdown (after its title line). */
export function changelogHtml(markdown: string): string {
  const out: string[] = [];
  let list = false;
  const closeList = () => {
    if (list) out.push('</ul>');
    list = false;
  };
  for (const line of markdown.split('\n').slice(1)) {
    const heading = /^(#{2,4}) (.*)$/.exec(line);
    if (heading) {
      closeList();
      const level = heading[1].length;
      out.push(`<h${level} id="${slug(heading[2])}">${inline(heading[2])}</h${level}>`);
    } else if (line.startsWith('- ')) {
      if (!list) out.push('<ul class="changes">');
      list = true;
      out.push(`<li>${inline(line.slice(2))}</li>`);
    } else if (line.trim() === '') closeList();
    else {
      closeList();
      out.push(`<p>${inline(line)}</p>`);
    }
  }
  closeList();
  return out.join('\n');
}

export function renderChangesPage(changelog: string | undefined): string {
  const body = changelog === undefined ? `<p class="none">${escapeHtml('No CHANGELOG.md yet: npm run changelog -- <ref> writes one.')}</p>` : changelogHtml(changelog);
  return page({ generator: SCRIPT, title: 'Changes', body });
}
