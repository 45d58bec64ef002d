import fc from 'fast-check';
import { defineSchema } from '../../schema/define-schema.js';
import type {
  AttributeDefinition,
  RelationshipDefinition,
  ResourceSchema,
  ResourceTypeDefinition,
} from '../../schema/schema.js';

/** Options of `arbitrarySchema`. */
export interface ArbitrarySchemaOptions {
  /** Fewest resource types (default 2, at least 1). */
  readonly minTypes?: number;
  /** Most resource types (default 4, at most 6). */
  readonly maxTypes?: number;
  /** Most attributes per type (default 6). */
  readonly maxAttributes?: number;
  /** Most relationship pairs in the schema (default 4). */
  readonly maxRelationships?: number;
}

const TYPE_NAMES = ['person', 'computer', 'team', 'tag', 'project', 'note'] as const;
const ATTRIBUTE_NAMES = [
  'name',
  'title',
  'label',
  'code',
  'color',
  'rank',
  'score',
  'price',
  'active',
  'born',
  'due',
  'status',
  'level',
  'display_name',
  'serial-no',
] as const;

/** Every kind of attribute a schema can declare, nullable or not. */
const ATTRIBUTE_DEFINITIONS: readonly AttributeDefinition[] = [
  { type: 'string' },
  { type: ['string', 'null'] },
  { type: 'integer' },
  { type: ['integer', 'null'] },
  { type: 'number' },
  { type: ['number', 'null'] },
  { type: 'boolean' },
  { type: ['boolean', 'null'] },
  { type: 'string', format: 'date' },
  { type: ['string', 'null'], format: 'date' },
  { type: 'string', enum: ['red', 'green', 'Blue', 'é'] },
  { type: ['string', 'null'], enum: ['red', 'green', 'Blue', null] },
];

/** How two types are linked: each side to-one or to-many, with or without an inverse. */
const LINKS = ['one-many', 'many-one', 'one-one', 'many-many', 'one', 'many'] as const;

const flag = fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, fc.boolean());

const attribute = fc.record({
  name: fc.constantFrom(...ATTRIBUTE_NAMES),
  definition: fc.constantFrom(...ATTRIBUTE_DEFINITIONS),
  filterable: flag,
  sortable: flag,
});

/**
 * Random valid resource schemas: 2–4 types with string or integer ids, attributes of
 * every kind (string, integer, number, boolean, date, enum, each also nullable; some
 * not filterable or not sortable), and relationships to-one and to-many between and
 * within types, most with inverses. Every generated schema passes `defineSchema`.
 *
 * @example
 * fc.assert(fc.property(arbitrarySchema(), (schema) => {
 *   expect(resolveSchema(schema).types.size).toBeGreaterThanOrEqual(2);
 * }));
 */
export function arbitrarySchema(options: ArbitrarySchemaOptions = {}): fc.Arbitrary<ResourceSchema> {
  const minTypes = Math.max(1, options.minTypes ?? 2);
  const maxTypes = Math.min(TYPE_NAMES.length, Math.max(minTypes, options.maxTypes ?? 4));
  return fc
    .shuffledSubarray([...TYPE_NAMES], { minLength: minTypes, maxLength: maxTypes })
    .chain((types) =>
      fc.record({
        types: fc.constant(types),
        ids: fc.tuple(...types.map(() => fc.constantFrom('string' as const, 'integer' as const))),
        attributes: fc.tuple(
          ...types.map(() =>
            fc.uniqueArray(attribute, { selector: (a) => a.name, minLength: 1, maxLength: options.maxAttributes ?? 6 }),
          ),
        ),
        links: fc.array(
          fc.record({
            from: fc.nat(types.length - 1),
            to: fc.nat(types.length - 1),
            link: fc.constantFrom(...LINKS),
            filterable: fc.oneof({ arbitrary: fc.constant(true), weight: 6 }, fc.constant(false)),
          }),
          { maxLength: options.maxRelationships ?? 4 },
        ),
      }),
    )
    .map(({ types, ids, attributes, links }) => {
      const relationships = types.map(() => new Map<string, RelationshipDefinition>());
      const nameFor = (owner: number, target: string, many: boolean): string => {
        const base = many ? `${target}s` : target;
        let name = base;
        for (let n = 2; relationships[owner]?.has(name) === true; n++) name = `${base}${n}`;
        return name;
      };
      for (const { from, to, link, filterable } of links) {
        const [fromSide, toSide] = link.split('-') as ['one' | 'many', ('one' | 'many')?];
        const forward = nameFor(from, types[to] as string, fromSide === 'many');
        const extra = filterable ? {} : { filterable: false };
        if (toSide === undefined) {
          relationships[from]?.set(forward, { target: types[to] as string, to: fromSide, ...extra });
          continue;
        }
        // Reserve the forward name before naming the inverse (a type may link to itself).
        relationships[from]?.set(forward, { target: types[to] as string, to: fromSide });
        const backward = nameFor(to, types[from] as string, toSide === 'many');
        relationships[from]?.set(forward, { target: types[to] as string, to: fromSide, inverse: backward, ...extra });
        relationships[to]?.set(backward, { target: types[from] as string, to: toSide, inverse: forward });
      }
      const document: { types: Record<string, ResourceTypeDefinition> } = { types: {} };
      types.forEach((type, index) => {
        document.types[type] = {
          root: `${type}s`,
          id: ids[index] ?? 'string',
          attributes: Object.fromEntries(
            (attributes[index] ?? []).map(({ name, definition, filterable, sortable }) => [
              name,
              {
                ...definition,
                ...(filterable === undefined ? {} : { filterable }),
                ...(sortable === undefined ? {} : { sortable }),
              },
            ]),
          ),
          relationships: Object.fromEntries(relationships[index] ?? []),
        };
      });
      return defineSchema(document);
    });
}
