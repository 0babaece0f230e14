/** The compiler options of the tests that type-check a consumer file in memory (strict, NodeNext, no emit). */
import ts from 'typescript';

export const CHECKER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: true,
};
