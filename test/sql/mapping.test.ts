/**
 * The mapping from schema to tables: defaults derived from the schema, explicit
 * mappings followed by the inverse side, and errors naming the type and field.
 */
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { lowerCasePattern, tokenizePattern } from '../../src/ast/like-pattern.js';
import { toGlobPattern, toLikePattern } from '../../src/layers/sql/like-syntax.js';
import { planTables, resolveSqlMapping } from '../../src/layers/sql/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import { SchemaError } from '../../src/schema/schema-error.js';

const library = defineSchema({
  types: {
    article: {
      root: 'articles',
      id: 'integer',
      attributes: { title: { type: 'string' } },
      relationships: {
        tags: { target: 'tag', to: 'many', inverse: 'articles' },
        related: { target: 'article', to: 'many' },
      },
    },
    tag: {
      root: 'tags',
      attributes: { label: { type: 'string' } },
      relationships: { articles: { target: 'article', to: 'many', inverse: 'tags' } },
    },
  },
});

function relationships(schema: Parameters<typeof resolveSchema>[0], mapping = {}): Record<string, unknown> {
  const resolved = resolveSqlMapping(resolveSchema(schema), mapping);
  return Object.fromEntries(
    [...resolved.types.values()].flatMap((type) =>
      [...type.relationships.values()].map((relationship) => [
        `${type.type.name}.${relationship.relationship.name}`,
        Object.fromEntries(Object.entries(relationship).filter(([key]) => key !== 'relationship')),
      ]),
    ),
  );
}

describe('default mapping', () => {
  it('puts a to-one foreign key on the owner and gives its to-many inverse the same column', () => {
    expect(relationships(exampleSchema)).toEqual({
      'person.computers': { kind: 'target-column', column: 'owner_id' },
      'computer.owner': { kind: 'owner-column', column: 'owner_id' },
    });
  });

  it('shares one join table between two to-many inverses and gives a lone to-many its own', () => {
    expect(relationships(library)).toEqual({
      'article.tags': {
        kind: 'join-table',
        table: { schema: undefined, name: 'article_tags' },
        ownerColumn: 'source_id',
        targetColumn: 'target_id',
      },
      'article.related': {
        kind: 'join-table',
        table: { schema: undefined, name: 'article_related' },
        ownerColumn: 'source_id',
        targetColumn: 'target_id',
      },
      'tag.articles': {
        kind: 'join-table',
        table: { schema: undefined, name: 'article_tags' },
        ownerColumn: 'target_id',
        targetColumn: 'source_id',
      },
    });
  });

  it('plans the tables, foreign-key columns and indexes createTables creates', () => {
    const plans = planTables(resolveSqlMapping(resolveSchema(library)));
    expect(
      plans.map((plan) => ({ table: plan.table.name, columns: [...plan.columns.keys()], key: plan.primaryKey, indexes: plan.indexes })),
    ).toEqual([
      { table: 'article', columns: ['id', 'title'], key: ['id'], indexes: [] },
      { table: 'tag', columns: ['id', 'label'], key: ['id'], indexes: [] },
      { table: 'article_tags', columns: ['source_id', 'target_id'], key: ['source_id', 'target_id'], indexes: ['target_id'] },
      { table: 'article_related', columns: ['source_id', 'target_id'], key: ['source_id', 'target_id'], indexes: ['target_id'] },
    ]);
  });
});

describe('explicit mapping', () => {
  it('is followed by the inverse side', () => {
    expect(
      relationships(exampleSchema, { types: { person: { relationships: { computers: { foreignKey: 'person_id' } } } } }),
    ).toEqual({
      'person.computers': { kind: 'target-column', column: 'person_id' },
      'computer.owner': { kind: 'owner-column', column: 'person_id' },
    });
    expect(
      relationships(library, {
        types: { tag: { relationships: { articles: { joinTable: { table: 'tagging', ownerColumn: 'tag', targetColumn: 'article' } } } } },
      })['article.tags'],
    ).toEqual({ kind: 'join-table', table: { schema: undefined, name: 'tagging' }, ownerColumn: 'article', targetColumn: 'tag' });
  });

  it.each([
    [{ types: { laptop: {} } }, 'type "laptop": is mapped but not in the schema'],
    [{ types: { person: { columns: { age: 'age' } } } }, 'type "person", field "age": has a column mapping but is not an attribute'],
    [{ types: { person: { relationships: { friends: { foreignKey: 'x' } } } } }, 'type "person", field "friends": has a mapping but is not a relationship'],
    [{ types: { person: { columns: { name: 'display_name' } } } }, 'type "person", field "name": uses column "display_name", already used by "display_name"'],
    [{ types: { computer: { table: '' } } }, 'type "computer": has an invalid table name "" (1 to 63 characters, no NUL)'],
    [{ types: { computer: { relationships: { owner: { foreignKey: 'x'.repeat(64) } } } } }, 'type "computer", field "owner": has an invalid foreign key name'],
  ])('rejects %j', (mapping, message) => {
    expect(() => resolveSqlMapping(resolveSchema(exampleSchema), mapping)).toThrow(SchemaError);
    expect(() => resolveSqlMapping(resolveSchema(exampleSchema), mapping)).toThrow(message);
  });
});

describe('like patterns', () => {
  it.each([
    ['J%', 'J%', 'J*'],
    ['50\\%_', '50!%_', '50%?'],
    ['a!b', 'a!!b', 'a!b'],
    ['*?[x]', '*?[x]', '[*][?][[]x]'],
    ['trailing\\', 'trailing\\', 'trailing\\'],
    ['\\\\%', '\\%', '\\*'],
  ])('%s → LIKE %s, GLOB %s', (pattern, like, glob) => {
    expect(toLikePattern(tokenizePattern(pattern))).toBe(like);
    expect(toGlobPattern(tokenizePattern(pattern))).toBe(glob);
  });

  it('lower-cases literal text only, as JavaScript does', () => {
    expect(toLikePattern(lowerCasePattern(tokenizePattern('İS\\_%')))).toBe('i̇s!_%');
  });
});
