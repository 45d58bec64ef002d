/**
 * Random write requests for the write request property: valid, near-valid (missing
 * resources, taken client ids, stale `If-Match`) and invalid ones (a fault planted in
 * an otherwise valid body), on every write route and as Atomic Operations batches
 * with lids. A request is drawn abstractly (`RequestSpec`: resources named by
 * position, not by id) and made concrete by `writeRequest` against the ids a layer
 * holds, so the same spec names the same resources on two layers that generate
 * different ids, and a shrunk counterexample stays readable.
 */
import fc from 'fast-check';
import type { HandlerRequest } from '../../http/handler.js';
import { resolveSchema, type ResolvedAttribute, type ResolvedType } from '../../schema/resolved-schema.js';
import { writeRequestSchema } from './write-request-schema.js';

const schema = resolveSchema(writeRequestSchema);
const TYPES: readonly ResolvedType[] = [...schema.types.values()];
const JSON_API = 'application/vnd.api+json';
const ATOMIC = `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`;

/** A resource named abstractly: the `pick`-th existing one, an earlier create of the batch (by lid), or one that does not exist. */
export type RefSpec = { readonly kind: 'existing' | 'lid'; readonly pick: number } | { readonly kind: 'missing' };
/** A relationship's new value: refs for a to-many relationship, one ref or `null` for a to-one. */
export type LinkageSpec = readonly RefSpec[] | RefSpec | null;

/** What is planted in an otherwise valid operation (`none`: nothing). */
export const FAULTS = [
  'none',
  'wrong-type',
  'unknown-type',
  'id-mismatch',
  'unknown-attribute',
  'unknown-member',
  'unknown-relationship',
  'read-only',
  'bad-value',
  'numeric-id',
  'missing-data',
  'wrong-linkage-type',
  'bad-op',
] as const;
export type Fault = (typeof FAULTS)[number];

/** One write, on its own route or as one operation of a batch. */
export type OperationSpec =
  | {
      readonly kind: 'create';
      readonly type: string;
      readonly attributes: Readonly<Record<string, unknown>>;
      readonly links: readonly (readonly [string, LinkageSpec])[];
      readonly clientId: RefSpec | 'fresh' | 'none';
      readonly fault: Fault;
    }
  | {
      readonly kind: 'update';
      readonly type: string;
      readonly ref: RefSpec;
      readonly attributes: Readonly<Record<string, unknown>>;
      readonly links: readonly (readonly [string, LinkageSpec])[];
      readonly fault: Fault;
    }
  | { readonly kind: 'delete'; readonly type: string; readonly ref: RefSpec; readonly fault: Fault }
  | {
      readonly kind: 'relationship';
      readonly method: 'POST' | 'PATCH' | 'DELETE';
      readonly type: string;
      readonly relationship: string;
      readonly ref: RefSpec;
      readonly linkage: LinkageSpec;
      readonly fault: Fault;
    };

/**
 * One request: a write on its own route (with `If-Match` naming a version of its
 * target, or `*`, and `include` on a create or update), or an Atomic Operations batch.
 */
export type RequestSpec =
  | { readonly kind: 'single'; readonly operation: OperationSpec; readonly ifMatch: number | '*' | null; readonly include: boolean }
  | { readonly kind: 'atomic'; readonly operations: readonly OperationSpec[] };

/** Candidate attribute values; each attribute draws from those its own validator accepts. */
const CANDIDATES: readonly unknown[] = [null, true, false, 0, -3, 2 ** 40, 0.5, '', 'x', 'Ünï 😀', '%_\\', '2020-02-29', 'draft', 'live'];

const refSpec: fc.Arbitrary<RefSpec> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('existing' as const), pick: fc.nat(40) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('lid' as const), pick: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'missing' as const }) },
);

const fault: fc.Arbitrary<Fault> = fc.oneof({ weight: 20, arbitrary: fc.constant('none' as const) }, { weight: 8, arbitrary: fc.constantFrom(...FAULTS) });

function accepts(attribute: ResolvedAttribute, value: unknown): boolean {
  return attribute.validate(value) && (!attribute.integer || value === null || Number.isSafeInteger(value));
}

function attributes(type: ResolvedType, create: boolean): fc.Arbitrary<Record<string, unknown>> {
  const writable = [...type.attributes.values()].filter((attribute) => !attribute.readOnly);
  const values = Object.fromEntries(writable.map((attribute) => [attribute.name, fc.constantFrom(...CANDIDATES.filter((value) => accepts(attribute, value)))]));
  // A create leaves out a required attribute now and then (a 400).
  const required = create ? fc.oneof({ weight: 9, arbitrary: fc.constant([...type.requiredOnCreate]) }, { weight: 1, arbitrary: fc.constant([]) }) : fc.constant([]);
  return required.chain((requiredKeys) => fc.record(values, { requiredKeys: [...requiredKeys] }) as fc.Arbitrary<Record<string, unknown>>);
}

function linkage(type: ResolvedType, name: string): fc.Arbitrary<LinkageSpec> {
  const relationship = type.relationships.get(name);
  return relationship?.toMany === true ? fc.array(refSpec, { maxLength: 3 }) : fc.option(refSpec, { nil: null });
}

function links(type: ResolvedType): fc.Arbitrary<(readonly [string, LinkageSpec])[]> {
  const names = [...type.relationships.keys()];
  if (names.length === 0) return fc.constant([]);
  return fc.subarray(names, { maxLength: Math.min(2, names.length) }).chain((chosen) => fc.tuple(...chosen.map((name) => linkage(type, name).map((value) => [name, value] as const))));
}

const operationSpec: fc.Arbitrary<OperationSpec> = fc.constantFrom(...TYPES).chain((type) => {
  const create = fc.record({
    kind: fc.constant('create' as const),
    type: fc.constant(type.name),
    attributes: attributes(type, true),
    links: links(type),
    clientId: type.clientIds === 'forbidden' ? fc.constant('none' as const) : fc.oneof(fc.constant('fresh' as const), fc.constant('none' as const), refSpec),
    fault,
  });
  const update = fc.record({ kind: fc.constant('update' as const), type: fc.constant(type.name), ref: refSpec, attributes: attributes(type, false), links: links(type), fault });
  const remove = fc.record({ kind: fc.constant('delete' as const), type: fc.constant(type.name), ref: refSpec, fault });
  const names = [...type.relationships.keys()];
  const relationship =
    names.length === 0
      ? []
      : [
          fc.constantFrom(...names).chain((name) =>
            fc.record({
              kind: fc.constant('relationship' as const),
              method: fc.constantFrom('POST' as const, 'PATCH' as const, 'DELETE' as const),
              type: fc.constant(type.name),
              relationship: fc.constant(name),
              ref: refSpec,
              linkage: linkage(type, name),
              fault,
            }),
          ),
        ];
  return fc.oneof(create, update, remove, ...relationship);
});

/** A random write request: two in three on a route of their own, the others batches of one to four operations. */
export const requestSpec: fc.Arbitrary<RequestSpec> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('single' as const),
      operation: operationSpec,
      ifMatch: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant('*' as const) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }) }),
      include: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('atomic' as const), operations: fc.array(operationSpec, { minLength: 1, maxLength: 4 }) }) },
);

/** How a request names resources on one layer. */
export interface Naming {
  /** The ids of each type the layer holds before the request, in the reference layer's ids. */
  readonly existing: ReadonlyMap<string, readonly string[]>;
  /** The layer's own id for a resource the reference layer calls `id`. */
  own(type: string, id: string): string;
  /** The ids a create may give itself, per type (default `existing`): a taken one is a 409. */
  readonly clientIds?: ReadonlyMap<string, readonly string[]>;
}

/** The id of a resource that exists on no layer. */
const missingId = (type: string): string => (schema.types.get(type)?.idType === 'integer' ? '404404' : 'missing-404');
/** Another type of the schema than `type`. */
const otherType = (type: string): string => (type === 'book' ? 'author' : 'book');

/** `segments` joined into a path, each percent-encoded. */
const pathOf = (...segments: readonly string[]): string => `/${segments.map(encodeURIComponent).join('/')}`;

/**
 * The concrete request `spec` describes, naming resources as `naming` says (a batch's
 * creates carry lids `l0`, `l1`, … by position).
 *
 * @example
 * const request = writeRequest(spec, { existing, own: (type, id) => id });
 * const response = await handler(request);
 */
export function writeRequest(spec: RequestSpec, naming: Naming): HandlerRequest {
  const atomic = spec.kind === 'atomic';
  const operations = atomic ? spec.operations : [spec.operation];
  const creates: { readonly type: string; readonly index: number }[] = [];
  /** A resource identifier (`{ type, id }` or, in a batch, `{ type, lid }`) of `type`. */
  const identifier = (type: string, ref: RefSpec): { type: string; id: string } | { type: string; lid: string } => {
    if (ref.kind === 'lid' && atomic) {
      const earlier = creates.filter((create) => create.type === type);
      const create = earlier[ref.pick % Math.max(1, earlier.length)];
      if (create !== undefined) return { type, lid: `l${String(create.index)}` };
    }
    const ids = naming.existing.get(type) ?? [];
    const id = ref.kind === 'missing' || ids.length === 0 ? missingId(type) : (ids[(ref.kind === 'existing' ? ref.pick : 0) % ids.length] as string);
    return { type, id: naming.own(type, id) };
  };
  /** A client id of a create: one `naming.clientIds` holds (by `pick`), or one no layer holds. */
  const clientIdOf = (type: string, ref: RefSpec): string => {
    const ids = (naming.clientIds ?? naming.existing).get(type) ?? [];
    const id = ref.kind === 'missing' || ids.length === 0 ? missingId(type) : (ids[ref.pick % ids.length] as string);
    return naming.own(type, id);
  };
  const targetOf = (type: string, relationship: string): string => schema.types.get(type)?.relationships.get(relationship)?.target ?? type;
  const linkageOf = (type: string, relationship: string, value: LinkageSpec): unknown => {
    const target = targetOf(type, relationship);
    return Array.isArray(value) ? (value as readonly RefSpec[]).map((ref) => identifier(target, ref)) : value === null ? null : identifier(target, value as RefSpec);
  };
  const relationshipsOf = (type: string, specs: readonly (readonly [string, LinkageSpec])[]) =>
    Object.fromEntries(specs.map(([name, value]) => [name, { data: linkageOf(type, name, value) }]));

  const bodies = operations.map((operation, index) => {
    const built = operationBody(operation, index, atomic, { identifier, clientIdOf, linkageOf, relationshipsOf });
    if (operation.kind === 'create') creates.push({ type: operation.type, index });
    return plantFault(built, operation, atomic);
  });
  if (atomic) {
    return { method: 'POST', path: '/operations', query: '', headers: { accept: ATOMIC, 'content-type': ATOMIC }, body: JSON.stringify({ 'atomic:operations': bodies.map((body) => body.operation) }) };
  }
  const [{ path, method, document } = { path: '/', method: 'GET', document: undefined }] = bodies;
  const operation = operations[0] as OperationSpec;
  const root = schema.types.get(operation.type)?.root ?? operation.type;
  const [firstRelationship] = schema.types.get(operation.type)?.relationships.keys() ?? [];
  const include = spec.include && firstRelationship !== undefined && (operation.kind === 'create' || operation.kind === 'update');
  const headers: Record<string, string> = { accept: JSON_API, ...(document === undefined ? {} : { 'content-type': JSON_API }) };
  if (spec.ifMatch !== null) {
    const target = operation.kind === 'create' ? undefined : identifier(operation.type, operation.ref);
    headers['if-match'] = spec.ifMatch === '*' || target === undefined || !('id' in target) ? '*' : `"${encodeURIComponent(operation.type)}:${encodeURIComponent(target.id)}:${String(spec.ifMatch)}"`;
  }
  return {
    method,
    path: path ?? pathOf(root),
    query: include ? `include=${encodeURIComponent(firstRelationship)}` : '',
    headers,
    ...(document === undefined ? {} : { body: JSON.stringify(document) }),
  };
}

interface Builders {
  identifier(type: string, ref: RefSpec): { type: string; id: string } | { type: string; lid: string };
  clientIdOf(type: string, ref: RefSpec): string;
  linkageOf(type: string, relationship: string, value: LinkageSpec): unknown;
  relationshipsOf(type: string, specs: readonly (readonly [string, LinkageSpec])[]): Record<string, unknown>;
}

/** What one operation becomes: its route, method and document alone, its operation object in a batch. */
interface Built {
  readonly method: string;
  /** `undefined` for a target named by lid (in a batch only). */
  readonly path: string | undefined;
  readonly document?: Record<string, unknown>;
  readonly operation: Record<string, unknown>;
}

function operationBody(operation: OperationSpec, index: number, atomic: boolean, build: Builders): Built {
  const root = schema.types.get(operation.type)?.root ?? operation.type;
  switch (operation.kind) {
    case 'create': {
      const clientId = operation.clientId;
      const id = clientId === 'none' ? undefined : clientId === 'fresh' ? `c${String(index)}-${operation.type}` : build.clientIdOf(operation.type, clientId);
      const data = {
        type: operation.type,
        ...(id === undefined ? {} : { id }),
        ...(atomic ? { lid: `l${String(index)}` } : {}),
        attributes: operation.attributes,
        relationships: build.relationshipsOf(operation.type, operation.links),
      };
      return { method: 'POST', path: pathOf(root), document: { data }, operation: { op: 'add', data } };
    }
    case 'update': {
      const target = build.identifier(operation.type, operation.ref);
      const data = { ...target, attributes: operation.attributes, relationships: build.relationshipsOf(operation.type, operation.links) };
      return { method: 'PATCH', path: 'id' in target ? pathOf(root, target.id) : undefined, document: { data }, operation: { op: 'update', ref: target, data } };
    }
    case 'delete': {
      const target = build.identifier(operation.type, operation.ref);
      return { method: 'DELETE', path: 'id' in target ? pathOf(root, target.id) : undefined, operation: { op: 'remove', ref: target } };
    }
    case 'relationship': {
      const target = build.identifier(operation.type, operation.ref);
      const data = build.linkageOf(operation.type, operation.relationship, operation.linkage);
      const op = operation.method === 'POST' ? 'add' : operation.method === 'PATCH' ? 'update' : 'remove';
      return {
        method: operation.method,
        path: 'id' in target ? pathOf(root, target.id, 'relationships', operation.relationship) : undefined,
        document: { data },
        operation: { op, ref: { ...target, relationship: operation.relationship }, data },
      };
    }
  }
}

/** `built` with `operation.fault` planted in its document (alone) or its operation object (in a batch). */
function plantFault(built: Built, operation: OperationSpec, atomic: boolean): Built {
  if (operation.fault === 'none') return built;
  const target = structuredClone(atomic ? built.operation : (built.document ?? {}));
  const data = target['data'];
  const resource = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  const linkage = Array.isArray(data) ? (data as Record<string, unknown>[]) : resource !== undefined && !('attributes' in resource) ? [resource] : [];
  const attributes = resource?.['attributes'] as Record<string, unknown> | undefined;
  const ref = target['ref'] as Record<string, unknown> | undefined;
  switch (operation.fault) {
    case 'wrong-type':
      if (resource !== undefined) resource['type'] = otherType(operation.type);
      else if (ref !== undefined) ref['type'] = otherType(operation.type);
      break;
    case 'unknown-type':
      if (resource !== undefined) resource['type'] = 'nope';
      else if (ref !== undefined) ref['type'] = 'nope';
      break;
    case 'id-mismatch':
      if (resource !== undefined && 'attributes' in resource) resource['id'] = missingId(operation.type);
      else if (ref !== undefined) ref['id'] = missingId(operation.type);
      break;
    case 'unknown-attribute':
      if (attributes !== undefined) attributes['bogus'] = 1;
      break;
    case 'unknown-member':
      (resource ?? target)['bogus'] = true;
      break;
    case 'unknown-relationship':
      if (resource !== undefined && 'relationships' in resource) (resource['relationships'] as Record<string, unknown>)['bogus'] = { data: null };
      break;
    case 'read-only':
      if (attributes !== undefined) attributes['revision'] = 7;
      break;
    case 'bad-value': {
      const [name] = Object.keys(attributes ?? {});
      if (attributes !== undefined && name !== undefined) attributes[name] = { nested: true };
      break;
    }
    case 'numeric-id':
      if (resource !== undefined && typeof resource['id'] === 'string') resource['id'] = Number(resource['id']) || 1;
      else if (ref !== undefined && typeof ref['id'] === 'string') ref['id'] = 7;
      break;
    case 'missing-data':
      delete target['data'];
      break;
    case 'wrong-linkage-type':
      for (const item of linkage) item['type'] = 'note';
      break;
    case 'bad-op':
      if (atomic) target['op'] = 'upsert';
      else target['data'] = [];
      break;
  }
  return atomic ? { ...built, operation: target } : { ...built, document: target };
}
