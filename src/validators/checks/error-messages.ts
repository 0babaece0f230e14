/**
 * Body-only check of a failure body's error objects: each lists its messages, "first a general
 * description, then detail", so at least the general description.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { isPlainObject } from './values.js';

export function checkErrorMessages(list: ProblemList, errors: unknown[]): void {
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i];
    if (isPlainObject(error) && Array.isArray(error.errors) && error.errors.length === 0) {
      list.add('shared.failure.general-description', `/errors/${i}/errors`, 'expected at least a general description, got an empty list');
    }
  }
}
