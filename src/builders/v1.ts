/**
 * The request builders of version 1 (`social-analytics-api/v1`): the objects of the generated
 * `V1Builders` interface, made from the version's generated list of operations (a builder per
 * operation, named by its kind, under its network).
 * Each builder checks its body at run time and throws a RequestValidationError listing every
 * problem.
 */
import type { V1Builders } from '../../generated/builders/v1.js';
import { v1Operations } from '../../generated/operations.js';
import { buildV1Request } from './build.js';
import { builderObjects } from './builder-objects.js';

/** The request builders of version 1: `v1.facebook.metrics({...})`, ... */
export const v1 = builderObjects(v1Operations, buildV1Request) as unknown as V1Builders;

/** Builders of the facebook operations of version 1 (`v1.facebook`). */
export const facebook: V1Builders['facebook'] = v1.facebook;

/** Builders of the instagram operations of version 1 (`v1.instagram`). */
export const instagram: V1Builders['instagram'] = v1.instagram;

/** Builders of the twitter operations of version 1 (`v1.twitter`). */
export const twitter: V1Builders['twitter'] = v1.twitter;

/** Builders of the youtube operations of version 1 (`v1.youtube`). */
export const youtube: V1Builders['youtube'] = v1.youtube;

/** Builders of the pinterest operations of version 1 (`v1.pinterest`). */
export const pinterest: V1Builders['pinterest'] = v1.pinterest;

/**
 * POST /1/post/labels: the content labels. The body is not shown in the documents; an empty
 * object is sent.
 */
export const postLabels: V1Builders['postLabels'] = v1.postLabels;
