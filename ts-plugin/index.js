// tsserver resolves a plugin without `exports` and, for a `main` ending in .cjs, tries the .js
// beside it: this CommonJS file is what it finds, and it is the built plugin factory itself.
module.exports = require('../dist/src/ts-plugin/index.cjs');
