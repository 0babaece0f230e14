/**
 * The request builders of version 2 (`social-analytics-api/v2`): the objects of the generated
 * `V2Builders` interface, made from the version's generated list of operations (a builder per
 * operation, named by its kind, under its network).
 * Each builder checks its body at run time and throws a RequestValidationError listing every
 * problem.
 */
import type { V2Builders } from '../../generated/builders/v2.js';
import { v2Operations } from '../../generated/operations.js';
import { buildV2Request } from './build.js';
import { builderObjects } from './builder-objects.js';

/** The request builders of version 2: `v2.facebook.metrics({...})`, ... */
export const v2 = builderObjects(v2Operations, buildV2Request) as unknown as V2Builders;

/** Builders of the facebook operations of version 2 (`v2.facebook`). */
export const facebook: V2Builders['facebook'] = v2.facebook;

/** Builders of the instagram operations of version 2 (`v2.instagram`). */
export const instagram: V2Builders['instagram'] = v2.instagram;

/** Builders of the twitter operations of version 2 (`v2.twitter`). */
export const twitter: V2Builders['twitter'] = v2.twitter;

/** Builders of the youtube operations of version 2 (`v2.youtube`). */
export const youtube: V2Builders['youtube'] = v2.youtube;

/** Builders of the linkedin operations of version 2 (`v2.linkedin`). */
export const linkedin: V2Builders['linkedin'] = v2.linkedin;

/** Builders of the pinterest operations of version 2 (`v2.pinterest`). */
export const pinterest: V2Builders['pinterest'] = v2.pinterest;

/**
 * POST /2/post/labels: the content labels. The body is not shown in the documents; an empty
 * object is sent.
 */
export const postLabels: V2Builders['postLabels'] = v2.postLabels;

/**
 * POST /2/profile/labels: the profile labels. The body is not shown in the documents; an empty
 * object is sent.
 */
export const profileLabels: V2Builders['profileLabels'] = v2.profileLabels;
