/**
 * A reference layer (the memory layer) and a layer under test that start from the
 * same records and are given the same write lists: what each list answers (ids or
 * the refusal) and the whole state after it (every resource and relationship read
 * back through the layers' reads) must be the same. Each layer generates its own
 * ids, so the twin keeps a translation between the ids each gave the same create,
 * and names resources to the layer under test by its own ids.
 */
import type { DataLayer, Id, LayerContext, WriteRequest } from '../../layers/data-layer.js';
import { isOperationError } from '../../operations/operation-error.js';
import type { Operation, RelationshipValue, ResourceRef } from '../../operations/operation-node.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import { resolveSchema, type ResolvedSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';

/** What a list answered: its ids (in the reference layer's ids), or its refusal. */
export type Outcome =
  | { readonly ids: readonly (Id | null)[] }
  | { readonly refused: { readonly reason: string; readonly operation: number; readonly place: object } };

/** Two layers given the same lists. */
export interface LayerTwin {
  /** Applies the list (named in the reference layer's ids) to both layers, with a scope and write permissions if given; resolves with both outcomes. */
  apply(operations: readonly Operation[], scope?: WriteRequest['scope'], permits?: WriteRequest['permits']): Promise<{ reference: Outcome; tested: Outcome }>;
  /** Every resource of both layers, with its relationships, in the reference layer's ids, as one text each. */
  states(): Promise<{ reference: string; tested: string }>;
  /** The id the layer under test gave the resource the reference layer calls `id`. */
  testedId(type: string, id: Id): Id;
}

/** A context of its own per call: a layer's listeners on one signal never pile up. */
const context = (): LayerContext => ({ signal: new AbortController().signal });

/**
 * A twin of two layers holding the same records of `schema`.
 */
export function layerTwin(schema: ResourceSchema, reference: DataLayer, tested: DataLayer): LayerTwin {
  const resolved = resolveSchema(schema);
  const toTested = new Map<string, Id>();
  const toReference = new Map<string, Id>();
  const key = (type: string, id: Id): string => `${type}\u0000${typeof id}\u0000${String(id)}`;
  const testedId = (type: string, id: Id): Id => toTested.get(key(type, id)) ?? id;
  const referenceId = (type: string, id: Id): Id => toReference.get(key(type, id)) ?? id;
  const testedRef = (ref: ResourceRef): ResourceRef => (ref.kind === 'id' ? { ...ref, id: testedId(ref.type, ref.id) } : ref);
  const testedLinkage = (linkage: RelationshipValue): RelationshipValue =>
    Array.isArray(linkage) ? (linkage as readonly ResourceRef[]).map(testedRef) : linkage === null ? null : testedRef(linkage as ResourceRef);
  const testedRelationships = (relationships: Readonly<Record<string, RelationshipValue>>) =>
    Object.fromEntries(Object.entries(relationships).map(([name, linkage]) => [name, testedLinkage(linkage)]));
  const translate = (operation: Operation): Operation => {
    switch (operation.kind) {
      case 'create':
        return {
          ...operation,
          ...(operation.id === undefined ? {} : { id: testedId(operation.type, operation.id) }),
          relationships: testedRelationships(operation.relationships),
        };
      case 'update':
        return { ...operation, ref: testedRef(operation.ref), relationships: testedRelationships(operation.relationships) };
      case 'delete':
        return { ...operation, ref: testedRef(operation.ref) };
      case 'set_relationship':
        return { ...operation, ref: testedRef(operation.ref), linkage: testedLinkage(operation.linkage) };
      case 'add_to_relationship':
      case 'remove_from_relationship':
        return { ...operation, ref: testedRef(operation.ref), members: operation.members.map(testedRef) };
    }
  };
  const typeOf = (operation: Operation): string => (operation.kind === 'create' ? operation.type : operation.ref.type);

  return {
    async apply(operations, scope, permits) {
      const request = (list: readonly Operation[]): WriteRequest => ({
        operations: list,
        ...(scope === undefined ? {} : { scope }),
        ...(permits === undefined ? {} : { permits }),
      });
      const referenceOutcome = await outcomeOf(reference, request(operations));
      const testedOutcome = await outcomeOf(tested, request(operations.map(translate)));
      if ('ids' in referenceOutcome && 'ids' in testedOutcome) {
        operations.forEach((operation, index) => {
          const [given, generated] = [referenceOutcome.ids[index], testedOutcome.ids[index]];
          if (operation.kind !== 'create' || given === null || given === undefined || generated === null || generated === undefined) return;
          toTested.set(key(operation.type, given), generated);
          toReference.set(key(operation.type, generated), given);
        });
      }
      const named: Outcome =
        'ids' in testedOutcome
          ? { ids: testedOutcome.ids.map((id, index) => (id === null ? null : referenceId(typeOf(operations[index] as Operation), id))) }
          : testedOutcome;
      return { reference: referenceOutcome, tested: named };
    },
    async states() {
      return { reference: await stateOf(resolved, reference, (_, id) => id), tested: await stateOf(resolved, tested, referenceId) };
    },
    testedId,
  };
}

async function outcomeOf(layer: DataLayer, request: WriteRequest): Promise<Outcome> {
  if (layer.apply === undefined) throw new Error('the layer has no apply');
  try {
    return await layer.apply(request, context());
  } catch (error) {
    if (!isOperationError(error)) throw error;
    return { refused: { reason: error.reason, operation: error.operation, place: { ...error.place } } };
  }
}

function compareIds(a: Id, b: Id): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/**
 * Every resource of every type of `schema` held by `layer`, with every relationship's
 * ids, as one text: equal texts, equal states.
 */
export function readState(schema: ResourceSchema, layer: DataLayer): Promise<string> {
  return stateOf(resolveSchema(schema), layer, (_, id) => id);
}

/** Every resource of every type with every relationship's ids, in one text, ids named by `name`. */
async function stateOf(schema: ResolvedSchema, layer: DataLayer, name: (type: string, id: Id) => Id): Promise<string> {
  const state: Record<string, unknown> = {};
  for (const [type, resolved] of schema.types) {
    const { rows } = await layer.read({ type, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context());
    const resources = await Promise.all(
      rows.map(async (row) => {
        const links: Record<string, Id[]> = {};
        for (const relationship of resolved.relationships.values()) {
          const linkage = await layer.readLinkage(
            { type, id: row.id, relationship: relationship.name, filter: null, sort: ID_ORDER, offset: 0, limit: null },
            context(),
          );
          links[relationship.name] = (linkage?.ids ?? []).map((id) => name(relationship.target, id)).sort(compareIds);
        }
        return { ...row, id: name(type, row.id), links };
      }),
    );
    state[type] = resources.sort((a, b) => compareIds(a.id, b.id));
  }
  return JSON.stringify(state);
}
