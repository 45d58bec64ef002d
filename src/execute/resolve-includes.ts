import type { Fieldsets, IncludePath } from '../ast/query-ast.js';
import { QueryError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';
import type { DataLayer, Id, IncludeRequest, IncludeResult, Row } from '../layers/data-layer.js';
import { requireType, type ResolvedSchema, type ResolvedType } from '../schema/resolved-schema.js';
import type { Resource } from './execution.js';
import type { LinkageMap } from './linkage-map.js';
import { Reached, ReachedCount } from './reached.js';
import type { Mutable } from '../mutable.js';

/** Everything include resolution needs besides the primary rows. */
export interface IncludeContext {
  readonly resolved: ResolvedSchema;
  readonly layer: DataLayer;
  readonly limits: QueryLimits;
  readonly signal: AbortSignal;
  readonly fields: Fieldsets;
  readonly includeRequiresFields: boolean;
  readonly linkage: LinkageMap;
}

/**
 * The first step of the include paths, already loaded: on a relationship route the
 * owner's `relationship` leads to exactly the rows of the primary data. `complete`
 * says whether they are the whole relationship (then the owner's linkage is recorded).
 */
export interface IncludeSeed {
  readonly relationship: string;
  readonly rows: readonly Row[];
  readonly complete: boolean;
}

/** One step of the include tree: the rows reached by a path prefix and the steps below it. */
interface IncludeNode {
  readonly type: ResolvedType;
  /** Whether the step into this node follows a to-many relationship. */
  readonly toMany: boolean;
  readonly children: Map<string, IncludeNode>;
  /** Owner id (as a string) → related rows, filled when the step into this node is loaded. */
  related: IncludeResult;
  /** The distinct rows reached at this node, in encounter order. */
  rows: Row[];
}

/**
 * Follows the include paths from the primary rows: one `readIncluded` call per
 * path step for the whole set of owners, shared by paths with a common prefix;
 * records the linkage of every followed relationship; returns the included
 * resources, each type+id once, in first-encounter order (for each primary row, for
 * each path, the resources reached step by step). With `includeRequiresFields`, a
 * step has no effect unless its relationship is in its owner type's fieldset. A
 * `seed` gives the rows of the first step instead of a layer call.
 */
export async function resolveIncludes(
  type: ResolvedType,
  primary: readonly Row[],
  paths: readonly IncludePath[],
  context: IncludeContext,
  seed?: IncludeSeed,
): Promise<Resource[]> {
  const root: IncludeNode = { type, toMany: false, children: new Map(), related: new Map(), rows: distinctRows([primary]) };
  const effective = paths.map((path) => effectivePath(type, path, context));
  for (const path of effective) {
    let node = root;
    for (const step of path) {
      let child = node.children.get(step);
      if (child === undefined) {
        const relationship = node.type.relationships.get(step);
        if (relationship === undefined) throw new Error(`Unknown relationship "${step}" of type "${node.type.name}"`);
        const target = requireType(context.resolved, relationship.target);
        // Stryker disable next-line ArrayDeclaration: the rows are set from the loaded step before any read
        child = { type: target, toMany: relationship.toMany, children: new Map(), related: new Map(), rows: [] };
        node.children.set(step, child);
      }
      node = child;
    }
  }
  const reached = new ReachedCount(context.limits.maxIncluded);
  let level: IncludeNode[] = [root];
  while (level.length > 0) {
    // Children in path order, so layer calls are made in a deterministic order.
    const children: IncludeNode[] = [];
    const loads: Promise<IncludeResult>[] = [];
    for (const node of level) {
      for (const [relationship, child] of node.children) {
        children.push(child);
        loads.push(
          node === root && relationship === seed?.relationship
            ? settled(() => seedStep(root, child, seed, context))
            : loadStep(node, relationship, child, context),
        );
      }
    }
    const loaded = loads.length === 1 ? [await (loads[0] as Promise<IncludeResult>)] : await Promise.all(loads);
    for (let index = 0; index < children.length; index++) {
      const child = children[index] as IncludeNode;
      child.related = loaded[index] as IncludeResult;
      child.rows = distinctRows(child.related.values());
      reached.add(child.type.name, child.rows);
    }
    if (reached.exceeded()) throw tooManyIncluded(context.limits.maxIncluded);
    level = children;
  }
  return orderIncluded(root, primary, effective);
}

/** The prefix of a path whose steps have an effect under the fields + include rule. */
function effectivePath(type: ResolvedType, path: IncludePath, context: IncludeContext): IncludePath {
  if (!context.includeRequiresFields) return path;
  let current: ResolvedType | undefined = type;
  for (let index = 0; index < path.length; index++) {
    const step = path[index] as string;
    const fieldset: readonly string[] | undefined = current === undefined ? undefined : context.fields[current.name];
    if (fieldset !== undefined && !fieldset.includes(step)) return path.slice(0, index);
    const target: string | undefined = current?.relationships.get(step)?.target;
    current = target === undefined ? undefined : context.resolved.types.get(target);
  }
  return path;
}

async function loadStep(owner: IncludeNode, relationship: string, child: IncludeNode, context: IncludeContext): Promise<IncludeResult> {
  const rows = owner.rows;
  if (rows.length === 0) return new Map();
  const ids: Id[] = new Array<Id>(rows.length);
  for (let index = 0; index < rows.length; index++) ids[index] = (rows[index] as Row).id;
  const attributes = attributeHint(child.type, context.fields);
  // `attributes` set apart rather than spread in: spreads cost more in V8.
  const request: Mutable<IncludeRequest> = { type: owner.type.name, relationship, ids };
  if (attributes !== undefined) request.attributes = attributes;
  const result = await context.layer.readIncluded(request, { signal: context.signal });
  const linkage = context.linkage.relationship(owner.type.name, relationship);
  for (const row of rows) {
    const key = String(row.id);
    const related = result.get(key) ?? [];
    linkage.set(key, child.toMany ? related.map((other) => other.id) : (related[0]?.id ?? null));
  }
  return result;
}

/** Runs synchronous work as a promise, a throw becoming its rejection. */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

function seedStep(root: IncludeNode, child: IncludeNode, seed: IncludeSeed, context: IncludeContext): IncludeResult {
  const owner = root.rows[0];
  // Stryker disable next-line ConditionalExpression: a relationship route's root is its one owner; the check narrows the type
  if (owner === undefined) return new Map();
  if (seed.complete) {
    const ids = seed.rows.map((row) => row.id);
    context.linkage.set(root.type.name, owner.id, seed.relationship, child.toMany ? ids : (ids[0] ?? null));
  }
  return new Map([[String(owner.id), seed.rows]]);
}

function orderIncluded(root: IncludeNode, primary: readonly Row[], paths: readonly IncludePath[]): Resource[] {
  const included: Resource[] = [];
  const seen = new Reached();
  for (const row of primary) {
    for (const path of paths) {
      let node = root;
      let frontier: readonly Row[] = [row];
      for (let step = 0; step < path.length; step++) {
        const child = node.children.get(path[step] as string);
        // Stryker disable next-line ConditionalExpression: every step of an effective path is in the tree; the check narrows the type
        if (child === undefined) break;
        // Stryker disable next-line ArrayDeclaration: an item that is no row has no id any owner is keyed by, so it reaches nothing
        const reached: Row[] = [];
        const type = child.type.name;
        for (const owner of frontier) {
          for (const related of child.related.get(String(owner.id)) ?? []) {
            reached.push(related);
            if (seen.add(type, related)) included.push({ type, row: related });
          }
        }
        // The rows of the last step lead nowhere further.
        frontier = step === path.length - 1 ? reached : distinctRows([reached]);
        node = child;
      }
    }
  }
  return included;
}

/**
 * The attributes of a type's fieldset, as a hint to the layer; `undefined` (all)
 * when the type has no fieldset.
 */
export function attributeHint(type: ResolvedType, fields: Fieldsets): readonly string[] | undefined {
  const fieldset: readonly string[] | undefined = fields[type.name];
  if (fieldset === undefined) return undefined;
  // A loop, not `filter`: V8 filters a frozen array (as the parser returns) three times slower.
  const attributes: string[] = [];
  for (let index = 0; index < fieldset.length; index++) {
    const name = fieldset[index] as string;
    if (type.attributes.has(name)) attributes.push(name);
  }
  return attributes;
}

/**
 * The distinct rows (by id) of some lists of rows, in order.
 *
 * @example
 * distinctRows([[{ id: 1 }, { id: 2 }], [{ id: 1 }]]); // [{ id: 1 }, { id: 2 }]
 */
function distinctRows(lists: Iterable<readonly Row[]>): Row[] {
  const seen = new Set<string>();
  const distinct: Row[] = [];
  for (const rows of lists) {
    for (const row of rows) {
      // One hash per row: the set grows only for an id not met before.
      const before = seen.size;
      seen.add(String(row.id));
      if (seen.size > before) distinct.push(row);
    }
  }
  return distinct;
}

function tooManyIncluded(limit: number): QueryError {
  return QueryError.of({
    code: 'too_many_included',
    detail: `The include would add more than ${limit} resources`,
    parameter: 'include',
    limit,
  });
}
