import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { f, fixtureLayer, sortOf } from './fixture.js';

const { cmp, fields, and, or, not, any, has } = f;

/**
 * [description, type, filter, expected ids in primary key order]. The filter is made
 * inside its test (a thunk), not while Vitest collects the file (docs/testing.md,
 * "Mutation testing").
 */
const filterCases: [string, string, () => FilterNode, (string | number)[]][] = [
  // strings: equality is exact and case-sensitive
  ['eq string', 'person', () => cmp('name', 'eq', 'Ann'), ['1']],
  ['eq is case-sensitive', 'person', () => cmp('name', 'eq', 'ann'), []],
  ['eq on a nullable string', 'person', () => cmp('nick', 'eq', 'ann'), ['3']],
  ['ne excludes nulls', 'person', () => cmp('nick', 'ne', 'ann'), ['2', '4', '5']],
  ['ne on a non-null field', 'person', () => cmp('name', 'ne', 'Ann'), ['2', '3', '4', '5']],
  ['not eq excludes nulls (unknown stays unknown)', 'person', () => not(cmp('nick', 'eq', 'ann')), ['2', '4', '5']],
  ['not not eq', 'person', () => not(not(cmp('nick', 'eq', 'ann'))), ['3']],
  // code-point order, including astral characters against U+E000–U+FFFF
  ['gt by code point', 'person', () => cmp('name', 'gt', 'Z'), ['2', '4']],
  ['astral sorts after U+FFFF', 'person', () => cmp('name', 'gt', '\uFFFF'), ['4']],
  ['lt U+E000 excludes the astral name', 'person', () => cmp('name', 'lt', '\uE000'), ['1', '2', '3', '5']],
  ['ge U+E000 on nick', 'person', () => cmp('nick', 'ge', '\uE000'), ['4']],
  ['le on strings', 'person', () => cmp('name', 'le', 'Cé'), ['1', '3']],
  ['between strings', 'person', () => cmp('name', 'between', ['B', 'c']), ['2', '3', '5']],
  // numbers
  ['lt number', 'person', () => cmp('age', 'lt', 30), ['3']],
  ['le number', 'person', () => cmp('age', 'le', 30), ['1', '3', '4']],
  ['gt number', 'person', () => cmp('age', 'gt', 30), ['5']],
  ['ge number', 'person', () => cmp('age', 'ge', 30), ['1', '4', '5']],
  ['not lt excludes nulls', 'person', () => not(cmp('age', 'lt', 30)), ['1', '4', '5']],
  ['between numbers is inclusive', 'person', () => cmp('age', 'between', [25, 30]), ['1', '3', '4']],
  ['not between', 'person', () => not(cmp('age', 'between', [25, 30])), ['5']],
  ['eq on a float field', 'person', () => cmp('score', 'eq', 2), ['2']],
  ['lt on negative numbers', 'person', () => cmp('score', 'lt', 0), ['3']],
  ['lt null is unknown', 'person', () => cmp('age', 'lt', null), []],
  ['not lt null is unknown too', 'person', () => not(cmp('age', 'lt', null)), []],
  // lists
  ['in_', 'person', () => cmp('age', 'in_', [30, 40]), ['1', '4', '5']],
  ['notin_ excludes nulls', 'person', () => cmp('age', 'notin_', [30]), ['3', '5']],
  ['in_ [] matches nothing', 'person', () => cmp('age', 'in_', []), []],
  ['notin_ [] matches every record, nulls included', 'person', () => cmp('age', 'notin_', []), ['1', '2', '3', '4', '5']],
  ['not in_ [] matches every record', 'person', () => not(cmp('age', 'in_', [])), ['1', '2', '3', '4', '5']],
  ['not notin_ [] matches nothing', 'person', () => not(cmp('age', 'notin_', [])), []],
  ['in_ on strings', 'person', () => cmp('nick', 'in_', ['ann', 'Bobby']), ['2', '3']],
  ['in_ on booleans', 'person', () => cmp('active', 'in_', [false]), ['2', '5']],
  // booleans and is_/isnot
  ['eq true', 'person', () => cmp('active', 'eq', true), ['1', '4']],
  ['ne true excludes nulls', 'person', () => cmp('active', 'ne', true), ['2', '5']],
  ['is_ true', 'person', () => cmp('active', 'is_', true), ['1', '4']],
  ['isnot true includes nulls', 'person', () => cmp('active', 'isnot', true), ['2', '3', '5']],
  ['is_ false', 'person', () => cmp('active', 'is_', false), ['2', '5']],
  ['isnot false', 'person', () => cmp('active', 'isnot', false), ['1', '3', '4']],
  ['is_ null', 'person', () => cmp('active', 'is_', null), ['3']],
  ['isnot null', 'person', () => cmp('nick', 'isnot', null), ['2', '3', '4', '5']],
  ['not is_ null (is_ is never unknown)', 'person', () => not(cmp('nick', 'is_', null)), ['2', '3', '4', '5']],
  ['not isnot true', 'person', () => not(cmp('active', 'isnot', true)), ['1', '4']],
  // dates
  ['lt date', 'person', () => cmp('born', 'lt', '1990-01-01'), ['3']],
  ['ge date', 'person', () => cmp('born', 'ge', '1990-01-01'), ['1', '4', '5']],
  ['eq leap day', 'person', () => cmp('born', 'eq', '2000-02-29'), ['5']],
  ['between dates', 'person', () => cmp('born', 'between', ['1985-01-01', '1990-01-01']), ['1', '3', '4']],
  // like family
  ['like with escapes matches the literal', 'person', () => cmp('name', 'like', 'SN\\_100\\%'), ['5']],
  ['like with wildcards', 'person', () => cmp('name', 'like', 'SN_100%'), ['5']],
  ['like escaped underscore then wildcard', 'person', () => cmp('name', 'like', 'S_\\_%'), ['5']],
  ['like without wildcards is the whole value', 'person', () => cmp('name', 'like', 'An'), []],
  ['like exact', 'person', () => cmp('name', 'like', 'Ann'), ['1']],
  ['like prefix', 'person', () => cmp('name', 'like', 'A%'), ['1']],
  ['like suffix', 'person', () => cmp('name', 'like', '%b'), ['2']],
  ['like is case-sensitive', 'person', () => cmp('name', 'like', 'a%'), []],
  ['_ is one code point (astral)', 'person', () => cmp('name', 'like', '_'), ['4']],
  ['__ is two code points', 'person', () => cmp('name', 'like', '__'), ['3']],
  ['% alone matches every non-null value', 'person', () => cmp('nick', 'like', '%'), ['2', '3', '4', '5']],
  ['like an escaped backslash', 'person', () => cmp('nick', 'like', 'a\\\\b'), ['5']],
  ['ilike exact, other case', 'person', () => cmp('name', 'ilike', 'ANN'), ['1']],
  ['ilike non-ASCII case folding', 'person', () => cmp('name', 'ilike', 'cÉ'), ['3']],
  ['ilike prefix', 'person', () => cmp('name', 'ilike', 'B%'), ['2']],
  ['ilike on a nullable field', 'person', () => cmp('nick', 'ilike', 'BOB%'), ['2']],
  ['notlike excludes nulls', 'person', () => cmp('nick', 'notlike', 'x%'), ['2', '3', '4', '5']],
  ['notlike %', 'person', () => cmp('nick', 'notlike', '%'), []],
  ['notlike prefix', 'person', () => cmp('name', 'notlike', 'A%'), ['2', '3', '4', '5']],
  ['notilike prefix', 'person', () => cmp('name', 'notilike', 'a%'), ['2', '3', '4', '5']],
  ['not ilike excludes nulls', 'person', () => not(cmp('nick', 'ilike', 'a%')), ['2', '4']],
  // startswith / endswith are literal
  ['startswith literal _', 'person', () => cmp('name', 'startswith', 'SN_'), ['5']],
  ['startswith % is not a wildcard', 'person', () => cmp('name', 'startswith', 'SN%'), []],
  ['endswith %', 'person', () => cmp('name', 'endswith', '%'), ['5']],
  ['endswith is case-sensitive', 'person', () => cmp('bio', 'endswith', 'WALKER'), []],
  ['startswith backslash', 'person', () => cmp('nick', 'startswith', 'a\\'), ['5']],
  ['not startswith excludes nulls', 'person', () => not(cmp('bio', 'startswith', 'D')), ['1', '4', '5']],
  // match: whole words, lower-cased
  ['match one word', 'person', () => cmp('bio', 'match', 'dog'), ['2', '5']],
  ['match every word', 'person', () => cmp('bio', 'match', 'Dog CAT'), ['5']],
  ['match plural is another word', 'person', () => cmp('bio', 'match', 'cats'), ['1']],
  ['not match excludes nulls', 'person', () => not(cmp('bio', 'match', 'dog')), ['1', '4']],
  // ids
  ['id eq', 'person', () => cmp('id', 'eq', '3'), ['3']],
  ['id in_', 'person', () => cmp('id', 'in_', ['1', '5']), ['1', '5']],
  ['string ids compare as strings', 'person', () => cmp('id', 'gt', '3'), ['4', '5']],
  ['integer ids compare as numbers', 'pet', () => cmp('id', 'gt', 9), [10]],
  ['integer id eq', 'pet', () => cmp('id', 'eq', 2), [2]],
  // field-to-field
  ['compare_fields ne excludes nulls', 'person', () => fields('name', 'ne', 'nick'), ['2', '3', '4', '5']],
  ['compare_fields lt by code point', 'person', () => fields('nick', 'lt', 'name'), ['2', '4']],
  ['not compare_fields lt', 'person', () => not(fields('nick', 'lt', 'name')), ['3', '5']],
  ['compare_fields on numbers', 'person', () => fields('score', 'gt', 'age'), []],
  ['compare_fields on numbers le', 'person', () => fields('score', 'le', 'age'), ['1', '3', '4', '5']],
  // and / or / not and three-valued logic
  ['and [] is true', 'person', () => and(), ['1', '2', '3', '4', '5']],
  ['or [] is false', 'person', () => or(), []],
  ['not and [] is false', 'person', () => not(and()), []],
  ['not or [] is true', 'person', () => not(or()), ['1', '2', '3', '4', '5']],
  ['or with unknown', 'person', () => or(cmp('nick', 'eq', 'ann'), cmp('age', 'gt', 100)), ['3']],
  ['not (unknown and false) is true', 'person', () => not(and(cmp('nick', 'eq', 'ann'), cmp('age', 'eq', 25))), ['1', '2', '4', '5']],
  ['not (true and unknown) is unknown', 'person', () => not(and(cmp('nick', 'eq', 'Bobby'), cmp('age', 'eq', 25))), ['1', '3', '4', '5']],
  ['not (unknown or false) is unknown', 'person', () => not(or(cmp('nick', 'eq', 'Bobby'), cmp('age', 'eq', 25))), ['4', '5']],
  ['not or of two falses', 'person', () => not(or(cmp('nick', 'eq', 'x'), cmp('age', 'gt', 100))), ['3', '4', '5']],
  ['single-item and', 'person', () => and(cmp('name', 'eq', 'bob')), ['2']],
  // any / has
  ['any', 'person', () => any('pets', cmp('species', 'eq', 'dog')), ['1']],
  ['any on integer-id targets', 'person', () => any('pets', cmp('name', 'eq', 'Nemo')), ['3']],
  ['not any matches records without related ones', 'person', () => not(any('pets', cmp('species', 'eq', 'dog'))), ['2', '3', '4', '5']],
  ['any with a null inside', 'person', () => any('pets', cmp('species', 'is_', null)), ['3']],
  ['any of and [] is "has any related"', 'person', () => any('pets', and()), ['1', '3']],
  ['not any of a comparison unknown for every pet', 'person', () => not(any('pets', cmp('species', 'eq', 'cat'))), ['2', '3', '4', '5']],
  ['has', 'person', () => has('manager', cmp('name', 'eq', 'Ann')), ['2', '3']],
  ['not has matches records without a related one', 'person', () => not(has('manager', cmp('name', 'eq', 'Ann'))), ['1', '4', '5']],
  ['nested has', 'person', () => has('manager', has('manager', cmp('name', 'eq', 'Ann'))), ['4']],
  ['has from the inverse side', 'pet', () => has('owner', cmp('age', 'gt', 26)), [1, 2]],
  ['not has from the inverse side', 'pet', () => not(has('owner', cmp('age', 'gt', 26))), [9, 10]],
  ['any inside has', 'pet', () => has('owner', any('pets', cmp('species', 'eq', 'cat'))), [1, 2]],
];

describe.each(['generate', 'closures'] as const)('memory layer filter evaluation (%s)', (evaluation) => {
  const { ids, layer } = fixtureLayer({ evaluation });

  it('uses the requested evaluation', () => {
    expect(layer().evaluation).toBe(evaluation);
  });

  it.each(filterCases)('%s', async (_description, type, filter, expected) => {
    expect(await ids(type, filter())).toEqual(expected);
  });
});

/** [sort, type, expected ids]. */
const sortCases: [string, string, (string | number)[]][] = [
  ['name', 'person', ['1', '3', '5', '2', '4']],
  ['-name', 'person', ['4', '2', '5', '3', '1']],
  ['nick', 'person', ['2', '5', '3', '4', '1']],
  ['-nick', 'person', ['1', '4', '3', '5', '2']],
  ['age', 'person', ['3', '1', '4', '5', '2']],
  ['-age', 'person', ['2', '5', '1', '4', '3']],
  ['-born,name', 'person', ['2', '5', '1', '4', '3']],
  ['-born,-name', 'person', ['2', '5', '4', '1', '3']],
  ['active', 'person', ['2', '5', '1', '4', '3']],
  ['score', 'person', ['3', '4', '1', '2', '5']],
  ['manager.name', 'person', ['2', '3', '4', '1', '5']],
  ['-manager.name', 'person', ['1', '5', '4', '2', '3']],
  ['manager.manager.name', 'person', ['4', '1', '2', '3', '5']],
  ['-id', 'person', ['5', '4', '3', '2', '1']],
  ['id', 'pet', [1, 2, 9, 10]],
  ['-id', 'pet', [10, 9, 2, 1]],
  ['-owner.name', 'pet', [9, 10, 1, 2]],
  ['species', 'pet', [2, 1, 9, 10]],
  ['owner.age,-name', 'pet', [10, 2, 1, 9]],
];

describe.each(['generate', 'closures'] as const)('memory layer sorting (%s)', (evaluation) => {
  const { ids, read } = fixtureLayer({ evaluation });

  it.each(sortCases)('sort=%s on %s', async (sort, type, expected) => {
    expect(await ids(type, null, sortOf(sort))).toEqual(expected);
  });

  it.each(sortCases)('sort=%s on %s, paged by two, gives the same order', async (sort, type, expected) => {
    const pages: unknown[] = [];
    for (let offset = 0; offset < expected.length; offset += 2) {
      const result = await read(type, null, sortOf(sort), offset, 2);
      expect(result.total).toBe(expected.length);
      pages.push(...result.rows.map((row) => row.id));
    }
    expect(pages).toEqual(expected);
  });

  it('pages at and past the end', async () => {
    expect(await read('person', null, sortOf('name'), 4, 2)).toMatchObject({ total: 5, rows: [{ id: '4' }] });
    expect(await read('person', null, sortOf('name'), 10, 2)).toEqual({ total: 5, rows: [] });
    expect(await read('person', null, sortOf('id'), 10, 2)).toEqual({ total: 5, rows: [] });
    expect(await read('person', null, sortOf('name'), 0, 0)).toEqual({ total: 5, rows: [] });
  });

  it('counts the total after filtering while paging', async () => {
    const result = await read('person', cmp('age', 'ge', 30), sortOf('-age'), 1, 1);
    expect(result.total).toBe(3);
    expect(result.rows.map((row) => row.id)).toEqual(['1']);
  });

  it('appends the primary key when a sort lacks it', async () => {
    expect(await ids('person', null, [{ path: [], field: 'born', direction: 'asc' }])).toEqual(['3', '1', '4', '5', '2']);
  });

  it('paginates in stored order when sorted by id with a filter', async () => {
    const result = await read('person', cmp('age', 'isnot', null), sortOf('-id'), 1, 2);
    expect(result).toMatchObject({ total: 4, rows: [{ id: '4' }, { id: '3' }] });
  });
});
