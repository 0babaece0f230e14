/**
 * The sections of README.md, found by their headings with markdown-it's parser (so a `#` line
 * inside a code block is no heading). The "Using the package" pages (usage-pages.ts) pick the
 * README's user sections from here by a pattern of their heading, so a renamed or added
 * subsection does not break them, and a section that is gone fails generation naming it.
 */
import markdownIt from 'markdown-it';

/** One section: its heading and the lines under it, up to the next heading of its level or higher. */
export interface ReadmeSection {
  /** Heading level: 2 for `##`. */
  level: number;
  /** The heading's text as written (inline Markdown kept). */
  title: string;
  /** Line of the heading, first line after it, and the line where the section ends (0-based, exclusive). */
  heading: number;
  start: number;
  end: number;
}

/** What a page takes from the README: the section under the first heading matching `heading`, without the subsections matching `without`. */
export interface SectionPick {
  heading: RegExp;
  without?: readonly RegExp[];
}

/** Every heading of level 2 and below, with the lines it covers (its subsections included). */
export function readmeSections(markdown: string): ReadmeSection[] {
  const lineCount = markdown.split('\n').length;
  const tokens = markdownIt().parse(markdown, {});
  const headings: { level: number; title: string; heading: number; start: number }[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' || !token.map) return;
    headings.push({ level: Number(token.tag.slice(1)), title: tokens[i + 1]?.content ?? '', heading: token.map[0], start: token.map[1] });
  });
  return headings
    .map((h, i, all) => ({ ...h, end: all.slice(i + 1).find((n) => n.level <= h.level)?.heading ?? lineCount }))
    .filter((h) => h.level >= 2);
}

/** The text of a heading for matching and ids: inline code marks dropped. */
export const headingText = (title: string) => title.replace(/`/g, '');

/**
 * The Markdown of the section a pick names (below its heading, the subsections it leaves out
 * removed), with the section's level and title; or an error naming the pattern and the headings
 * there are.
 */
export function pickSection(markdown: string, pick: SectionPick, source = 'README.md'): { level: number; title: string; body: string } {
  const sections = readmeSections(markdown);
  const found = sections.find((s) => pick.heading.test(headingText(s.title)));
  if (!found) {
    throw new Error(`docs site: ${source} has no heading matching ${pick.heading} (its headings: ${sections.map((s) => `"${s.title}"`).join(', ')})`);
  }
  const left = sections.filter((s) => s.heading >= found.start && s.end <= found.end && s.level > found.level && (pick.without ?? []).some((w) => w.test(headingText(s.title))));
  const lines = markdown.split('\n');
  const body = lines.filter((_, i) => i >= found.start && i < found.end && !left.some((s) => i >= s.heading && i < s.end));
  return { level: found.level, title: found.title, body: body.join('\n').trim() };
}
