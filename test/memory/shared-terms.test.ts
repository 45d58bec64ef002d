/**
 * Terms on one field answered together (docs/memory-layer.md): an `or` of `eq`/`in_`
 * is one set lookup, an `or` of `like`/`ilike` one multi-pattern match, `match`
 * terms share one split of the field into words. The results are those of the
 * terms one by one, three-valued logic included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { loadStore } from '../../src/layers/memory/load-store.js';
import { compileLikeAny } from '../../src/layers/memory/like-any.js';
import { compileLikeMatcher } from '../../src/layers/memory/like-matcher.js';
import { lowerFilter } from '../../src/layers/memory/query-plan.js';
import { tokenizePattern } from '../../src/ast/like-pattern.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { data, f, fixtureLayer, idAsc, schema } from './fixture.js';

const { cmp, and, or, not } = f;
/** The plan of a filter on the fixture, the store loaded inside the test (docs/testing.md, "Mutation testing"). */
const planOf = (filter: FilterNode) => lowerFilter(loadStore(resolveSchema(schema), data), 'person', filter).plan;

describe('terms on one field share one evaluation', () => {
  it('lowers an or of eq and in_ on one field to one dictionary set lookup, and an and of ne to its negation', () => {
    expect(planOf(or(cmp('nick', 'eq', 'ann'), cmp('nick', 'in_', ['Bobby', 'x']), cmp('age', 'eq', 3), cmp('nick', 'eq', 'q')))).toEqual({
      kind: 'or',
      items: [
        { kind: 'member', field: 'nick', column: 0, members: 1, negate: false },
        { kind: 'test', field: 'age', nullable: true, test: { kind: 'eq', constant: 2, codePoint: false }, negate: false },
      ],
    });
    expect(planOf(and(cmp('nick', 'ne', 'ann'), cmp('nick', 'notin_', ['x'])))).toMatchObject({ kind: 'member', negate: true });
    expect(planOf(not(or(cmp('nick', 'eq', 'ann'), cmp('nick', 'eq', 'x'))))).toMatchObject({ kind: 'member', negate: true });
    // An and of eq (or an or of ne) is not a set: each term stays.
    expect(planOf(and(cmp('nick', 'eq', 'ann'), cmp('nick', 'eq', 'x')))).toMatchObject({ kind: 'and' });
  });

  it('lowers an or of ilike on one field to one lowered test, and match terms to one split', () => {
    expect(planOf(or(cmp('name', 'ilike', '%a%'), cmp('name', 'ilike', 'b%'), cmp('name', 'ilike', '%c')))).toMatchObject({ kind: 'lowered', negate: false });
    expect(planOf(and(cmp('name', 'notilike', '%a%'), cmp('name', 'notilike', 'b%')))).toMatchObject({ kind: 'lowered', negate: true });
    expect(planOf(or(cmp('bio', 'match', 'dog'), cmp('bio', 'match', 'cat walker')))).toMatchObject({ kind: 'test', test: { kind: 'call' } });
    expect(planOf(and(cmp('bio', 'match', 'dog'), cmp('bio', 'match', 'cat')))).toMatchObject({ kind: 'test', test: { kind: 'call' } });
  });

  describe.each(['generate', 'closures'] as const)('results (%s)', (evaluation) => {
    const { ids } = fixtureLayer({ evaluation });
    it.each([
      ['or of eq, nulls unknown', () => or(cmp('nick', 'eq', 'ann'), cmp('nick', 'eq', 'Bobby')), ['2', '3']],
      ['not of an or of eq: nulls stay unknown', () => not(or(cmp('nick', 'eq', 'ann'), cmp('nick', 'eq', 'Bobby'))), ['4', '5']],
      ['and of ne', () => and(cmp('nick', 'ne', 'ann'), cmp('nick', 'ne', 'Bobby')), ['4', '5']],
      ['or of eq and in_', () => or(cmp('age', 'eq', 25), cmp('age', 'in_', [40, 99])), ['3', '5']],
      ['or of ilike', () => or(cmp('bio', 'ilike', '%DOGS%'), cmp('bio', 'ilike', 'cat%'), cmp('bio', 'ilike', '%walker')), ['1', '2', '4', '5']],
      ['not of an or of ilike', () => not(or(cmp('bio', 'ilike', 'dog%'), cmp('bio', 'ilike', '%cats!'))), ['5']],
      ['and of notilike', () => and(cmp('bio', 'notilike', 'dog%'), cmp('bio', 'notilike', '%cats!')), ['5']],
      ['or of like with _ and %', () => or(cmp('name', 'like', 'SN\\_1%'), cmp('name', 'like', '_ob'), cmp('name', 'like', 'A%')), ['1', '2', '5']],
      ['or of match', () => or(cmp('bio', 'match', 'walker dog'), cmp('bio', 'match', 'hybrid')), ['2', '5']],
      ['and of match', () => and(cmp('bio', 'match', 'dogs'), cmp('bio', 'match', 'cats')), ['1']],
      ['not of an or of match', () => not(or(cmp('bio', 'match', 'dogs'), cmp('bio', 'match', 'walker'))), ['4', '5']],
      ['or of not-match', () => or(not(cmp('bio', 'match', 'dogs')), not(cmp('bio', 'match', 'loves'))), ['2', '4', '5']],
    ])('%s', async (_, filter, expected) => {
      expect(await ids('person', filter())).toEqual(expected);
    });
  });

  it('tests a field with too many distinct values for a dictionary with a set', async () => {
    const many = Array.from({ length: 70_000 }, (_, index) => ({ id: index + 1, name: `pet ${index}`, species: index % 20 === 0 ? null : `s${index}` }));
    const layer = createMemoryLayer(schema, { pet: many });
    const manyStore = loadStore(resolveSchema(schema), { pet: many });
    const filter = or(cmp('species', 'eq', 's1'), cmp('species', 'eq', 's69998'), cmp('species', 'in_', ['s3', 's4']));
    expect(lowerFilter(manyStore, 'pet', filter).plan).toMatchObject({ kind: 'test', test: { kind: 'in' }, negate: false });
    const read = async (node: FilterNode) =>
      (await layer.read({ type: 'pet', filter: node, sort: [idAsc], offset: 0, limit: null }, { signal: new AbortController().signal })).rows.map((row) => row.id);
    expect(await read(filter)).toEqual([2, 4, 5, 69999]);
    expect((await read(not(filter))).length).toBe(70_000 - 3_500 - 4);
  });

  it('gives the terms` results one by one, for random junctions on one field (property)', async () => {
    const field = fc.constantFrom('name', 'nick', 'bio');
    const text = fc.constantFrom('ann', 'Ann', 'dog', 'DOG walker', 'bob', '😀', '\uE000', 'a\\b', 'cats');
    const pattern = fc.array(fc.constantFrom('a', 'N', '%', '_', 'dog', 'o', '😀', 'b'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));
    const leaf = (name: string) =>
      fc.oneof(
        fc.tuple(fc.constantFrom('eq', 'ne'), text).map(([op, value]) => cmp(name, op, value)),
        fc.tuple(fc.constantFrom('in_', 'notin_'), fc.array(text, { maxLength: 3 })).map(([op, value]) => cmp(name, op, value)),
        fc.tuple(fc.constantFrom('like', 'notlike', 'ilike', 'notilike'), pattern).map(([op, value]) => cmp(name, op, value)),
        text.map((value) => cmp(name, 'match', value)),
      );
    const tree = field.chain((name) =>
      fc.letrec<{ node: FilterNode }>((tie) => ({
        node: fc.oneof(
          { maxDepth: 3, depthIdentifier: 'shared' },
          leaf(name),
          fc.array(tie('node'), { minLength: 1, maxLength: 5 }).map((nodes) => or(...nodes)),
          fc.array(tie('node'), { minLength: 1, maxLength: 5 }).map((nodes) => and(...nodes)),
          tie('node').map((node) => not(node)),
        ),
      })).node,
    );
    // not(not(x)) is x in three-valued logic, and hides each term from grouping.
    const alone = (node: FilterNode): FilterNode =>
      node.kind === 'compare' ? not(not(node)) : node.kind === 'not' ? not(alone(node.node)) : node.kind === 'and' || node.kind === 'or' ? { kind: node.kind, nodes: node.nodes.map(alone) } : node;
    const layers = (['generate', 'closures'] as const).map((evaluation) => fixtureLayer({ evaluation }));
    await fc.assert(
      fc.asyncProperty(tree, async (filter) => {
        for (const { ids } of layers) expect(await ids('person', filter)).toEqual(await ids('person', alone(filter)));
      }),
      { numRuns: 300 },
    );
  });

  it('matches any of several patterns exactly as each pattern alone (property)', () => {
    const pattern = fc.array(fc.constantFrom('a', 'b', 'ab', '%', '_', 'ë', '😀', '\\%'), { maxLength: 4 }).map((parts) => parts.join(''));
    const value = fc.array(fc.constantFrom('a', 'b', 'ë', '😀', '%', 'x'), { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 6 }), value, (patterns, text) => {
        const tokens = patterns.map(tokenizePattern);
        expect(compileLikeAny(tokens)(text)).toBe(tokens.some((each) => compileLikeMatcher(each)(text)));
      }),
      { numRuns: 2000 },
    );
  });
});
