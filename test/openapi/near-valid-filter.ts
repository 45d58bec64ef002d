/**
 * Near-valid filter JSON values for the honesty property of `filterJsonSchema`: a
 * valid filter with one to three small edits at random entries — a value, name or
 * operator swapped for another (valid or not), `val` and `field` mixed up, keys added
 * or dropped, entries wrapped in `and`/`or`/`not` past the depth limit, `any`/`has`
 * folded into `rel__field` shortcuts (chains too), lists and strings past their limits.
 */
import fc from 'fast-check';
import { OPERATORS } from '../../src/ast/operators.js';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { filterJson } from '../../src/stringify/filter-json.js';
import { arbitraryFilter } from '../../src/testing/index.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Entry = { [key: string]: Json };

const VALUES: readonly Json[] = [
  null, true, false, 0, -1, 1.5, 2 ** 53, 1e300, '', 'x', 'Blue', 'red', 'x'.repeat(257), '2021-02-30', '2021-01-01',
  '%a%b%c%d%e%f%g%h%i%j%k', '\\%\\_literal', 'two words', 'many words in one value a b c d e f g h i j k l m',
  '...', 'a\u0000b', 'a\uD800b', '😀', [], [1], [1, 2], ['a', 'b'], ['a', 'b', 'c'], [null], [[1]], {}, { $ne: 1 },
  Array.from({ length: 101 }, (_, index) => `v${index}`),
];
const KEYS = ['name', 'op', 'val', 'field', 'and', 'or', 'not', 'nope', 'constructor'];
const JUNK_NAMES = ['', 'nope', '__proto__', 'constructor', 'a__', '__b', 'id__id', 'toString'];
const JUNK_OPERATORS = [...OPERATORS, 'EQ', '$ne', 'in', 'not', 'and', ''];

/** Every entry object of a filter value, with a function that replaces it. */
function entries(value: Json, replace: (next: Json) => void, found: { entry: Entry; replace: (next: Json) => void }[]) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => entries(item, (next) => (value[index] = next), found));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  found.push({ entry: value, replace });
  for (const key of ['and', 'or', 'not', 'val'] as const) {
    const child = value[key];
    if (child !== undefined && (key !== 'val' || (typeof child === 'object' && !Array.isArray(child)))) {
      entries(child, (next) => (value[key] = next), found);
    }
  }
}

/** Names to try: every member of every type, chains of them joined by `__`, and junk. */
function namePool(schema: ResourceSchema): string[] {
  const resolved = resolveSchema(schema);
  const names = new Set<string>(JUNK_NAMES);
  for (const type of resolved.types.values()) {
    names.add('id');
    for (const name of type.attributes.keys()) names.add(name);
    for (const [name, relationship] of type.relationships) {
      names.add(name);
      const target = resolved.types.get(relationship.target);
      for (const inner of [...(target?.attributes.keys() ?? []), ...(target?.relationships.keys() ?? []), 'id']) {
        names.add(`${name}__${inner}`);
        for (const [deeper, deeperRelationship] of target?.relationships ?? []) {
          const last = resolved.types.get(deeperRelationship.target);
          for (const end of [...(last?.attributes.keys() ?? []), 'id']) names.add(`${name}__${deeper}__${end}`);
        }
      }
    }
  }
  return [...names];
}

type Mutation = (entry: Entry, replace: (next: Json) => void, a: number, b: number, names: readonly string[]) => void;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
const copy = (value: Json): Json => JSON.parse(JSON.stringify(value)) as Json;

const MUTATIONS: readonly Mutation[] = [
  // another value
  (entry, _replace, a) => {
    if ('val' in entry && typeof entry['val'] !== 'object') entry['val'] = copy(pick(VALUES, a));
    else if ('val' in entry && Array.isArray(entry['val'])) entry['val'] = copy(pick(VALUES, a));
  },
  // another name
  (entry, _replace, a, _b, names) => {
    if ('name' in entry) entry['name'] = pick(names, a);
  },
  // another operator
  (entry, _replace, a) => {
    if ('op' in entry) entry['op'] = pick(JUNK_OPERATORS, a);
  },
  // val → field, field → val, or both
  (entry, _replace, a, b, names) => {
    if (!('name' in entry)) return;
    if (b % 3 === 0) {
      delete entry['val'];
      entry['field'] = pick(names, a);
    } else if (b % 3 === 1) {
      entry['field'] = pick(names, a);
    } else {
      delete entry['field'];
      entry['val'] = copy(pick(VALUES, a));
    }
  },
  // wrap in and/or/not, several times
  (entry, replace, a, b) => {
    let node: Json = { ...entry };
    for (let level = 0; level <= a % 12; level++) {
      const kind = pick(['and', 'or', 'not'] as const, b + level);
      node = kind === 'not' ? { not: node } : { [kind]: [node] };
    }
    replace(node);
  },
  // fold any/has into a shortcut: {name: r, op: any, val: {name: f, op, val}} → {name: r__f, op, val}
  (entry) => {
    const inner = entry['val'];
    if ((entry['op'] !== 'any' && entry['op'] !== 'has') || inner === null || typeof inner !== 'object') return;
    if (Array.isArray(inner) || typeof inner['name'] !== 'string') return;
    const folded: Entry = { ...inner, name: `${String(entry['name'])}__${inner['name']}` };
    for (const key of Object.keys(entry)) Reflect.deleteProperty(entry, key);
    Object.assign(entry, folded);
  },
  // add or drop a key
  (entry, _replace, a, b) => {
    const key = pick(KEYS, a);
    if (b % 2 === 0) Reflect.deleteProperty(entry, key);
    else entry[key] = key === 'and' || key === 'or' ? [] : copy(pick(VALUES, b));
  },
  // a non-object where an entry belongs, or an object where a list belongs
  (entry, replace, a) => {
    if ('and' in entry && a % 2 === 0) entry['and'] = {};
    else replace(copy(pick([1, 'x', null, [], [{}], true], a)));
  },
];

/** A valid filter of the type, as a JSON value, after one to three random edits. */
export function nearValidFilter(schema: ResourceSchema, type: string): fc.Arbitrary<Json> {
  const names = namePool(schema);
  const edit = fc.record({ mutation: fc.nat(MUTATIONS.length - 1), at: fc.nat(), a: fc.nat(), b: fc.nat() });
  return fc
    .tuple(arbitraryFilter(schema, type, { maxDepth: 3 }), fc.array(edit, { minLength: 1, maxLength: 3 }))
    .map(([filter, edits]) => {
      const holder: { value: Json } = { value: JSON.parse(filterJson(filter as FilterNode)) as Json };
      for (const { mutation, at, a, b } of edits) {
        const found: { entry: Entry; replace: (next: Json) => void }[] = [];
        entries(holder.value, (next) => (holder.value = next), found);
        const target = found[at % Math.max(found.length, 1)];
        if (target === undefined) continue;
        (MUTATIONS[mutation] as Mutation)(target.entry, target.replace, a, b, names);
      }
      return holder.value;
    });
}

export type { Json };
