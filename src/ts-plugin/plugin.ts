/**
 * The TypeScript language-service plugin of the package (`social-analytics-api/ts-plugin`, named in
 * a tsconfig's `compilerOptions.plugins`): inside a builder call, a hover on a metric, post field,
 * sortable or filterable field or dimension name shows its catalog entry; completion entries of
 * those names carry the same details and the `deprecated` modifier; a name the catalog marks no
 * longer supported gets a suggestion diagnostic (shown struck through). Everything outside a
 * builder call is TypeScript's answer, untouched. tsserver loads it with `require` and calls it
 * with its own `typescript` module, which is the only one used here.
 */
import type ts from 'typescript';
import { BuilderCalls } from './builder-calls.js';
import { EditorCatalog, type EditorEntry } from './catalog-entries.js';

/** The code of the suggestion diagnostic of a deprecated name (a code of this plugin, not of TypeScript). */
export const DEPRECATED_NAME_CODE = 91001;

/** The source named by the plugin's diagnostics. */
const SOURCE = 'social-analytics-api';

const text = (t: string): ts.SymbolDisplayPart => ({ text: t, kind: 'text' });

/** `kindModifiers` with `deprecated` added (a comma-separated list). */
function withDeprecated(modifiers: string | undefined): string {
  const list = (modifiers ?? '').split(',').filter(Boolean);
  return list.includes('deprecated') ? list.join(',') : [...list, 'deprecated'].join(',');
}

/** The unquoted name of a completion entry (`"fans_change"` where the position is outside a string). */
const unquoted = (name: string) => (/^(["'`]).*\1$/.test(name) ? name.slice(1, -1) : name);

/** The language service of `info` with the catalog's details added inside builder calls. */
function decorate(typescript: typeof ts, service: ts.LanguageService, catalog = new EditorCatalog()): ts.LanguageService {
  const calls = new BuilderCalls(typescript);
  const proxy: ts.LanguageService = Object.create(null);
  for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
    const member = service[key];
    (proxy as unknown as Record<string, unknown>)[key] = typeof member === 'function' ? (member as (...a: unknown[]) => unknown).bind(service) : member;
  }
  const program = () => service.getProgram();

  const documentation = (entry: EditorEntry): ts.SymbolDisplayPart[] => [text(entry.documentation)];
  const tags = (entry: EditorEntry): ts.JSDocTagInfo[] => (entry.deprecated ? [{ name: 'deprecated', text: [text(entry.deprecated)] }] : []);

  proxy.getQuickInfoAtPosition = (fileName, position, ...rest) => {
    const prior = service.getQuickInfoAtPosition(fileName, position, ...rest);
    const p = program();
    const sourceFile = p?.getSourceFile(fileName);
    const token = sourceFile && calls.tokenAt(sourceFile, position);
    const found = token && p && calls.nameAt(token, p.getTypeChecker());
    const entry = found && catalog.entry(found.operation, found.slot, found.literal.text);
    if (!found || !entry) return prior;
    return {
      kind: typescript.ScriptElementKind.string,
      kindModifiers: entry.deprecated ? 'deprecated' : '',
      textSpan: { start: found.literal.getStart(), length: found.literal.getWidth() },
      displayParts: [text(`(${entry.title}) ${JSON.stringify(found.literal.text)}`)],
      documentation: documentation(entry),
      tags: tags(entry),
    };
  };

  proxy.getCompletionsAtPosition = (fileName, position, options, ...rest) => {
    const prior = service.getCompletionsAtPosition(fileName, position, options, ...rest);
    const p = program();
    const sourceFile = p?.getSourceFile(fileName);
    const place = prior && sourceFile && p && calls.placeAt(sourceFile, position, p.getTypeChecker());
    if (!prior || !place) return prior;
    const entries = prior.entries.map((e) => {
      const entry = catalog.entry(place.operation, place.slot, unquoted(e.name));
      if (!entry) return e;
      return {
        ...e,
        ...(entry.deprecated ? { kindModifiers: withDeprecated(e.kindModifiers) } : {}),
        labelDetails: { ...e.labelDetails, description: entry.detail },
      };
    });
    return { ...prior, entries };
  };

  proxy.getCompletionEntryDetails = (fileName, position, entryName, ...rest) => {
    const prior = service.getCompletionEntryDetails(fileName, position, entryName, ...rest);
    const p = program();
    const sourceFile = p?.getSourceFile(fileName);
    const place = sourceFile && p && calls.placeAt(sourceFile, position, p.getTypeChecker());
    const entry = place && catalog.entry(place.operation, place.slot, unquoted(entryName));
    if (!place || !entry) return prior;
    return {
      name: entryName,
      kind: prior?.kind ?? typescript.ScriptElementKind.string,
      kindModifiers: entry.deprecated ? withDeprecated(prior?.kindModifiers) : (prior?.kindModifiers ?? ''),
      displayParts: [text(`(${entry.title}) ${JSON.stringify(unquoted(entryName))}`)],
      documentation: documentation(entry),
      tags: tags(entry),
      ...(prior?.codeActions ? { codeActions: prior.codeActions } : {}),
    };
  };

  proxy.getSuggestionDiagnostics = (fileName) => {
    const prior = service.getSuggestionDiagnostics(fileName);
    const p = program();
    const sourceFile = p?.getSourceFile(fileName);
    if (!p || !sourceFile) return prior;
    const added: ts.DiagnosticWithLocation[] = [];
    for (const found of calls.namesIn(sourceFile, p.getTypeChecker())) {
      const entry = catalog.entry(found.operation, found.slot, found.literal.text);
      if (!entry?.deprecated) continue;
      added.push({
        file: sourceFile,
        start: found.literal.getStart(sourceFile),
        length: found.literal.getWidth(sourceFile),
        messageText: `'${found.literal.text}' (${entry.title}) is deprecated. ${entry.deprecated}`,
        category: typescript.DiagnosticCategory.Suggestion,
        code: DEPRECATED_NAME_CODE,
        source: SOURCE,
        reportsDeprecated: {},
      });
    }
    return [...prior, ...added];
  };

  return proxy;
}

/**
 * The plugin module factory tsserver calls with its own `typescript`: `create` wraps each
 * project's language service. One EditorCatalog per plugin instance: it lives as long as the
 * language service.
 */
export function tsPlugin({ typescript }: { typescript: typeof ts }): ts.server.PluginModule {
  return {
    create(info) {
      info.project.projectService.logger.info('social-analytics-api: catalog details in builder calls');
      return decorate(typescript, info.languageService);
    },
  };
}
