/**
 * Injected by scripts/compile-javascript.mjs into the CommonJS files whose source reads
 * `import.meta.url` (defined as `importMetaUrl` there): the URL of the file itself, as the ES
 * module build has it. Never loaded on its own.
 */
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
