/** Checks of a posts request body against the post catalog of its network and the page size limit. */
import type { PostsRequestFacts, Version } from '../catalog/types.js';
import { postsLookup, requestCatalog, type PostsLookup } from './catalog-lookup.js';
import {
  checkDates, checkElementMembers, checkKnownNames, checkMembers, checkStringList, isObject, show, type MemberRules, type ProblemList,
} from './check-common.js';

const REQUIRED = ['profiles', 'date_start', 'date_end', 'fields'];
const OPTIONAL = ['limit', 'after', 'filter'];

function memberRules(sort: boolean): MemberRules {
  return sort
    ? { allowed: [...REQUIRED, ...OPTIONAL, 'sort'], required: REQUIRED, requiredRule: 'shared.posts.required-members' }
    : { allowed: [...REQUIRED, ...OPTIONAL], required: REQUIRED, requiredRule: 'shared.posts.required-members', refused: { sort: 'v2.posts.sort-not-offered' } };
}

export function checkPostsRequest(problems: ProblemList, version: Version, network: string, body: unknown): void {
  const lookup = postsLookup(version, network);
  if (!lookup) {
    problems.add('shared.request.known-operation', 'network', `${network} has no post list in version ${version}`);
    return;
  }
  const object = checkMembers(problems, body, memberRules(lookup.sort));
  if (!object) return;
  checkDates(problems, object);
  checkStringList(problems, 'profiles', object.profiles);
  checkStringList(problems, 'fields', object.fields);
  checkKnownNames(problems, 'shared.posts.field-names', 'fields', object.fields, new Set(lookup.fields.keys()), `${network} post field`);
  checkLimit(problems, object.limit);
  if (object.after !== undefined) {
    if (typeof object.after !== 'string') problems.add('shared.posts.after', 'after', `must be the \`next\` cursor (a string) of the previous page, got ${show(object.after)}`);
    else if (object.after === '') problems.add('shared.request.non-empty', 'after', 'must not be an empty string');
  }
  if (object.sort !== undefined && lookup.sort) checkSort(problems, lookup, network, object.sort);
  if (object.filter !== undefined) checkFilter(problems, lookup, network, object.filter);
}

function checkLimit(problems: ProblemList, limit: unknown): void {
  if (limit === undefined) return;
  const max = requestCatalog.limits.pageSize.max;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit > max) {
    problems.add('shared.posts.limit', 'limit', `must be an integer of at most ${max}, got ${show(limit)}`);
  } else if (limit < 1) {
    problems.add('shared.posts.limit-positive', 'limit', `must be at least 1 (a page size), got ${limit}`);
  }
}

function checkSort(problems: ProblemList, lookup: PostsLookup, network: string, sort: unknown): void {
  if (!Array.isArray(sort)) {
    problems.add('shared.posts.sort-shape', 'sort', `must be an array of {field, order} objects, got ${show(sort)}`);
    return;
  }
  sort.forEach((item, i) => {
    const parameter = `sort[${i}]`;
    if (!isObject(item)) {
      problems.add('shared.posts.sort-shape', parameter, `must be an object {field, order}, got ${show(item)}`);
      return;
    }
    checkElementMembers(problems, parameter, item, ['field', 'order']);
    if (typeof item.field !== 'string' || !lookup.sortable.has(item.field)) {
      problems.add('shared.posts.sort-fields', `${parameter}.field`, `${show(item.field)} is not a sortable ${network} post field`);
    }
    if (typeof item.order !== 'string') problems.add('shared.posts.sort-shape', `${parameter}.order`, `must be a sort direction such as "desc", got ${show(item.order)}`);
    else if (item.order === '') problems.add('shared.request.non-empty', `${parameter}.order`, 'must not be an empty string');
  });
}

function checkFilter(problems: ProblemList, lookup: PostsLookup, network: string, filter: unknown): void {
  if (!Array.isArray(filter)) {
    problems.add('shared.posts.filter-shape', 'filter', `must be an array of filter elements, got ${show(filter)}`);
    return;
  }
  filter.forEach((item, i) => {
    const parameter = `filter[${i}]`;
    if (!isObject(item)) problems.add('shared.posts.filter-shape', parameter, `must be {field, value} or {match_any: [...]}, got ${show(item)}`);
    else if ('match_any' in item) checkMatchAny(problems, lookup, network, parameter, item);
    else checkFieldFilter(problems, lookup, network, parameter, item);
  });
}

function checkFieldFilter(problems: ProblemList, lookup: PostsLookup, network: string, parameter: string, item: Record<string, unknown>): void {
  checkElementMembers(problems, parameter, item, ['field', 'value']);
  if (typeof item.field !== 'string' || !lookup.filterable.has(item.field)) {
    problems.add('shared.posts.filter-fields', `${parameter}.field`, `${show(item.field)} is not a filterable ${network} post field`);
    return;
  }
  checkFilterValue(problems, `${parameter}.value`, lookup.fields.get(item.field)!, item.value);
}

/**
 * A field filter's value is a string or an array of strings (document 1); where the catalog
 * lists the field's values (ppd_status), each value should be one of them (an inferred rule).
 */
function checkFilterValue(problems: ProblemList, parameter: string, field: PostsRequestFacts['fields'][string], value: unknown): void {
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || !values.every((v) => typeof v === 'string')) {
    problems.add('shared.posts.filter-value', parameter, `must be a string or a non-empty array of strings, got ${show(value)}`);
    return;
  }
  values.forEach((v, i) => {
    const at = Array.isArray(value) ? `${parameter}[${i}]` : parameter;
    if (v === '') problems.add('shared.request.non-empty', at, 'must not be an empty string');
    else if (field.enum && !field.enum.includes(v)) problems.add('shared.posts.filter-value-enum', at, `must be one of ${field.enum.join(', ')}, got ${show(v)}`);
  });
}

function checkMatchAny(problems: ProblemList, lookup: PostsLookup, network: string, parameter: string, item: Record<string, unknown>): void {
  checkElementMembers(problems, parameter, item, ['match_any']);
  const list = item.match_any;
  if (!Array.isArray(list) || list.length === 0) {
    problems.add('shared.posts.match-any', `${parameter}.match_any`, `must be a non-empty array of {field, value}, got ${show(list)}`);
    return;
  }
  const allowed = [...lookup.advancedFilterable].join(', ') || 'none';
  list.forEach((entry, j) => {
    const at = `${parameter}.match_any[${j}]`;
    if (!isObject(entry)) {
      problems.add('shared.posts.match-any', at, `must be an object {field, value}, got ${show(entry)}`);
      return;
    }
    if (typeof entry.field !== 'string' || !lookup.advancedFilterable.has(entry.field)) {
      problems.add('shared.posts.match-any', `${at}.field`, `match_any is only for ${allowed} on ${network}, got ${show(entry.field)}`);
      return;
    }
    const ok = Array.isArray(entry.value) && entry.value.length > 0 && entry.value.every((v) => typeof v === 'string' && v !== '');
    if (!ok) problems.add('shared.posts.match-any', `${at}.value`, `must be a non-empty array of content label ids, got ${show(entry.value)}`);
  });
}
