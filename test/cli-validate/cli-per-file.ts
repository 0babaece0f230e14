/** The command line as it ships, for one test file: bundled before its tests, removed after them. */
import { afterAll, beforeAll } from 'vitest';
import { builtCli } from './built-cli.js';

/** Registers the file's hooks; read `.cli` (the path of cli.js) inside a test. */
export function cliForThisFile(): { readonly cli: string } {
  let built: Awaited<ReturnType<typeof builtCli>> | undefined;
  beforeAll(async () => {
    built = await builtCli();
  });
  afterAll(() => built?.remove());
  return {
    get cli() {
      if (!built) throw new Error('the CLI is bundled in beforeAll: read .cli inside a test');
      return built.cli;
    },
  };
}
