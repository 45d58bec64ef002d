/**
 * What a data layer declares it evaluates, per type: filter node kinds and operators
 * per field kind, sort shapes, paging, includes and counts. The parser and the
 * executor check every query against it before the layer is called, so a query the
 * layer cannot answer is a 400 naming what the client wrote, never a 500; the
 * fallback of `jsonapi-query/memory` evaluates the rest in memory; the conformance
 * kit runs only what a layer declares (docs/data-layer.md).
 */
import type { FilterNode, FilterNodeKind } from '../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../ast/fold-filter.js';
import { OPERATORS_BY_KIND, type ComparisonOperator, type Operator } from '../ast/operators.js';
import type { SortKey } from '../ast/query-ast.js';
import type { FieldKind, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';

/** The filter node kinds besides `compare`, which every layer evaluates. */
export const COMBINING_NODE_KINDS = ['and', 'or', 'not', 'compare_fields', 'any', 'has'] as const;

/** `'or'`, `'any'`, …: a filter node kind a layer may leave out. */
export type CombiningNodeKind = (typeof COMBINING_NODE_KINDS)[number];

/**
 * The filters a layer evaluates on reads of one type (nested `any`/`has` nodes
 * included: the layer evaluates the whole tree).
 *
 * @example
 * // `eq` on every field, ANDs of those, nothing else
 * { nodes: ['and'], operators: { string: ['eq'], number: ['eq'], date: ['eq'], boolean: ['eq'] } }
 */
export interface FilterCapabilities {
  /** The node kinds evaluated besides `compare`. Default: every kind (`any`/`has` only if in `operators`). */
  readonly nodes?: readonly CombiningNodeKind[];
  /**
   * The comparison operators evaluated per field kind. A kind left out takes the
   * layer's `operators` within `OPERATORS_BY_KIND`; the layer's `operators` bound every list.
   */
  readonly operators?: { readonly [K in FieldKind]?: readonly ComparisonOperator[] };
}

/** The sorts a layer reads. */
export interface SortCapabilities {
  /**
   * Most sort keys besides the `id` tie-break that ends every sort: `1` reads
   * `sort=-birth_date` (sent as `-birth_date,id`) but not `sort=-birth_date,name`.
   * Default: no bound.
   */
  readonly maxKeys?: number;
  /** Whether a key may follow to-one relationships (`sort=owner.name`). Default `true`. */
  readonly paths?: boolean;
}

/** The pages a layer reads. */
export interface PagingCapabilities {
  /** Whether a read may start past the first row (`page[number]=2`). Default `true`. */
  readonly offset?: boolean;
  /** Whether it reads keyset windows (cursor pages); `canPageByCursor` narrows it per sort. Default `true`. */
  readonly keyset?: boolean;
}

/**
 * A data layer's declaration of what it evaluates on reads of one type; every
 * member left out means "all of it" (but `rowFilters`, an opt-in to receive more), so a
 * layer that declares nothing is a full one. (Writes, once they exist, will be declared here too.)
 *
 * @example
 * const capabilities: Capabilities = {
 *   filter: { nodes: ['and'], operators: { string: ['eq'], number: ['eq'], date: ['eq'], boolean: ['eq'] } },
 *   sort: { maxKeys: 1, paths: false },
 *   paging: { keyset: false },
 * };
 */
export interface Capabilities {
  readonly filter?: FilterCapabilities;
  readonly sort?: SortCapabilities;
  readonly paging?: PagingCapabilities;
  /** Whether `readIncluded` answers (`include=…`). Default `true`. */
  readonly includes?: boolean;
  /** Whether reads return `total` (`meta.count`); `false` reads every page as `count: 'none'` does. Default `true`. */
  readonly counts?: boolean;
  /**
   * Whether the layer applies a policy's row filters inside its relationship reads of
   * this type's rows: `filter` of an `IncludeRequest` whose related type this is,
   * `ownerFilter` of a related or linkage read owned by this type, and `filter` of a
   * to-one related or linkage read to this type. Default `false`, unlike every other
   * member: a layer that declares nothing never receives them, and the handler checks
   * those rows with a second read instead (docs/policies.md, "What a custom data layer must do").
   */
  readonly rowFilters?: boolean;
}

/** A declaration with every default filled in: what the parser, the executor and the kit read. */
export interface ResolvedCapabilities {
  /** Every node kind evaluated, `compare` included. */
  readonly nodes: ReadonlySet<FilterNodeKind>;
  readonly operators: { readonly [K in FieldKind]: ReadonlySet<ComparisonOperator> };
  /** `Infinity` when unbounded. */
  readonly maxSortKeys: number;
  readonly sortPaths: boolean;
  readonly offset: boolean;
  readonly keyset: boolean;
  readonly includes: boolean;
  readonly counts: boolean;
  readonly rowFilters: boolean;
}

/** What a layer declares: the `operators` and `capabilities` members of `DataLayer`. */
export interface Declaring {
  readonly operators: ReadonlySet<Operator>;
  readonly capabilities?: Capabilities | ((type: string) => Capabilities) | undefined;
}

/**
 * The declaration of a layer for one type, defaults filled in and checked: a
 * `RangeError` names the member that is not a capability (an unknown node kind, an
 * operator its field kind does not take, a `maxKeys` that is not a non-negative
 * integer), so a wrong declaration fails at start-up. A layer without `capabilities`
 * declares its `operators` only. Resolved once per layer and type (a declaration
 * does not change while its layer lives).
 *
 * @example
 * resolveCapabilities(layer, 'person').maxSortKeys; // 1
 */
export function resolveCapabilities(layer: Declaring, type: string): ResolvedCapabilities {
  let byType = resolved.get(layer);
  if (byType === undefined) {
    byType = new Map();
    resolved.set(layer, byType);
  }
  let found = byType.get(type);
  if (found === undefined) {
    found = resolveDeclared(layer, type);
    byType.set(type, found);
  }
  return found;
}

/** Each layer's declarations, resolved once per type: a declaration does not change while the layer lives. */
const resolved = new WeakMap<Declaring, Map<string, ResolvedCapabilities>>();

function resolveDeclared(layer: Declaring, type: string): ResolvedCapabilities {
  const declared = typeof layer.capabilities === 'function' ? layer.capabilities(type) : (layer.capabilities ?? {});
  const where = `capabilities of "${type}"`;
  if (typeof declared !== 'object' || declared === null) throw new RangeError(`${where}: expected an object`);
  const filter = declared.filter ?? {};
  const nodes = new Set<FilterNodeKind>(['compare']);
  for (const kind of filter.nodes ?? COMBINING_NODE_KINDS) {
    if (!(COMBINING_NODE_KINDS as readonly string[]).includes(kind)) {
      throw new RangeError(`${where}: filter.nodes has "${String(kind)}", not one of ${COMBINING_NODE_KINDS.join(', ')}`);
    }
    if ((kind === 'any' || kind === 'has') && !layer.operators.has(kind)) continue;
    nodes.add(kind);
  }
  for (const kind of Object.keys(filter.operators ?? {})) {
    if (!Object.hasOwn(OPERATORS_BY_KIND, kind)) {
      throw new RangeError(`${where}: filter.operators has "${kind}", not a field kind (${Object.keys(OPERATORS_BY_KIND).join(', ')})`);
    }
  }
  const operatorsOf = (kind: FieldKind): ReadonlySet<ComparisonOperator> => {
    const allowed: readonly ComparisonOperator[] = OPERATORS_BY_KIND[kind];
    const listed = filter.operators?.[kind];
    for (const op of listed ?? []) {
      if (!allowed.includes(op)) throw new RangeError(`${where}: filter.operators.${kind} has "${String(op)}", which ${kind} fields do not take`);
    }
    return new Set((listed ?? allowed).filter((op) => layer.operators.has(op)));
  };
  const operators = {
    string: operatorsOf('string'),
    number: operatorsOf('number'),
    date: operatorsOf('date'),
    boolean: operatorsOf('boolean'),
  };
  const maxKeys = declared.sort?.maxKeys ?? Infinity;
  if (maxKeys !== Infinity && !(Number.isSafeInteger(maxKeys) && maxKeys >= 0)) {
    throw new RangeError(`${where}: sort.maxKeys must be a non-negative integer`);
  }
  return {
    nodes,
    operators,
    maxSortKeys: maxKeys,
    sortPaths: flag(declared.sort?.paths, `${where}: sort.paths`),
    offset: flag(declared.paging?.offset, `${where}: paging.offset`),
    keyset: flag(declared.paging?.keyset, `${where}: paging.keyset`),
    includes: flag(declared.includes, `${where}: includes`),
    counts: flag(declared.counts, `${where}: counts`),
    rowFilters: flag(declared.rowFilters, `${where}: rowFilters`, false),
  };
}

/**
 * The keys of a sort besides the `id` key that ends it (`-birth_date,id` → one key):
 * what `sort.maxKeys` bounds.
 */
export function sortKeysWritten(sort: readonly SortKey[]): readonly SortKey[] {
  const count = sortKeyCountWritten(sort);
  if (count === sort.length) return sort;
  // Copied in a loop: V8 slices a frozen array (as the parser returns) ten times slower.
  const keys = new Array<SortKey>(count);
  for (let index = 0; index < count; index++) keys[index] = sort[index] as SortKey;
  return keys;
}

/** How many keys `sortKeysWritten` gives, without copying them. */
export function sortKeyCountWritten(sort: readonly SortKey[]): number {
  const last = sort[sort.length - 1];
  return last !== undefined && last.path.length === 0 && last.field === 'id' ? sort.length - 1 : sort.length;
}

/**
 * Whether a layer reads this sort: at most `maxSortKeys` keys besides `id`, dotted
 * ones only with `sortPaths`.
 */
export function readsSort(capabilities: ResolvedCapabilities, sort: readonly SortKey[]): boolean {
  const keys = sortKeysWritten(sort);
  return keys.length <= capabilities.maxSortKeys && (capabilities.sortPaths || keys.every((key) => key.path.length === 0));
}

/**
 * Whether a layer evaluates a filter of `type` on reads of that type: every node kind
 * in `nodes`, every comparison's operator among those of its field's kind (nested
 * `any`/`has` nodes on their target type's fields).
 */
export function evaluatesFilter(capabilities: ResolvedCapabilities, schema: ResolvedSchema, type: string, node: FilterNode): boolean {
  return unevaluatedFilter(capabilities, schema, type, node) === undefined;
}

/**
 * The first part of a filter a layer does not evaluate, described as its
 * declaration names it (`node "or"`, `operator "ilike" on string fields`), or
 * `undefined` when it evaluates the whole filter.
 */
export function unevaluatedFilter(
  capabilities: ResolvedCapabilities,
  schema: ResolvedSchema,
  type: string,
  node: FilterNode,
): string | undefined {
  const part = unevaluatedPart(capabilities, schema, type, node);
  if (part === undefined) return undefined;
  return part.kind === 'node' ? `node "${part.node}"` : `operator "${part.op}" on ${part.fieldKind} fields`;
}

/** A part of a filter a layer does not evaluate: a node kind, or an operator on a field. */
export type UnevaluatedPart =
  | { readonly kind: 'node'; readonly node: FilterNodeKind }
  | { readonly kind: 'operator'; readonly op: ComparisonOperator; readonly fieldKind: FieldKind; readonly field: string };

/** The first part of a filter a layer does not evaluate (see `unevaluatedFilter`), as data. */
export function unevaluatedPart(
  capabilities: ResolvedCapabilities,
  schema: ResolvedSchema,
  type: string,
  node: FilterNode,
): UnevaluatedPart | undefined {
  const current = schema.types.get(type);
  if (current === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  return foldFilter(node, folderOf(capabilities, schema), current);
}

/** The folder of each declaration and schema, made once: it holds no state of a fold. */
const folders = new WeakMap<ResolvedCapabilities, WeakMap<ResolvedSchema, FilterFolder<Unevaluated, ResolvedType>>>();

function folderOf(capabilities: ResolvedCapabilities, schema: ResolvedSchema): FilterFolder<Unevaluated, ResolvedType> {
  let bySchema = folders.get(capabilities);
  if (bySchema === undefined) {
    bySchema = new WeakMap();
    folders.set(capabilities, bySchema);
  }
  let folder = bySchema.get(schema);
  if (folder === undefined) {
    folder = unevaluatedFolder(capabilities, schema);
    bySchema.set(schema, folder);
  }
  return folder;
}

type Unevaluated = UnevaluatedPart | undefined;

function unevaluatedFolder(capabilities: ResolvedCapabilities, schema: ResolvedSchema): FilterFolder<Unevaluated, ResolvedType> {
  const { nodes, operators } = capabilities;
  const kindOf = (type: ResolvedType, field: string): FieldKind => (type.attributes.get(field) ?? type.id).kind;
  const operator = (type: ResolvedType, field: string, op: ComparisonOperator): Unevaluated => {
    const fieldKind = kindOf(type, field);
    return operators[fieldKind].has(op) ? undefined : { kind: 'operator', op, fieldKind, field };
  };
  const node = (kind: FilterNodeKind): Unevaluated => (nodes.has(kind) ? undefined : { kind: 'node', node: kind });
  const first = (...found: (() => Unevaluated)[]): Unevaluated => {
    for (const next of found) {
      const reason = next();
      if (reason !== undefined) return reason;
    }
    return undefined;
  };
  const related = (kind: 'any' | 'has', type: ResolvedType, relationship: string, child: FilterNode, fold: (node: FilterNode, type: ResolvedType) => Unevaluated) => {
    const target = schema.types.get(type.relationships.get(relationship)?.target ?? '');
    if (target === undefined) throw new Error(`"${kind}" does not apply to "${relationship}" of type "${type.name}"`);
    return first(() => node(kind), () => fold(child, target));
  };
  return {
    compare: (compare, type) => operator(type, compare.field, compare.op),
    compare_fields: (compare, type) => first(() => node('compare_fields'), () => operator(type, compare.field, compare.op)),
    and: (junction, type, fold) => first(() => node('and'), ...junction.nodes.map((child) => () => fold(child, type))),
    or: (junction, type, fold) => first(() => node('or'), ...junction.nodes.map((child) => () => fold(child, type))),
    not: (negation, type, fold) => first(() => node('not'), () => fold(negation.node, type)),
    any: (found, type, fold) => related('any', type, found.relationship, found.node, fold),
    has: (found, type, fold) => related('has', type, found.relationship, found.node, fold),
  };
}

function flag(value: boolean | undefined, where: string, fallback = true): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new RangeError(`${where} must be true or false`);
  return value;
}
