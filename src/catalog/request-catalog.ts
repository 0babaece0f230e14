/**
 * The catalog facts of requests (generated/request-catalog.ts), each with its type: the
 * generated module is data only and imports nothing from src/, so the types are given, and the
 * data checked against them, here. One export per generated one, so that a bundle still holds
 * only what it imports.
 */
import * as generated from '../../generated/request-catalog.js';
import type { Limits, RequestCatalogVersion } from './types.js';

/** The request limits (catalogs/limits.yaml). */
export const requestLimits: Limits = generated.requestLimits;

/** The base dimensions (every v2 metric supports them). */
export const baseDimensionNames: readonly string[] = generated.baseDimensionNames;

/** The extra dimensions of any metric. */
export const extraDimensionNames: readonly string[] = generated.extraDimensionNames;

/** Version 1: per network the metric names and the post field lists. */
export const v1RequestCatalog: RequestCatalogVersion = generated.v1RequestCatalog;

/** Version 2: per network the metric names (the client merges split answers by them). */
export const v2MetricNames: Readonly<Record<string, readonly string[]>> = generated.v2MetricNames;

/** Version 2: per network the metric names with their extra dimensions, the post field lists. */
export const v2RequestCatalog: RequestCatalogVersion = generated.v2RequestCatalog;

/** Version 2, per network: the metrics that aggregate by `sum` (every other one by `avg`). */
export const v2SumMetrics: Readonly<Record<string, readonly string[]>> = generated.v2SumMetrics;

/** API error code -> its meaning (the client names the codes of a failure). */
export const errorMeanings: Readonly<Record<number, string>> = generated.errorMeanings;
