import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNode } from '../../ast/filter-factories.js';
import type { FilterNode } from '../../ast/filter-node.js';
import type { Id, WriteRequest } from '../../layers/data-layer.js';
import { createMemoryLayer } from '../../layers/memory/index.js';
import {
  addToRelationshipOperation,
  createOperation,
  deleteOperation,
  idRef,
  lidRef,
  removeFromRelationshipOperation,
  setRelationshipOperation,
  updateOperation,
} from '../../operations/operation-factories.js';
import type { Operation, RelationshipValue, ResourceRef } from '../../operations/operation-node.js';
import { resolveSchema, type ResolvedRelationship, type ResolvedType } from '../../schema/resolved-schema.js';
import { conformanceData } from './conformance-data.js';
import type { DescribeDataLayerOptions } from './describe-options.js';
import { propertySettings } from './differential-suite.js';
import { layerTwin, type LayerTwin, type Outcome } from './layer-twin.js';
import type { SkipTable } from './skip-table.js';
import { writeConformanceSchema } from './write-schema.js';

const schema = resolveSchema(writeConformanceSchema);
/** `item` printed by its name in a counterexample (its members read through the prototype). */
function printable<T extends { readonly name: string; readonly owner?: string }>(item: T): T {
  const label = item.owner === undefined ? item.name : `${item.owner}.${item.name}`;
  return Object.assign(Object.create(item) as T, { [fc.toStringMethod]: () => label });
}

const TYPES: readonly ResolvedType[] = [...schema.types.values()].map(printable);
const RELATIONSHIPS: readonly ResolvedRelationship[] = TYPES.flatMap((type) => [...type.relationships.values()].map(printable));

/** Candidate attribute values; each attribute draws from those its own validator accepts. */
const CANDIDATES: readonly unknown[] = [null, true, false, 0, -3, 2 ** 40, 0.5, -1e300, '', 'x', 'Ünï 😀', '%_\\', '2020-02-29', 'draft', 'live'];

/** A resource named abstractly: the `pick`-th existing one, an earlier create of the list, or one that does not exist. */
type RefSpec = { readonly kind: 'existing' | 'lid'; readonly pick: number } | { readonly kind: 'missing' };
type LinkageSpec = readonly RefSpec[] | RefSpec | null;
type OperationSpec =
  | { readonly kind: 'create'; readonly type: ResolvedType; readonly attributes: Record<string, unknown>; readonly links: readonly (readonly [ResolvedRelationship, LinkageSpec])[]; readonly clientId: RefSpec | 'fresh' | 'none' }
  | { readonly kind: 'update'; readonly type: ResolvedType; readonly ref: RefSpec; readonly attributes: Record<string, unknown>; readonly links: readonly (readonly [ResolvedRelationship, LinkageSpec])[] }
  | { readonly kind: 'delete'; readonly type: ResolvedType; readonly ref: RefSpec }
  | { readonly kind: 'set'; readonly relationship: ResolvedRelationship; readonly ref: RefSpec; readonly linkage: LinkageSpec }
  | { readonly kind: 'add' | 'remove'; readonly relationship: ResolvedRelationship; readonly ref: RefSpec; readonly members: readonly RefSpec[] };

const refSpec: fc.Arbitrary<RefSpec> = fc.oneof(
  { weight: 14, arbitrary: fc.record({ kind: fc.constant('existing' as const), pick: fc.nat(40) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('lid' as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'missing' as const }) },
);

function attributes(type: ResolvedType, create: boolean): fc.Arbitrary<Record<string, unknown>> {
  const writable = [...type.attributes.values()].filter((attribute) => !attribute.readOnly);
  // Integers within ±2^53, as a request document may carry them (docs/writes.md).
  const accepts = (attribute: ResolvedType['attributes'] extends ReadonlyMap<string, infer A> ? A : never, value: unknown): boolean =>
    attribute.validate(value) && (!attribute.integer || value === null || Number.isSafeInteger(value));
  const values = Object.fromEntries(writable.map((attribute) => [attribute.name, fc.constantFrom(...CANDIDATES.filter((value) => accepts(attribute, value)))]));
  return fc.record(values, { requiredKeys: create ? [...type.requiredOnCreate] : [] }) as fc.Arbitrary<Record<string, unknown>>;
}

function linkageOf(relationship: ResolvedRelationship): fc.Arbitrary<LinkageSpec> {
  return relationship.toMany ? fc.array(refSpec, { maxLength: 3 }) : fc.option(refSpec, { nil: null });
}

function links(type: ResolvedType): fc.Arbitrary<(readonly [ResolvedRelationship, LinkageSpec])[]> {
  const own = [...type.relationships.values()].filter((relationship) => !relationship.readOnly);
  if (own.length === 0) return fc.constant([]);
  return fc.subarray(own, { maxLength: Math.min(2, own.length) }).chain((chosen) => fc.tuple(...chosen.map((relationship) => linkageOf(relationship).map((linkage) => [relationship, linkage] as const))));
}

const WRITABLE_TYPES = TYPES.filter((type) => !type.readOnly);
const operationSpec: fc.Arbitrary<OperationSpec> = fc.oneof(
  fc.constantFrom(...WRITABLE_TYPES).chain((type) =>
    fc.record({
      kind: fc.constant('create' as const),
      type: fc.constant(type),
      attributes: attributes(type, true),
      links: links(type),
      clientId: type.clientIds === 'forbidden' ? fc.constant('none' as const) : fc.oneof(fc.constant('fresh' as const), refSpec, ...(type.clientIds === 'allowed' ? [fc.constant('none' as const)] : [])),
    }),
  ),
  fc.constantFrom(...WRITABLE_TYPES).chain((type) => fc.record({ kind: fc.constant('update' as const), type: fc.constant(type), ref: refSpec, attributes: attributes(type, false), links: links(type) })),
  fc.record({ kind: fc.constant('delete' as const), type: fc.constantFrom(...WRITABLE_TYPES), ref: refSpec }),
  fc.constantFrom(...RELATIONSHIPS).chain((relationship) => fc.record({ kind: fc.constant('set' as const), relationship: fc.constant(relationship), ref: refSpec, linkage: linkageOf(relationship) })),
  fc.constantFrom(...RELATIONSHIPS.filter((relationship) => relationship.toMany)).chain((relationship) =>
    fc.record({ kind: fc.constantFrom('add' as const, 'remove' as const), relationship: fc.constant(relationship), ref: refSpec, members: fc.array(refSpec, { minLength: 1, maxLength: 3 }) }),
  ),
);

const inPrint = (type: string): FilterNode | undefined => (type === 'book' ? compareNode('in_print', 'eq', true) : undefined);

/**
 * What a list may write: everything; only books in print (a scope); or every book, but
 * create, update and delete only books in print, before and after (write permissions).
 */
const ACCESSES: readonly Pick<WriteRequest, 'scope' | 'permits'>[] = [{}, { scope: inPrint }, { permits: inPrint }];

/** A single write (a list of one) or an atomic batch of up to four. */
const listSpec = fc.record({ operations: fc.oneof(fc.array(operationSpec, { minLength: 1, maxLength: 1 }), fc.array(operationSpec, { minLength: 2, maxLength: 4 })), access: fc.nat(ACCESSES.length - 1) });

/** Time allowed per random sequence: each builds a new layer, slow on an embedded engine (PGlite). */
const PER_RUN_MS = 15_000;

const missingId = (type: ResolvedType): Id => (type.idType === 'integer' ? 404_404 : 'missing-404');

/** Turns abstract operations into a list naming the reference layer's resources. */
function resolveList(specs: readonly OperationSpec[], existing: ReadonlyMap<string, readonly Id[]>, fresh: () => number): Operation[] {
  const creates: { readonly type: string; readonly index: number }[] = [];
  const resolve = (type: ResolvedType, spec: RefSpec): ResourceRef => {
    if (spec.kind === 'lid') {
      const candidates = creates.filter((create) => create.type === type.name);
      const create = candidates[spec.pick % Math.max(1, candidates.length)];
      if (create !== undefined) return lidRef(type.name, `l${String(create.index)}`, create.index);
    }
    const ids = existing.get(type.name) ?? [];
    const id = spec.kind === 'missing' || ids.length === 0 ? missingId(type) : ids[(spec.kind === 'existing' ? spec.pick : 0) % ids.length];
    return idRef(type.name, id as Id);
  };
  const target = (relationship: ResolvedRelationship): ResolvedType => schema.types.get(relationship.target) as ResolvedType;
  const distinct = (refs: readonly ResourceRef[]): ResourceRef[] => refs.filter((ref, index) => refs.findIndex((other) => JSON.stringify(other) === JSON.stringify(ref)) === index);
  const linkage = (relationship: ResolvedRelationship, spec: LinkageSpec): RelationshipValue =>
    Array.isArray(spec) ? distinct(spec.map((item) => resolve(target(relationship), item))) : spec === null ? null : resolve(target(relationship), spec as RefSpec);
  const relationships = (specs: readonly (readonly [ResolvedRelationship, LinkageSpec])[]) => Object.fromEntries(specs.map(([relationship, spec]) => [relationship.name, linkage(relationship, spec)]));
  const owner = (relationship: ResolvedRelationship): ResolvedType => schema.types.get(relationship.owner) as ResolvedType;
  return specs.map((spec, index) => {
    switch (spec.kind) {
      case 'create': {
        const fields = { attributes: spec.attributes, relationships: relationships(spec.links) };
        const ref = spec.clientId === 'none' || spec.clientId === 'fresh' ? undefined : resolve(spec.type, spec.clientId);
        const chosen = spec.clientId === 'fresh' ? fresh() : ref === undefined ? undefined : ref.kind === 'id' ? ref.id : missingId(spec.type);
        const id = chosen === undefined ? undefined : spec.type.idType === 'integer' ? Number(chosen) : `c${String(chosen)}`;
        const given = ref?.kind === 'id' ? ref.id : id;
        creates.push({ type: spec.type.name, index });
        return createOperation(spec.type.name, fields, { lid: `l${String(index)}`, ...(given === undefined ? {} : { id: given }) });
      }
      case 'update':
        return updateOperation(resolve(spec.type, spec.ref), { attributes: spec.attributes, relationships: relationships(spec.links) });
      case 'delete':
        return deleteOperation(resolve(spec.type, spec.ref));
      case 'set':
        return setRelationshipOperation(resolve(owner(spec.relationship), spec.ref), spec.relationship.name, linkage(spec.relationship, spec.linkage));
      case 'add':
      case 'remove': {
        const members = distinct(spec.members.map((member) => resolve(target(spec.relationship), member)));
        const ref = resolve(owner(spec.relationship), spec.ref);
        return spec.kind === 'add' ? addToRelationshipOperation(ref, spec.relationship.name, members) : removeFromRelationshipOperation(ref, spec.relationship.name, members);
      }
    }
  });
}

/**
 * Applies one list to both layers of `twin` (`resolve` names its resources from the
 * reference layer's ids, per type, before it), with `scope` and `permits` when given, and checks the same answer, the same
 * state after, and that a refused list changed nothing; resolves with the reference
 * layer's answer.
 */
export async function checkList(
  twin: LayerTwin,
  resolve: (existing: ReadonlyMap<string, readonly Id[]>) => readonly Operation[],
  scope: WriteRequest['scope'],
  permits?: WriteRequest['permits'],
): Promise<Outcome> {
  const before = await twin.states();
  const existing = new Map(Object.entries(JSON.parse(before.reference) as Record<string, { id: Id }[]>).map(([type, rows]) => [type, rows.map((row) => row.id)]));
  const { reference, tested } = await twin.apply(resolve(existing), scope, permits);
  expect(tested).toEqual(reference);
  const after = await twin.states();
  expect(after.tested).toBe(after.reference);
  if ('refused' in reference) expect(after.tested).toBe(before.tested);
  return reference;
}

/**
 * Registers the write property: random sequences of valid and invalid lists (single
 * writes and atomic batches; every operation kind, lids, client ids free and taken,
 * missing resources, with and without a scope or write permissions) give the same answer on the layer
 * and on the memory layer, and the same state read back after each list (generated
 * ids mapped between them); a refused list changes nothing. Layers without `apply`
 * are not concerned.
 */
export function registerWriteProperty(options: DescribeDataLayerOptions, skips: SkipTable): void {
  const reason = skips.reasonFor('writes');
  const settings = propertySettings(options.properties);
  const title = `write lists against the memory layer (seed ${settings.seed}: replay with JSONAPI_QUERY_SEED=${settings.seed})`;
  if (reason !== undefined) {
    it.skip(`${title} (skipped: ${reason})`, () => undefined);
    return;
  }
  describe('write property', () => {
    it(title, async () => {
      let refused = 0;
      let applied = 0;
      let freshIds = 50_000;
      await fc.assert(
        // Each run starts from the dataset on a new layer, so a shrunk counterexample replays alone.
        fc.asyncProperty(fc.array(listSpec, { minLength: 1, maxLength: 3 }), async (lists) => {
          const layer = await options.create(writeConformanceSchema, conformanceData);
          try {
            if (layer.apply === undefined) return;
            const twin = layerTwin(writeConformanceSchema, createMemoryLayer(writeConformanceSchema, conformanceData), layer);
            for (const list of lists) {
              const { scope, permits } = ACCESSES[list.access] ?? {};
              const outcome = await checkList(twin, (existing) => resolveList(list.operations, existing, () => ++freshIds), scope, permits);
              if ('refused' in outcome) refused += 1;
              else applied += 1;
            }
          } finally {
            await options.destroy?.(layer);
          }
        }),
        { seed: settings.seed, numRuns: settings.numRuns },
      );
      // Both kinds of list were drawn (unless the layer takes no writes): the property is not only about refusals.
      if (applied + refused > 0) {
        expect(refused).toBeGreaterThan(0);
        expect(applied).toBeGreaterThan(0);
      }
    }, PER_RUN_MS * (settings.numRuns + 2));
  });
}
