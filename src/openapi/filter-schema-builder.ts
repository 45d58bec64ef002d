/**
 * Builds the JSON Schema of one type's filter grammar into a table of named
 * definitions, so that `filterJsonSchema` can put them under `$defs` and
 * `toOpenApi` under `components/schemas`. Only what the data layer evaluates on reads
 * of the filtered type is offered (its resolved capabilities: node kinds, operators
 * per field kind, `any`/`has` for relationship filters and `rel__field` shortcuts).
 * Docs: docs/openapi.md.
 *
 * Unrolled, the entry of type T at depth d (`T.filter.entry.d`) offers `and`/`or`/`not`
 * and relationship filters only while the parser's depth limit allows one more level,
 * so `maxFilterDepth` is part of the schema. Recursive, there is one entry per type
 * (`T.filter.entry`) and the depth is left to the parser: tools that inline every
 * `$ref` expand unrolled levels exponentially, so the OpenAPI document uses this form.
 */
import { FIELD_OPERATORS, OPERATORS_BY_KIND, type ComparisonOperator } from '../ast/operators.js';
import type { ResolvedCapabilities } from '../layers/capabilities.js';
import type { QueryLimits } from '../limits.js';
import { FILTER_DEPTH_CEILING } from '../parse/filter/depth-scan.js';
import type { ResolvedAttribute, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import { anyOf, oneValueOf, type JsonSchema } from './json-schema.js';
import { filterChains, type RelationshipChain } from './member-paths.js';
import { patternSchema, scalarSchema, textSchema, wordsSchema } from './value-schemas.js';

/** Where named definitions go and how a reference to one is written. */
export interface DefinitionSink {
  readonly defs: Map<string, JsonSchema>;
  /** The `$ref` of a definition name: `#/$defs/<name>` or `#/components/schemas/<name>`. */
  readonly ref: (name: string) => string;
}

/** Past this depth limit the entries are not unrolled, whatever is asked (docs/openapi.md). */
const MAX_UNROLLED_DEPTH = 32;

const SCALAR: readonly ComparisonOperator[] = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];
const LIST: readonly ComparisonOperator[] = ['in_', 'notin_'];
const IS: readonly ComparisonOperator[] = ['is_', 'isnot'];
const PATTERN: readonly ComparisonOperator[] = ['like', 'ilike', 'notlike', 'notilike'];
const AFFIX: readonly ComparisonOperator[] = ['startswith', 'endswith'];

/**
 * Adds the definitions of `type`'s filter grammar to `sink` and returns the schema
 * of the `filter` value: an array of entries, or one entry. `variant` tells apart
 * definitions built under different limits (`''` for the first); `unroll` asks for
 * the depth limit to be expressed (up to `MAX_UNROLLED_DEPTH`).
 */
export function addFilterSchema(
  schema: ResolvedSchema,
  type: ResolvedType,
  limits: QueryLimits,
  capabilities: ResolvedCapabilities,
  sink: DefinitionSink,
  variant: string,
  unroll: boolean,
): JsonSchema {
  const builder = new FilterSchemaBuilder(schema, limits, capabilities, sink, variant, unroll);
  const top = builder.ref(builder.entryDefinition(type, 0));
  builder.finish();
  // Several top-level entries are ANDed: without `and`, one entry at most.
  const maxEntries = capabilities.nodes.has('and') ? Math.max(0, limits.maxFilterNodes) : 1;
  return {
    anyOf: [{ type: 'array', maxItems: maxEntries, items: top }, top],
  };
}

/** The definitions of one filter grammar, named under one prefix and built once each. */
class FilterSchemaBuilder {
  readonly #schema: ResolvedSchema;
  readonly #limits: QueryLimits;
  readonly #capabilities: ResolvedCapabilities;
  readonly #sink: DefinitionSink;
  readonly #variant: string;
  readonly #maxDepth: number;
  readonly #unrolled: boolean;
  readonly #chains = new Map<string, RelationshipChain[]>();
  /** Entry definitions reserved by name, built once every definition they refer to is named. */
  readonly #pending: (() => void)[] = [];

  constructor(
    schema: ResolvedSchema,
    limits: QueryLimits,
    capabilities: ResolvedCapabilities,
    sink: DefinitionSink,
    variant: string,
    unroll: boolean,
  ) {
    this.#schema = schema;
    this.#limits = limits;
    this.#capabilities = capabilities;
    this.#sink = sink;
    this.#variant = variant;
    this.#maxDepth = Math.min(limits.maxFilterDepth, FILTER_DEPTH_CEILING);
    this.#unrolled = unroll && this.#maxDepth <= MAX_UNROLLED_DEPTH;
  }

  ref(name: string): JsonSchema {
    return { $ref: this.#sink.ref(name) };
  }

  /** Builds every reserved entry definition. */
  finish(): void {
    while (this.#pending.length > 0) (this.#pending.shift() as () => void)();
  }

  /** The definition of a filter entry on `from` at `depth` (one for all depths unless unrolled). */
  entryDefinition(from: ResolvedType, depth: number): string {
    const name = this.#unrolled ? `${this.#prefix(from.name)}.entry.${depth}` : `${this.#prefix(from.name)}.entry`;
    if (this.#sink.defs.has(name)) return name;
    this.#sink.defs.set(name, false); // reserved: built below, once every definition it refers to is named
    this.#pending.push(() => this.#sink.defs.set(name, this.#entrySchema(from, depth)));
    return name;
  }

  /** May a node `extra` levels below depth `depth` exist? */
  #fits(depth: number, extra: number): boolean {
    return !this.#unrolled || depth + extra <= this.#maxDepth;
  }

  #prefix(name: string): string {
    return `${name}.filter${this.#variant}`;
  }

  #chainsOf(from: ResolvedType): RelationshipChain[] {
    let found = this.#chains.get(from.name);
    if (found === undefined) {
      found = filterChains(this.#schema, from, Math.max(1, this.#limits.maxPathHops), this.#capabilities.nodes);
      this.#chains.set(from.name, found);
    }
    return found;
  }

  #fieldDefinition(owner: ResolvedType, attribute: ResolvedAttribute): string {
    const name = `${this.#prefix(owner.name)}.field.${attribute.name}`;
    if (!this.#sink.defs.has(name)) this.#sink.defs.set(name, fieldSchema(owner, attribute, this.#limits, this.#capabilities));
    return name;
  }

  /** Comparisons on the fields `hops` relationships away (0: the type's own fields), by name. */
  #pathsDefinition(from: ResolvedType, hops: number): string | undefined {
    const name = `${this.#prefix(from.name)}.paths.${hops}`;
    if (this.#sink.defs.has(name)) return name;
    const groups = new Map<string, { names: string[]; owner: ResolvedType; attribute: ResolvedAttribute }>();
    const ends =
      hops === 0
        ? [{ prefix: '', target: from }]
        : this.#chainsOf(from)
            .filter((chain) => chain.names.length === hops)
            .map((chain) => ({ prefix: `${chain.names.join('__')}__`, target: chain.target }));
    for (const end of ends) {
      for (const attribute of filterableFields(end.target)) {
        const key = `${end.target.name}.${attribute.name}`;
        let group = groups.get(key);
        if (group === undefined) {
          group = { names: [], owner: end.target, attribute };
          groups.set(key, group);
        }
        group.names.push(end.prefix + attribute.name);
      }
    }
    if (groups.size === 0) return undefined;
    this.#sink.defs.set(
      name,
      anyOf(
        [...groups.values()].map(({ names, owner, attribute }) => ({
          type: 'object',
          properties: { name: oneValueOf(names) },
          required: ['name'],
          propertyNames: { enum: ['name', 'op', 'val', 'field'] },
          allOf: [{ $ref: this.#sink.ref(this.#fieldDefinition(owner, attribute)) }],
        })),
      ),
    );
    return name;
  }

  /** One entry: a comparison `hops` away, `and`/`or`/`not` one level deeper, or `any`/`has` into a related type. */
  #entrySchema(from: ResolvedType, depth: number): JsonSchema {
    const branches: JsonSchema[] = [];
    for (let hops = 0; hops <= this.#limits.maxPathHops && this.#fits(depth, hops); hops++) {
      const paths = this.#pathsDefinition(from, hops);
      if (paths !== undefined) branches.push(this.ref(paths));
    }
    const { nodes } = this.#capabilities;
    if (this.#fits(depth, 1) && (nodes.has('and') || nodes.has('or') || nodes.has('not'))) {
      const inner = this.ref(this.entryDefinition(from, depth + 1));
      const children = { type: 'array', maxItems: Math.max(0, this.#limits.maxFilterNodes - 1), items: inner };
      for (const key of ['and', 'or'] as const) {
        if (!nodes.has(key)) continue;
        branches.push({ type: 'object', properties: { [key]: children }, required: [key], additionalProperties: false });
      }
      if (nodes.has('not')) branches.push({ type: 'object', properties: { not: inner }, required: ['not'], additionalProperties: false });
    }
    branches.push(...this.#relationshipBranches(from, depth));
    return anyOf(branches);
  }

  /** `{name: 'computers', op: 'any', val: …}` branches, one per target type, operator and chain length. */
  #relationshipBranches(from: ResolvedType, depth: number): JsonSchema[] {
    const groups = new Map<string, { names: string[]; op: 'any' | 'has'; target: ResolvedType; length: number }>();
    for (const chain of this.#chainsOf(from)) {
      const length = chain.names.length;
      if ((length > 1 && length > this.#limits.maxPathHops) || !this.#fits(depth, length)) continue;
      const op = chain.last.toMany ? 'any' : 'has';
      const key = `${chain.target.name}.${op}.${length}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = { names: [], op, target: chain.target, length };
        groups.set(key, group);
      }
      group.names.push(chain.names.join('__'));
    }
    return [...groups.values()].map(({ names, op, target, length }) => ({
      type: 'object',
      properties: {
        name: oneValueOf(names),
        op: { const: op },
        val: this.ref(this.entryDefinition(target, depth + length)),
      },
      required: ['name', 'op', 'val'],
      additionalProperties: false,
    }));
  }
}

/** `id` and every filterable attribute. */
function filterableFields(type: ResolvedType): ResolvedAttribute[] {
  return [type.id, ...type.attributes.values()].filter((attribute) => attribute.filterable);
}

/** `{op, val}` or `{op, field}` of one field: each operator of its kind with its value's schema. */
function fieldSchema(
  owner: ResolvedType,
  attribute: ResolvedAttribute,
  limits: QueryLimits,
  capabilities: ResolvedCapabilities,
): JsonSchema {
  const evaluated = capabilities.operators[attribute.kind];
  const allowed = (OPERATORS_BY_KIND[attribute.kind] as readonly ComparisonOperator[]).filter((op) => evaluated.has(op));
  const pick = (group: readonly ComparisonOperator[]) => group.filter((op) => allowed.includes(op));
  const scalar = scalarSchema(attribute, limits);
  const branches: JsonSchema[] = [];
  const withValue = (ops: readonly ComparisonOperator[], val: JsonSchema | undefined) => {
    if (ops.length === 0 || val === undefined) return;
    branches.push({ type: 'object', properties: { op: oneValueOf(ops), val, field: false }, required: ['op', 'val'] });
  };
  withValue(pick(SCALAR), { anyOf: [scalar, { type: 'null' }] });
  withValue(pick(['between']), { type: 'array', minItems: 2, maxItems: 2, items: scalar });
  withValue(pick(LIST), { type: 'array', maxItems: limits.maxListItems, items: scalar });
  withValue(pick(IS), attribute.kind === 'boolean' ? { enum: [null, true, false] } : { type: 'null' });
  withValue(pick(PATTERN), patternSchema(limits));
  withValue(pick(AFFIX), textSchema(limits));
  withValue(pick(['match']), wordsSchema(limits));
  const fieldOps = FIELD_OPERATORS.filter((op) => allowed.includes(op));
  if (fieldOps.length > 0 && capabilities.nodes.has('compare_fields')) {
    const comparable = filterableFields(owner).filter((other) => other.kind === attribute.kind);
    branches.push({
      type: 'object',
      properties: { op: oneValueOf(fieldOps), field: oneValueOf(comparable.map((other) => other.name)), val: false },
      required: ['op', 'field'],
    });
  }
  return anyOf(branches);
}
