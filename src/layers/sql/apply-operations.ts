/**
 * Applies a list of write operations inside one transaction of the SQL layer, with
 * the semantics of the memory layer's `apply` (docs/writes.md, "Writing a layer"):
 * in order, lids resolved by index, both sides of inverse relationships kept, the
 * scope checked before and after the list, and a refusal thrown as `OperationError`
 * so that the transaction rolls back and nothing is applied.
 */
import { sql } from 'kysely';
import { OperationError, isOperationError, type OperationFaultPlace } from '../../operations/operation-error.js';
import { namedIds } from '../../operations/named-ids.js';
import type { CreateOperation, GuardedOperation, RelationshipValue, Operation, ResourceFields, ResourceRef } from '../../operations/operation-node.js';
import type { Id, OperationList, Row, WriteRequest, WriteResult } from '../data-layer.js';
import { changeOf, WritePermissions, type MatchFilter } from '../write-permissions.js';
import { violatedConstraint } from './constraint-violation.js';
import { advanceIdSequence } from './id-sequence.js';
import { compiledInsert } from './insert-statement.js';
import { tableRef } from './relationship-sql.js';
import {
  dropLink,
  isColumn,
  linkedIds,
  sharesStorage,
  storedRelationship,
  storeLink,
  type StoredRelationship,
  unlinkDeleted,
} from './relationship-writes.js';
import { oneRead } from './read-one.js';
import { decodeId, returningPlan } from './row-codec.js';
import type { SqlDialect } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';
import { executeCompiled } from './sql-read.js';
import type { StatementRunner } from './statement-runner.js';
import { type MappedType, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import { aborted } from './sql-session.js';
import { matchScope } from './write-scope.js';

/** What a list is applied with: the transaction, the mapping, the dialect's hooks and the request's signal. */
export interface WriteEnvironment {
  readonly transaction: SqlExecutor;
  readonly mapping: ResolvedSqlMapping;
  readonly dialect: SqlDialect;
  readonly signal: AbortSignal;
  /** How a compiled statement is run. */
  readonly runner: StatementRunner;
}

/** A relationship with its inverse, and whether a change of one needs writing on the other. */
interface RelationshipPair {
  readonly stored: StoredRelationship;
  readonly toMany: boolean;
  readonly inverse: { readonly type: string; readonly name: string } | undefined;
  /** The inverse is stored apart (a one-to-one pair with a column on each side): mirror every change. */
  readonly mirrored: boolean;
}

/**
 * Applies `request` in `environment.transaction` (which the caller commits when this
 * resolves and rolls back when it throws). Throws `OperationError` for a missing
 * resource, a taken id, a write outside the scope, or a constraint the database
 * reports violated (unique: `duplicate_id` for a create with a client id, else `conflict`;
 * foreign key: `related_not_found`).
 */
export async function applyOperations(environment: WriteEnvironment, request: WriteRequest): Promise<WriteResult> {
  const { operations, scope, permits, hooks } = request;
  const list = new WriteList(environment, scope);
  // Without a scope or write permissions there is nothing to read before the list, nor to judge after it.
  const checked = scope !== undefined || permits !== undefined;
  if (checked) await list.checkBefore(operations, permits);
  for (let index = 0; index < operations.length; index++) {
    const given = operations[index] as Operation;
    if (environment.signal.aborted) throw aborted(environment.signal);
    if (hooks === undefined) {
      await list.apply(given, index);
      continue;
    }
    // A hook sees an operation whose target exists, and the list as it is in the transaction.
    if (given.kind !== 'create') await list.find(given, index);
    const operation = await hooks.before(index, given, list);
    await list.apply(operation, index);
    await hooks.after(index, operation, list);
  }
  if (checked) await list.checkAfter();
  if (environment.signal.aborted) throw aborted(environment.signal);
  return { ids: list.ids, rows: list.rows };
}

/** The state of one list being applied: the ids so far, what it created and changed. */
class WriteList implements OperationList {
  readonly ids: (Id | null)[] = [];
  /** Per operation, the row it created as the insert returned it, while no later operation of the list addressed it. */
  readonly rows: (Row | null)[] = [];
  /** The operation whose entry of `rows` holds a resource's row. */
  private readonly rowAt = new Map<string, number>();
  /** Resources the list created: they need not have been in scope before it. */
  private readonly created = new Set<string>();
  /** Resources the list created or changed, with the first operation that did. */
  private readonly changed = new Map<string, { readonly type: string; readonly id: Id; readonly operation: number }>();
  /** Per scoped type, whether a resource was inside the scope: the ids the list names as read before it, any other when first asked. */
  private readonly inScopeBefore = new Map<string, Map<Id, boolean>>();
  /** The relationship being written, for the place of a foreign key violation. */
  private writing: string | undefined;
  private readonly pairs = new Map<string, RelationshipPair>();
  /** The request's write permissions, read before the list. */
  private permissions: WritePermissions | undefined;
  /** Whether the request has write permissions to judge the list by. */
  private permitted = false;

  constructor(
    private readonly environment: WriteEnvironment,
    private readonly scope: WriteRequest['scope'],
  ) {}

  /** Reads, before any change, which resources the list names by id are inside the scope, and which it may update or delete. */
  async checkBefore(operations: readonly Operation[], permits: WriteRequest['permits']): Promise<void> {
    this.permissions = await WritePermissions.before(operations, permits, this.matchFilter);
    this.permitted = permits !== undefined;
    if (this.scope === undefined) return;
    const scope = this.scope;
    for (const [type, ids] of namedIds(operations, (named) => scope(named) !== undefined)) {
      const { matching } = await this.match(type, [...ids], scope(type));
      this.inScopeBefore.set(type, new Map([...ids].map((id) => [id, matching.has(id)])));
    }
  }

  /**
   * Throws `out_of_scope` for the first resource (in list order) the list created or
   * changed that is outside the scope now, then `forbidden_write` for the first the
   * write permissions do not allow.
   */
  async checkAfter(): Promise<void> {
    await this.checkScopeAfter();
    // Without write permissions nothing is judged: the changed resources are not listed for them.
    if (!this.permitted) return;
    await this.permissions?.after([...this.changed.values()], (type, id) => this.created.has(resourceKey(type, id)), this.matchFilter);
  }

  private async checkScopeAfter(): Promise<void> {
    const { scope } = this;
    if (scope === undefined) return;
    const byType = new Map<string, Id[]>();
    for (const { type, id } of this.changed.values()) {
      if (scope(type) !== undefined) byType.set(type, [...(byType.get(type) ?? []), id]);
    }
    const outside = new Set<string>();
    for (const [type, ids] of byType) {
      const { existing, matching } = await this.match(type, ids, scope(type));
      for (const id of existing) if (!matching.has(id)) outside.add(resourceKey(type, id));
    }
    const first = [...this.changed.values()].find(({ type, id }) => outside.has(resourceKey(type, id)));
    if (first !== undefined) throw new OperationError('out_of_scope', first.operation);
  }

  /** A resource as the list sees it now, its row locked until the list ends (a hook's read). */
  read(type: string, id: Id): Promise<Row | null> {
    const { transaction, mapping, dialect, runner } = this.environment;
    const lock = dialect.name === 'postgres' || dialect.name === 'mysql';
    return executeCompiled(transaction, oneRead(mapping, type, id, lock).compile(transaction, dialect), runner);
  }

  /**
   * The id of the resource operation `index` is addressed to; refuses it as `not_found`
   * unless that resource exists (and was in scope), and as `forbidden_write` unless the
   * request may change it so.
   */
  async find(operation: Exclude<Operation, { kind: 'create' }>, index: number): Promise<Id> {
    const { type } = operation.ref;
    const id = await this.existing(operation.ref, () => new OperationError('not_found', index));
    this.permissions?.require(type, id, changeOf(operation), index, this.created.has(resourceKey(type, id)));
    return id;
  }

  /** Applies one operation, mapping a constraint the database reports violated to the operation's refusal. */
  async apply(operation: Operation, index: number): Promise<void> {
    this.writing = undefined;
    this.rows[index] = null;
    try {
      await this.dispatch(operation, index);
    } catch (error) {
      if (isOperationError(error)) throw error;
      const violated = violatedConstraint(error) ?? violatedConstraint((error as { cause?: unknown } | null)?.cause);
      // Only a create with a client id writes an id the list chose; any other unique violation is an index of the store's own.
      if (violated === 'unique' && operation.kind === 'create' && operation.id !== undefined) throw new OperationError('duplicate_id', index);
      if (violated === 'foreign_key' && operation.kind !== 'delete') {
        throw new OperationError('related_not_found', index, this.writing === undefined ? {} : { relationship: this.writing });
      }
      // A constraint the operation does not model: the store's own NOT NULL or CHECK, a row outside the mapping referencing a deleted one.
      if (violated !== undefined) throw new OperationError('conflict', index);
      throw error;
    }
  }

  private async dispatch(operation: Operation, index: number): Promise<void> {
    switch (operation.kind) {
      case 'create': {
        const { id, row } = await this.create(operation.type, operation, index);
        const key = resourceKey(operation.type, id);
        this.created.add(key);
        if (row !== null) {
          this.rows[index] = row;
          this.rowAt.set(key, index);
        }
        this.ids.push(id);
        this.change(operation.type, id, index, key);
        return;
      }
      case 'update': {
        const id = await this.find(operation, index);
        await this.claim(operation, id, index);
        await this.setFields(operation.ref.type, id, operation, index);
        this.ids.push(id);
        this.change(operation.ref.type, id, index);
        return;
      }
      case 'delete': {
        const id = await this.find(operation, index);
        await this.claim(operation, id, index);
        await this.remove(operation.ref.type, id);
        this.ids.push(null);
        return;
      }
      case 'set_relationship':
      case 'add_to_relationship':
      case 'remove_from_relationship': {
        const { type } = operation.ref;
        const id = await this.find(operation, index);
        await this.claim(operation, id, index);
        const pair = this.pair(type, operation.relationship);
        this.writing = operation.relationship;
        if (operation.kind === 'set_relationship') await this.setLinkage(id, pair, operation.linkage, index);
        else {
          const members = await this.related(operation.members, index, operation.relationship, true);
          for (const member of members) {
            if (operation.kind === 'add_to_relationship') await this.connect(pair, id, member);
            else await this.disconnect(pair, id, member);
          }
        }
        this.ids.push(null);
        this.change(type, id, index);
        return;
      }
      default: {
        // A new kind of operation breaks the build here until the layer applies it.
        const unknown: never = operation;
        throw new Error(`Unknown operation ${JSON.stringify(unknown)}`);
      }
    }
  }

  /**
   * Bumps the version of the resource an operation addresses, in one compare-and-set
   * statement when the operation has a precondition: `update … set v = v + 1 where id = ?
   * and v in (…)`, refused (`precondition_failed`) when it changes no row. The row
   * stays locked until the transaction ends, so a concurrent list holding the same
   * version waits and then changes nothing (docs/writes.md, "Versions").
   */
  private async claim(operation: GuardedOperation, id: Id, index: number): Promise<void> {
    const mapped = requireMappedType(this.environment.mapping, operation.ref.type);
    const { version } = mapped.type;
    const { ifMatch } = operation;
    if (version === undefined || ifMatch?.length === 0) {
      if (ifMatch !== undefined) throw new OperationError('precondition_failed', index);
      return;
    }
    const column = sql.id(columnOf(mapped, version));
    const condition = ifMatch === undefined ? sql`` : sql` and ${column} in (${sql.join(ifMatch)})`;
    const { numAffectedRows } = await sql`update ${tableRef(mapped.table)} set ${column} = coalesce(${column}, 0) + 1 where ${sql.id(
      mapped.primaryKey,
    )} = ${id}${condition}`.execute(this.environment.transaction);
    // PGlite's driver leaves the count out when it is 0.
    if (ifMatch !== undefined && (numAffectedRows ?? 0n) === 0n) throw new OperationError('precondition_failed', index);
  }

  private change(type: string, id: Id, operation: number, key = resourceKey(type, id)): void {
    if (!this.changed.has(key)) this.changed.set(key, { type, id, operation });
  }

  /** The id of a resource the list names that exists (and was in scope before the list, unless it created it), else `fault`. */
  private async existing(ref: ResourceRef, fault: () => OperationError): Promise<Id> {
    const id = ref.kind === 'id' ? ref.id : this.ids[ref.operation];
    if (id === null || id === undefined) throw fault();
    const { existing } = await this.match(ref.type, [id], undefined);
    if (!existing.has(id) || (await this.hiddenOf(ref.type, [id])).has(id)) throw fault();
    // The operation changes it (or deletes it): the row its creation returned is no longer the row after the list.
    const at = this.rowAt.get(resourceKey(ref.type, id));
    if (at !== undefined) this.rows[at] = null;
    return id;
  }

  /** The ids of related resources, each existing and visible, else `related_not_found` at the first that is not (its index for a list). */
  private async related(refs: readonly ResourceRef[], index: number, relationship: string, isList: boolean): Promise<Id[]> {
    const wanted = refs.map((ref) => ({ ref, id: ref.kind === 'id' ? ref.id : this.ids[ref.operation] }));
    const byType = new Map<string, Id[]>();
    for (const { ref, id } of wanted) if (id !== null && id !== undefined) byType.set(ref.type, [...(byType.get(ref.type) ?? []), id]);
    const found = new Set<string>();
    for (const [type, ids] of byType) {
      const { existing } = await this.match(type, ids, undefined);
      const hidden = await this.hiddenOf(type, [...existing]);
      for (const id of existing) if (!hidden.has(id)) found.add(resourceKey(type, id));
    }
    return wanted.map(({ ref, id }, item) => {
      if (id === null || id === undefined || !found.has(resourceKey(ref.type, id))) {
        const place: OperationFaultPlace = isList ? { relationship, index: item } : { relationship };
        throw new OperationError('related_not_found', index, place);
      }
      return id;
    });
  }

  private async setFields(type: string, id: Id, fields: ResourceFields, index: number): Promise<void> {
    const mapped = requireMappedType(this.environment.mapping, type);
    const assignments = Object.entries(fields.attributes).map(
      ([name, value]) => sql`${sql.id(columnOf(mapped, name))} = ${this.encode(value)}`,
    );
    if (assignments.length > 0) {
      await sql`update ${tableRef(mapped.table)} set ${sql.join(assignments)} where ${sql.id(mapped.primaryKey)} = ${id}`.execute(
        this.environment.transaction,
      );
    }
    for (const [name, linkage] of Object.entries(fields.relationships)) {
      this.writing = name;
      await this.setLinkage(id, this.pair(type, name), linkage, index);
    }
  }

  /** The ids a linkage names, each existing and visible, else `related_not_found`. */
  private async resolveLinkage(pair: RelationshipPair, linkage: RelationshipValue, index: number): Promise<Id[]> {
    const isList = Array.isArray(linkage);
    const wanted = (isList ? linkage : linkage === null ? [] : [linkage]) as readonly ResourceRef[];
    return this.related(wanted, index, pair.stored.mapped.relationship.name, isList);
  }

  private async setLinkage(id: Id, pair: RelationshipPair, linkage: RelationshipValue, index: number): Promise<void> {
    const next = await this.resolveLinkage(pair, linkage, index);
    const current = await this.linked(pair, id);
    // A to-many keeps its links to rows outside the scope: the requester could not name them (docs/writes.md, rule 7).
    const kept = pair.toMany ? await this.hiddenOf(pair.stored.mapped.relationship.target, current) : new Set<Id>();
    for (const linked of current) {
      if (!next.includes(linked) && !kept.has(linked)) await this.disconnect(pair, id, linked);
    }
    for (const target of next) await this.connect(pair, id, target);
  }

  /**
   * Of some existing ids of `type`, those outside the scope: not created by the list,
   * and outside its filter before the list: read then for the ids the list names; for
   * the others (linked rows no operation names, or an id only a hook names), when first
   * asked, as the list's transaction sees them then (docs/writes.md, rule 7).
   */
  private async hiddenOf(type: string, ids: readonly Id[]): Promise<ReadonlySet<Id>> {
    const filter = this.scope?.(type);
    const candidates = ids.filter((id) => !this.created.has(resourceKey(type, id)));
    if (filter === undefined || candidates.length === 0) return new Set();
    let ofType = this.inScopeBefore.get(type);
    if (ofType === undefined) this.inScopeBefore.set(type, (ofType = new Map()));
    const unknown = candidates.filter((id) => !ofType.has(id));
    if (unknown.length > 0) {
      const { matching } = await this.match(type, unknown, filter);
      for (const id of unknown) ofType.set(id, matching.has(id));
    }
    return new Set(candidates.filter((id) => ofType.get(id) === false));
  }

  /** Links `owner` to `target` along the pair, and `target` back along the inverse, displacing what a to-one side held. */
  private async connect(pair: RelationshipPair, owner: Id, target: Id): Promise<void> {
    // A foreign key seen from both ends: setting it is the whole change (it displaces the old value).
    if (isColumn(pair.stored) && !pair.mirrored) {
      await storeLink(this.environment.transaction, pair.stored, owner, target);
      return;
    }
    await this.attach(pair, owner, target);
    const inverse = this.inverseOf(pair);
    if (inverse !== undefined) await this.attach(inverse, target, owner);
  }

  private async attach(pair: RelationshipPair, owner: Id, target: Id): Promise<void> {
    if (!pair.toMany) {
      const current = await this.linked(pair, owner);
      for (const other of current) if (other !== target) await this.disconnect(pair, owner, other);
      if (current.includes(target)) return;
    }
    await storeLink(this.environment.transaction, pair.stored, owner, target);
  }

  /** Unlinks `owner` and `target` along the pair and, when stored apart, its inverse. */
  private async disconnect(pair: RelationshipPair, owner: Id, target: Id): Promise<void> {
    await dropLink(this.environment.transaction, pair.stored, owner, target);
    const inverse = this.inverseOf(pair);
    if (inverse !== undefined && pair.mirrored) await dropLink(this.environment.transaction, inverse.stored, target, owner);
  }

  private async linked(pair: RelationshipPair, owner: Id): Promise<Id[]> {
    const target = requireMappedType(this.environment.mapping, pair.stored.mapped.relationship.target);
    return linkedIds(this.environment.transaction, pair.stored, target.type.id, owner);
  }

  /**
   * Creates a resource: refuses a taken client id, checks every related resource (in
   * the order the relationships are given, as the memory layer does), inserts the row
   * with its attributes and its own foreign keys (a to-one stored on the row), then
   * writes the relationships stored elsewhere. Returns the id (the client's, or one
   * the layer or database generates) and the row as inserted, when the engine returns it.
   */
  private async create(type: string, operation: CreateOperation, index: number): Promise<Inserted> {
    const mapped = requireMappedType(this.environment.mapping, type);
    const clientId = operation.id;
    if (clientId !== undefined && (await this.match(type, [clientId], undefined)).existing.has(clientId)) {
      throw new OperationError('duplicate_id', index);
    }
    const links: { readonly pair: RelationshipPair; readonly name: string; readonly targets: readonly Id[] }[] = [];
    for (const [name, linkage] of Object.entries(operation.relationships)) {
      const pair = this.pair(type, name);
      links.push({ pair, name, targets: await this.resolveLinkage(pair, linkage, index) });
    }
    const values = new Map<string, unknown>();
    for (const [name, value] of Object.entries(operation.attributes)) values.set(columnOf(mapped, name), this.encode(value));
    if (mapped.type.version !== undefined) values.set(columnOf(mapped, mapped.type.version), 1);
    for (const { pair, targets } of links) {
      const column = columnOnRow(pair);
      if (column !== undefined) values.set(column, targets[0] ?? null);
    }
    const inserted = await this.insert(mapped, clientId, values);
    for (const { pair, name, targets } of links) {
      if (columnOnRow(pair) !== undefined) continue;
      this.writing = name;
      for (const target of targets) await this.connect(pair, inserted.id, target);
    }
    return inserted;
  }

  /**
   * Inserts a row of the given column values (the others take the column's default);
   * returns its id, generated when `clientId` is absent, and on engines with
   * `insert … returning` (PostgreSQL, SQLite) the row as stored, in the same statement.
   */
  private async insert(mapped: MappedType, clientId: Id | undefined, given: ReadonlyMap<string, unknown>): Promise<Inserted> {
    const { transaction, dialect, runner } = this.environment;
    const generatedByDatabase = clientId === undefined && mapped.type.id.integer;
    const id = generatedByDatabase ? undefined : (clientId ?? globalThis.crypto.randomUUID());
    const columns: string[] = [];
    const values: unknown[] = [];
    if (id !== undefined) {
      columns.push(mapped.primaryKey);
      values.push(id);
    }
    for (const [column, value] of given) {
      columns.push(column);
      values.push(value);
    }
    if (dialect.name !== 'mysql') {
      const plan = returningPlan(mapped);
      const statement = compiledInsert(transaction, mapped, { dialect: dialect.name, columns, values, returning: plan });
      const { rows } = await runner(transaction, statement);
      const raw = rows[0];
      if (raw === undefined) throw new Error(`The database returned no row for the new ${mapped.type.name}`);
      const stored = plan.decode(raw);
      if (id !== undefined && mapped.type.id.integer) await advanceIdSequence(transaction, dialect.name, mapped.table, mapped.primaryKey);
      return { id: id ?? stored.id, row: stored };
    }
    const { insertId } = await runner(transaction, compiledInsert(transaction, mapped, { dialect: dialect.name, columns, values, returning: undefined }));
    if (id !== undefined) {
      if (mapped.type.id.integer) await advanceIdSequence(transaction, dialect.name, mapped.table, mapped.primaryKey);
      return { id, row: null };
    }
    if (insertId === undefined) throw new Error(`The database generated no id for the new ${mapped.type.name}`);
    return { id: decodeId(mapped.type.id, insertId), row: null };
  }

  /** Deletes a row after unlinking it from every relationship stored outside it. */
  private async remove(type: string, id: Id): Promise<void> {
    const { mapping, transaction } = this.environment;
    const done = new Set<string>();
    for (const owner of mapping.types.values()) {
      for (const mapped of owner.relationships.values()) {
        const stored = storedRelationship(mapping, owner.type.name, mapped.relationship.name);
        for (const side of ['owner', 'target'] as const) {
          if ((side === 'owner' ? mapped.relationship.owner : mapped.relationship.target) !== type) continue;
          const unlink = unlinkDeleted(stored, side, id);
          if (unlink === undefined || done.has(unlink.key)) continue;
          done.add(unlink.key);
          await unlink.statement.execute(transaction);
        }
      }
    }
    const mapped = requireMappedType(mapping, type);
    await sql`delete from ${tableRef(mapped.table)} where ${sql.id(mapped.primaryKey)} = ${id}`.execute(transaction);
  }

  private pair(type: string, name: string): RelationshipPair {
    const key = `${type}\u0000${name}`;
    const known = this.pairs.get(key);
    if (known !== undefined) return known;
    const { mapping } = this.environment;
    const stored = storedRelationship(mapping, type, name);
    const { relationship } = stored.mapped;
    const inverse =
      relationship.inverse === undefined ? undefined : { type: relationship.target, name: relationship.inverse };
    const mirrored =
      inverse !== undefined && !sharesStorage(stored, storedRelationship(mapping, inverse.type, inverse.name));
    const pair: RelationshipPair = { stored, toMany: relationship.toMany, inverse, mirrored };
    this.pairs.set(key, pair);
    return pair;
  }

  private inverseOf(pair: RelationshipPair): RelationshipPair | undefined {
    return pair.inverse === undefined ? undefined : this.pair(pair.inverse.type, pair.inverse.name);
  }

  /** The permission checks' reads: they lock the rows they judge until the list ends. */
  private readonly matchFilter: MatchFilter = (type, ids, filter) => this.match(type, ids, filter, true);

  private match(type: string, ids: readonly Id[], filter: Parameters<typeof matchScope>[5], lock = false) {
    const { transaction, mapping, dialect } = this.environment;
    return matchScope(transaction, mapping, dialect, type, ids, filter, lock);
  }

  private encode(value: unknown): unknown {
    return typeof value === 'boolean' ? this.environment.dialect.encodeBoolean(value) : (value ?? null);
  }
}

/** A row the list inserted: its id, and the row as stored when the engine returned it (`null` on MySQL/MariaDB). */
interface Inserted {
  readonly id: Id;
  readonly row: Row | null;
}

/** The foreign key column of a to-one stored on the owner's row alone (its inverse, if any, reads the same column). */
function columnOnRow(pair: RelationshipPair): string | undefined {
  return pair.stored.mapped.kind === 'owner-column' && !pair.mirrored ? pair.stored.mapped.column : undefined;
}

function resourceKey(type: string, id: Id): string {
  return `${type}\u0000${typeof id}\u0000${String(id)}`;
}

function columnOf(mapped: MappedType, attribute: string): string {
  const column = mapped.columns.get(attribute);
  if (column === undefined || attribute === 'id') throw new Error(`Unknown attribute "${mapped.type.name}.${attribute}" (not in the schema)`);
  return column;
}
