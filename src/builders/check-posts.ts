/** Checks of a posts request body against the post catalog of its network and the page size limit. */
import type { PostField, Version } from '../catalog/types.js';
import { catalogData, postsLookup, type PostsLookup } from './catalog-lookup.js';
import { checkDates, checkKnownNames, checkMembers, checkStringList, isObject, show, type ProblemList } from './check-common.js';

const REQUIRED = ['profiles', 'date_start', 'date_end', 'fields'];
const OPTIONAL = ['limit', 'after', 'filter'];

export function checkPostsRequest(problems: ProblemList, version: Version, network: string, body: unknown): void {
  const lookup = postsLookup(version, network);
  if (!lookup) {
    problems.add('network', `${network} has no post list in version ${version}`);
    return;
  }
  const allowed = [...REQUIRED, ...OPTIONAL, ...(lookup.catalog.sort ? ['sort'] : [])];
  const object = checkMembers(problems, body, allowed, REQUIRED);
  if (!object) return;
  checkDates(problems, object);
  checkStringList(problems, 'profiles', object.profiles);
  checkStringList(problems, 'fields', object.fields);
  checkKnownNames(problems, 'fields', object.fields, new Set(lookup.fields.keys()), `${network} post field`);
  checkLimit(problems, object.limit);
  if (object.after !== undefined && (typeof object.after !== 'string' || object.after === '')) {
    problems.add('after', `must be the non-empty \`next\` cursor of the previous page, got ${show(object.after)}`);
  }
  if (object.sort !== undefined && lookup.catalog.sort) checkSort(problems, lookup, network, object.sort);
  if (object.filter !== undefined) checkFilter(problems, lookup, network, object.filter);
}

function checkLimit(problems: ProblemList, limit: unknown): void {
  if (limit === undefined) return;
  const max = catalogData.limits.pageSize.max;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > max) {
    problems.add('limit', `must be an integer from 1 to ${max}, got ${show(limit)}`);
  }
}

function checkSort(problems: ProblemList, lookup: PostsLookup, network: string, sort: unknown): void {
  if (!Array.isArray(sort)) {
    problems.add('sort', `must be an array of {field, order} objects, got ${show(sort)}`);
    return;
  }
  sort.forEach((item, i) => {
    const parameter = `sort[${i}]`;
    if (!isObject(item)) {
      problems.add(parameter, `must be an object {field, order}, got ${show(item)}`);
      return;
    }
    const others = Object.keys(item).filter((k) => k !== 'field' && k !== 'order');
    if (others.length) problems.add(parameter, `has members other than field and order: ${others.join(', ')}`);
    if (typeof item.field !== 'string' || !lookup.sortable.has(item.field)) {
      problems.add(`${parameter}.field`, `${show(item.field)} is not a sortable ${network} post field`);
    }
    if (typeof item.order !== 'string' || item.order === '') problems.add(`${parameter}.order`, `must be a sort direction such as "desc", got ${show(item.order)}`);
  });
}

function checkFilter(problems: ProblemList, lookup: PostsLookup, network: string, filter: unknown): void {
  if (!Array.isArray(filter)) {
    problems.add('filter', `must be an array of filter elements, got ${show(filter)}`);
    return;
  }
  filter.forEach((item, i) => {
    const parameter = `filter[${i}]`;
    if (!isObject(item)) problems.add(parameter, `must be {field, value} or {match_any: [...]}, got ${show(item)}`);
    else if ('match_any' in item) checkMatchAny(problems, lookup, network, parameter, item);
    else checkFieldFilter(problems, lookup, network, parameter, item);
  });
}

function checkFieldFilter(problems: ProblemList, lookup: PostsLookup, network: string, parameter: string, item: Record<string, unknown>): void {
  const others = Object.keys(item).filter((k) => k !== 'field' && k !== 'value');
  if (others.length) problems.add(parameter, `has members other than field and value: ${others.join(', ')}`);
  if (typeof item.field !== 'string' || !lookup.filterable.has(item.field)) {
    problems.add(`${parameter}.field`, `${show(item.field)} is not a filterable ${network} post field`);
    return;
  }
  checkFilterValue(problems, `${parameter}.value`, lookup.fields.get(item.field)!, item.value);
}

/** An array field (post_labels) takes a non-empty array of ids; other fields take one string, from the enum if the catalog has one. */
function checkFilterValue(problems: ProblemList, parameter: string, field: PostField, value: unknown): void {
  if (field.type === 'array') {
    const ok = Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '');
    if (!ok) problems.add(parameter, `must be a non-empty array of ${field.name === 'post_labels' ? 'content label ids' : 'strings'}, got ${show(value)}`);
    return;
  }
  if (typeof value !== 'string') {
    problems.add(parameter, `must be a string, got ${show(value)}`);
    return;
  }
  if (field.enum && !field.enum.includes(value)) problems.add(parameter, `must be one of ${field.enum.join(', ')}, got ${show(value)}`);
}

function checkMatchAny(problems: ProblemList, lookup: PostsLookup, network: string, parameter: string, item: Record<string, unknown>): void {
  const others = Object.keys(item).filter((k) => k !== 'match_any');
  if (others.length) problems.add(parameter, `an advanced filter holds only match_any, not ${others.join(', ')}`);
  const list = item.match_any;
  if (!Array.isArray(list) || list.length === 0) {
    problems.add(`${parameter}.match_any`, `must be a non-empty array of {field, value}, got ${show(list)}`);
    return;
  }
  const allowed = [...lookup.advancedFilterable].join(', ') || 'none';
  list.forEach((entry, j) => {
    const at = `${parameter}.match_any[${j}]`;
    if (!isObject(entry)) {
      problems.add(at, `must be an object {field, value}, got ${show(entry)}`);
      return;
    }
    if (typeof entry.field !== 'string' || !lookup.advancedFilterable.has(entry.field)) {
      problems.add(`${at}.field`, `match_any is only for ${allowed} on ${network}, got ${show(entry.field)}`);
      return;
    }
    const ok = Array.isArray(entry.value) && entry.value.length > 0 && entry.value.every((v) => typeof v === 'string' && v !== '');
    if (!ok) problems.add(`${at}.value`, `must be a non-empty array of content label ids, got ${show(entry.value)}`);
  });
}
