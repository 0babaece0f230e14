/**
 * Generic request and response shapes shared by the generated builders of both versions
 * (generated/builders/shapes.ts, written from scripts/templates/builder-shapes.ts), for the
 * runtime and the entry points.
 */
export type * from '../../generated/builders/shapes.js';
