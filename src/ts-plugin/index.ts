/**
 * `social-analytics-api/ts-plugin`: the TypeScript language-service plugin, for a tsconfig's
 * `compilerOptions.plugins` (`[{ "name": "social-analytics-api/ts-plugin" }]`). tsserver
 * `require`s it and calls the module itself, so its CommonJS file exports the factory as
 * `module.exports` (scripts/compile-javascript.mjs, FACTORY_ENTRIES); this ES module gives the
 * same function as its default export.
 */
export { tsPlugin as default } from './plugin.js';
