import fc from 'fast-check';
import type { FilterNode, FilterNodeKind } from '../../ast/filter-node.js';
import type { ResolvedCapabilities } from '../../layers/capabilities.js';
import {
  FIELD_OPERATORS,
  OPERATORS_BY_KIND,
  type ComparisonOperator,
  type Operator,
} from '../../ast/operators.js';
import { resolveLimits, type LimitOptions, type QueryLimits } from '../../limits.js';
import type { Scalar } from '../../schema/infer.js';
import { resolveSchema, type FieldKind, type ResolvedAttribute, type ResolvedType } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { filterJson } from '../../stringify/filter-json.js';
import { METACHARACTERS, STRESS_STRINGS, STRESS_WORDS } from './stress-values.js';
import { valuePool, type ValueSources } from './value-pools.js';
import { compareNode } from '../../ast/filter-factories.js';

/** Options of `arbitraryFilter`. */
export interface ArbitraryFilterOptions extends ValueSources {
  /** The limits the filter must respect (default: those of docs/query-syntax.md). */
  readonly limits?: LimitOptions;
  /** Most nested and/or/not/any/has levels (default 4, at most `maxFilterDepth`). */
  readonly maxDepth?: number;
  /** Most relationship hops in one path (default 2, at most `maxPathHops`). */
  readonly maxHops?: number;
  /** How strongly trees lean towards their maximum depth (fast-check's `depthSize`, default `'small'`). */
  readonly depthSize?: fc.DepthSize;
  /** Most children of one `and`/`or` (default 3). */
  readonly maxChildren?: number;
  /** Most items of an `in_`/`notin_` list (default 5, at most `maxListItems`). */
  readonly maxListItems?: number;
  /** Only these operators (a data layer's declared set); default every operator. */
  readonly operators?: Iterable<Operator>;
  /**
   * Only what a data layer declares it answers on reads of the type
   * (`resolveCapabilities(layer, type)`): node kinds and operators per field kind;
   * for `arbitraryQueryAst` also sort keys and dotted paths, pages past the first,
   * cursor pages and includes.
   */
  readonly capabilities?: ResolvedCapabilities;
}

type Present = Exclude<Scalar, null>;

interface Settings {
  readonly limits: QueryLimits;
  /** Node kinds generated besides comparisons. */
  readonly nodes: ReadonlySet<FilterNodeKind>;
  /** The operators of one field kind. */
  readonly operatorsOf: (kind: FieldKind) => readonly ComparisonOperator[];
  readonly maxListItems: number;
  readonly maxChildren: number;
  readonly operators: ReadonlySet<Operator>;
  readonly sources: ValueSources;
}

/**
 * Random valid filter trees for a type, in the canonical form the parser produces
 * (`eq null` never appears: it is `is_ null`), within the limits: operators per field
 * kind (`OPERATORS_BY_KIND`) and the data layer's set, values of the attribute's JSON
 * type passing its JSON Schema, only filterable fields and relationships, at most
 * `maxHops` relationships per path, `maxDepth` levels, `maxFilterNodes` nodes, list,
 * wildcard and word limits, and the `filter` text length. Values come from small
 * pools (and from `values`/`data` when given) so that filters match records.
 *
 * @example
 * fc.assert(fc.property(arbitraryFilter(exampleSchema, 'person'), (filter) => {
 *   const ast = parseQuery(`filter=${encodeURIComponent(filterJson(filter))}`, { schema: exampleSchema, type: 'person' });
 *   expect(ast.filter).toEqual(filter);
 * }));
 */
export function arbitraryFilter(
  schema: ResourceSchema,
  type: string,
  options: ArbitraryFilterOptions = {},
): fc.Arbitrary<FilterNode> {
  const resolved = resolveSchema(schema);
  if (!resolved.types.has(type)) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  const limits = resolveLimits(options.limits, type);
  const maxDepth = Math.min(options.maxDepth ?? 4, limits.maxFilterDepth);
  const maxHops = Math.min(options.maxHops ?? 2, limits.maxPathHops);
  const operators = new Set(options.operators ?? [...Object.values(OPERATORS_BY_KIND).flat(), 'any', 'has']);
  const { capabilities } = options;
  const settings: Settings = {
    limits,
    nodes: capabilities?.nodes ?? new Set(['compare', 'compare_fields', 'and', 'or', 'not', 'any', 'has']),
    operatorsOf: (kind) =>
      (OPERATORS_BY_KIND[kind] as readonly ComparisonOperator[]).filter(
        (op) => operators.has(op) && (capabilities === undefined || capabilities.operators[kind].has(op)),
      ),
    maxListItems: Math.min(options.maxListItems ?? 5, limits.maxListItems),
    maxChildren: options.maxChildren ?? 3,
    operators,
    sources: options,
  };
  const depthIdentifier = fc.createDepthIdentifier();
  const key = (typeName: string, hops: number) => `${typeName}\u0000${hops}`;
  // A type none of whose fields takes an operator of the set is never filtered on (nor reached through a relationship).
  const leaves = new Map([...resolved.types.values()].map((node) => [node.name, leafArbitrary(node, settings)]));
  if (leaves.get(type) === undefined) {
    throw new Error(`No operator of the given set applies to a filterable field of "${type}"`);
  }
  const trees = fc.letrec<Record<string, FilterNode>>((tie) => {
    const builders: Record<string, fc.Arbitrary<FilterNode>> = {};
    for (const node of resolved.types.values()) {
      const leaf = leaves.get(node.name);
      if (leaf === undefined) continue;
      for (let hops = 0; hops <= maxHops; hops++) {
        const self = tie(key(node.name, hops));
        const children = fc.array(self, { maxLength: settings.maxChildren, depthIdentifier });
        const branches: fc.WeightedArbitrary<FilterNode>[] = [{ arbitrary: leaf, weight: 4 }];
        if (settings.nodes.has('and')) branches.push({ arbitrary: children.map((nodes) => ({ kind: 'and', nodes }) as FilterNode), weight: 1 });
        if (settings.nodes.has('or')) branches.push({ arbitrary: children.map((nodes) => ({ kind: 'or', nodes }) as FilterNode), weight: 1 });
        if (settings.nodes.has('not')) branches.push({ arbitrary: self.map((inner) => ({ kind: 'not', node: inner }) as FilterNode), weight: 1 });
        if (hops > 0) {
          for (const relationship of node.relationships.values()) {
            const op = relationship.toMany ? 'any' : 'has';
            if (!relationship.filterable || !settings.operators.has(op) || !settings.nodes.has(op)) continue;
            if (leaves.get(relationship.target) === undefined) continue;
            const inner = tie(key(relationship.target, hops - 1));
            branches.push({
              arbitrary: inner.map((nested) => ({ kind: op, relationship: relationship.name, node: nested }) as FilterNode),
              weight: 1,
            });
          }
        }
        builders[key(node.name, hops)] = new UnwrappingArbitrary(
          fc.oneof({ depthIdentifier, depthSize: options.depthSize ?? 'small', maxDepth, withCrossShrink: true }, ...branches),
        );
      }
    }
    return builders;
  });
  const tree = trees[key(type, maxHops)] as fc.Arbitrary<FilterNode>;
  return tree.filter(
    (node) => countNodes(node) <= limits.maxFilterNodes && filterJson(node).length <= limits.maxFilterLength,
  );
}

/**
 * Shrinks an `and`/`or` to each of its children once nothing smaller is found
 * inside it, so a counterexample loses its wrappers (`and([x])` becomes `x`).
 */
class UnwrappingArbitrary extends fc.Arbitrary<FilterNode> {
  constructor(private readonly inner: fc.Arbitrary<FilterNode>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<FilterNode> {
    return this.inner.generate(random, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is FilterNode {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: FilterNode, context: unknown): fc.Stream<fc.Value<FilterNode>> {
    const own = this.inner.shrink(value, context);
    if (value.kind !== 'and' && value.kind !== 'or') return own;
    // A child loses the context it was generated with: it is tried last, when its own shrinks are done.
    return own.join(fc.Stream.of(...value.nodes.map((child) => new fc.Value(child as FilterNode, undefined))));
  }
}

/**
 * The nodes of a filter tree, as the parser counts them against `maxFilterNodes`.
 *
 * @example
 * countNodes({ kind: 'not', node: { kind: 'compare', field: 'name', op: 'eq', value: 'A' } }); // 2
 */
export function countNodes(node: FilterNode): number {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.nodes.reduce((sum, child) => sum + countNodes(child as FilterNode), 1);
    case 'not':
    case 'any':
    case 'has':
      return 1 + countNodes(node.node as FilterNode);
    default:
      return 1;
  }
}

/** A comparison with a value, or of two fields, on one filterable field of the type; `undefined` when no operator of the set applies. */
function leafArbitrary(type: ResolvedType, settings: Settings): fc.Arbitrary<FilterNode> | undefined {
  const fields = [type.id, ...type.attributes.values()].filter((attribute) => attribute.filterable);
  const comparisons: fc.Arbitrary<FilterNode>[] = [];
  const fieldComparisons: fc.Arbitrary<FilterNode>[] = [];
  for (const field of fields) {
    const operators = settings.operatorsOf(field.kind);
    const values = valuePool(type, field, settings.sources, settings.limits.maxStringLength);
    const held = heldStrings(type, field, settings);
    const usable = operators.filter((op) => values.length > 0 || op === 'is_' || op === 'isnot');
    if (usable.length > 0) {
      comparisons.push(
        fc
          .constantFrom(...usable)
          .chain((op) =>
            valueFor(field, op, values, held, settings).map((value) => compareNode(field.name, op, value)),
          ),
      );
    }
    const others = fields.filter((other) => other.kind === field.kind);
    const fieldOperators = settings.nodes.has('compare_fields')
      ? FIELD_OPERATORS.filter((op) => settings.operatorsOf(field.kind).includes(op))
      : [];
    if (fieldOperators.length > 0) {
      fieldComparisons.push(
        fc
          .record({ op: fc.constantFrom(...fieldOperators), other: fc.constantFrom(...others) })
          .map(({ op, other }) => ({ kind: 'compare_fields', field: field.name, op, other: other.name }) as FilterNode),
      );
    }
  }
  const branches: fc.WeightedArbitrary<FilterNode>[] = [];
  if (comparisons.length > 0) branches.push({ arbitrary: fc.oneof(...comparisons), weight: 5 });
  if (fieldComparisons.length > 0) branches.push({ arbitrary: fc.oneof(...fieldComparisons), weight: 1 });
  return branches.length === 0 ? undefined : fc.oneof(...branches);
}

/** The non-empty strings the records hold in a field (`data` of the sources), within the length limit. */
function heldStrings(type: ResolvedType, field: ResolvedAttribute, settings: Settings): readonly string[] {
  const held = new Set<string>();
  for (const row of settings.sources.data?.[type.name] ?? []) {
    const value = row[field.name];
    if (typeof value === 'string' && value.length > 0 && value.length <= settings.limits.maxStringLength) held.add(value);
  }
  return [...held];
}

/** A value for one operator on one field, drawn from the field's pool (`held`: the strings the records hold). */
function valueFor(
  field: ResolvedAttribute,
  op: ComparisonOperator,
  pool: readonly Present[],
  held: readonly string[],
  settings: Settings,
): fc.Arbitrary<Scalar | readonly Scalar[]> {
  const present = () => fc.constantFrom(...pool);
  const strings = [...pool.filter((value): value is string => typeof value === 'string'), ...STRESS_STRINGS].filter(
    (value) => value.length > 0,
  );
  switch (op) {
    case 'eq':
    case 'ne':
      return present();
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      // A null side is always unknown: rare, but every layer must agree on it.
      return fc.oneof({ arbitrary: present(), weight: 9 }, { arbitrary: fc.constant(null), weight: 1 });
    case 'between':
      return fc.tuple(present(), present());
    case 'in_':
    case 'notin_':
      return fc.array(present(), { maxLength: settings.maxListItems });
    case 'is_':
    case 'isnot':
      return field.kind === 'boolean' ? fc.constantFrom(null, true, false) : fc.constant(null);
    case 'like':
    case 'ilike':
    case 'notlike':
    case 'notilike':
      return patternArbitrary(strings, held.length > 0 ? held : strings, settings.limits.maxWildcards).filter(
        (pattern) => pattern.length <= settings.limits.maxStringLength,
      );
    case 'startswith':
      return fc.oneof({ arbitrary: fragmentArbitrary(strings, 'start'), weight: 3 }, fc.constantFrom(...METACHARACTERS));
    case 'endswith':
      return fc.oneof({ arbitrary: fragmentArbitrary(strings, 'end'), weight: 3 }, fc.constantFrom(...METACHARACTERS));
    case 'match':
      return matchArbitrary(strings, settings.limits.maxMatchWords);
  }
}

/** A non-empty run of code points of a pool string: a prefix, a suffix, or any slice. */
function fragmentArbitrary(strings: readonly string[], where: 'start' | 'end' | 'any'): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...strings), fc.nat(), fc.nat()).map(([text, a, b]) => {
    const points = Array.from(text);
    const length = 1 + (a % points.length);
    const start = where === 'start' ? 0 : where === 'end' ? points.length - length : b % (points.length - length + 1);
    return points.slice(start, start + length).join('');
  });
}

/**
 * `like` patterns, half of them a string the records hold with one or two of its
 * code points turned into `_` (and perhaps its tail into `%`), in its own case, upper
 * or lower case: a pattern that matches that record only when `_` is a wildcard and
 * case folding is right. The others: literal slices of pool strings and single
 * metacharacters (with `%`, `_`, `\` escaped), and wildcards.
 */
function patternArbitrary(strings: readonly string[], held: readonly string[], maxWildcards: number): fc.Arbitrary<string> {
  const escape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const masked = (): fc.Arbitrary<string> => fc
    .record({
      text: fc.constantFrom(...held),
      marks: fc.array(fc.nat(), { minLength: 1, maxLength: Math.min(2, maxWildcards) }),
      tail: fc.boolean(),
      casing: fc.constantFrom('same', 'upper', 'lower'),
    })
    .map(({ text, marks, tail, casing }) => {
      const cased = casing === 'upper' ? text.toUpperCase() : casing === 'lower' ? text.toLowerCase() : text;
      const points = Array.from(cased);
      const at = new Set(marks.map((mark) => mark % points.length));
      const first = Math.min(...at);
      const cut = tail && at.size < maxWildcards && first + 1 < points.length ? first + 1 : points.length;
      return points.slice(0, cut).map((point, index) => (at.has(index) ? '_' : escape(point))).join('') + (cut < points.length ? '%' : '');
    });
  const literal = fragmentArbitrary(strings, 'any').map(escape);
  const metacharacter = fc.constantFrom(...METACHARACTERS).map(escape);
  const wildcard = fc.constantFrom('%', '_');
  const pieces = fc
    .array(fc.oneof({ arbitrary: literal, weight: 2 }, { arbitrary: metacharacter, weight: 1 }, { arbitrary: wildcard, weight: 1 }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => {
      let wildcards = 0;
      return parts
        .filter((part) => !(part === '%' || part === '_') || ++wildcards <= maxWildcards)
        .join('');
    })
    .filter((pattern) => pattern.length > 0);
  return held.length === 0 || maxWildcards === 0 ? pieces : fc.oneof(masked(), pieces);
}

/** `match` values: one to three words, from the pool strings and a fixed word list. */
function matchArbitrary(strings: readonly string[], maxWords: number): fc.Arbitrary<string> {
  const words = [...new Set([...STRESS_WORDS, ...strings.flatMap((text) => text.match(/[\p{L}\p{N}]+/gu) ?? [])])];
  return fc
    .array(fc.constantFrom(...words), { minLength: 1, maxLength: Math.min(3, maxWords) })
    .chain((chosen) => fc.constantFrom(' ', ', ', '-').map((separator) => chosen.join(separator)));
}
