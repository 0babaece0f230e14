/**
 * Types of the precompiled validators: those of generated/validators/types.d.ts, which the
 * generated declarations use too, so this package's emitted declarations do not depend on how a
 * build treats the generated JavaScript.
 */
export type { CompiledValidator, CompiledValidatorError, FailureModule, OperationModule, OperationValidators } from '../../generated/validators/types.js';
