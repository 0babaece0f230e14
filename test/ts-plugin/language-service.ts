/**
 * TypeScript's own language service over one in-memory consumer file (the tests' compiler
 * options), plain and with the package's plugin loaded as tsserver loads it: the module's factory
 * called with `typescript`, `create` given the service. `open` sets the file's text after a
 * header of imports, a `|` marking a position (removed), and returns that position.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { CHECKER_OPTIONS } from '../builders/checker-options.js';
import tsPlugin from '../../src/ts-plugin/index.js';

export function languageServices(dir: string, header: string) {
  const file = join(dir, 'consumer.virtual.ts');
  let text = '';
  let version = 0;
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => CHECKER_OPTIONS,
    getScriptFileNames: () => [file],
    getScriptVersion: (name) => (name === file ? String(version) : '0'),
    getScriptSnapshot: (name) => {
      if (name === file) return ts.ScriptSnapshot.fromString(text);
      const content = ts.sys.readFile(name);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const registry = ts.createDocumentRegistry();
  const plain = ts.createLanguageService(host, registry);
  const logger = { info: () => undefined } as unknown as ts.server.Logger;
  const info = { languageService: ts.createLanguageService(host, registry), languageServiceHost: host, project: { projectService: { logger } }, config: {} } as unknown as ts.server.PluginCreateInfo;
  const withPlugin = tsPlugin({ typescript: ts }).create(info);
  const open = (marked: string): number => {
    const body = header + marked;
    text = body.replace('|', '');
    version++;
    return body.indexOf('|');
  };
  return { file, plain, withPlugin, open };
}
