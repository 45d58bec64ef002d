import type { Id, Row } from '../data-layer.js';
import type { ResolvedSchema, ResolvedType } from '../../schema/resolved-schema.js';
import { idComparator } from './load-store.js';
import { linkKey, POSITION, type LinkSlot, type Store, type StoredRow, type TypeStore } from './store.js';
import { typeStore } from './type-store.js';

/** The hidden member of a gathered row holding the layer's own row it was copied from. */
const SOURCE: unique symbol = Symbol('jsonapi-query.source');

/** A gathered row: a stored row that remembers its source. */
type GatheredRow = StoredRow & { readonly [SOURCE]: Row };

/** Builds the gathered copy of a layer's row of one type. */
type RowMaker = new (source: Row) => GatheredRow;

const NO_LINKS: readonly StoredRow[] = Object.freeze([]);

/**
 * The row class of each type, made once per fallback layer and kept across requests,
 * so every request's rows share the shapes the compiled evaluators were optimised for.
 */
export class RowClasses {
  readonly #classes = new Map<string, RowMaker>();

  /** The class of a type's rows. */
  of(type: ResolvedType): RowMaker {
    let found = this.#classes.get(type.name);
    if (found === undefined) {
      found = gatheredRowClass(type);
      this.#classes.set(type.name, found);
    }
    return found;
  }
}

/**
 * A class whose instances hold `id` and every attribute (missing ones `null`) as own
 * members, assigned in the constructor in one order, then the links, the position
 * and the source: one hidden class per type, members in-object.
 */
function gatheredRowClass(type: ResolvedType): RowMaker {
  const names = ['id', ...type.attributes.keys()];
  const empty = [...type.relationships.values()].map((link) => (link.toMany ? NO_LINKS : null));
  const slotKeys = empty.map((_, slot) => linkKey(slot));
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its instances are the gathered rows
  return class GatheredRecord {
    constructor(source: Row) {
      const self = this as unknown as Record<string | symbol, unknown>;
      for (let index = 0; index < names.length; index++) {
        const name = names[index] as string;
        self[name] = source[name] ?? null;
      }
      for (let slot = 0; slot < slotKeys.length; slot++) self[slotKeys[slot] as symbol] = empty[slot];
      self[POSITION] = 0;
      self[SOURCE] = source;
    }
  } as unknown as RowMaker;
}

/** The rows of one type gathered so far, in the order added. */
interface Gathered {
  readonly type: ResolvedType;
  readonly make: RowMaker;
  /** The rows by id, built on first need (`addAll` on a new type does without). */
  byId: Map<Id, GatheredRow> | undefined;
  readonly rows: GatheredRow[];
  readonly slots: ReadonlyMap<string, number>;
  readonly compare: (a: Id, b: Id) => number;
  /** Whether the rows were added in primary key order (a layer reading by id gives them so). */
  ordered: boolean;
}

/**
 * A memory store built from the rows a fallback read from another layer: each row
 * copied into the memory layer's shape (`id`, every attribute, missing ones `null`),
 * its links set from what the layer's `readIncluded` answered, rows in primary key
 * order — so the memory layer's compiled evaluators run on it unchanged, and give
 * what the memory layer gives on the same records.
 */
export class ScanStore {
  readonly #resolved: ResolvedSchema;
  readonly #rowClasses: RowClasses;
  readonly #types = new Map<string, Gathered>();

  constructor(resolved: ResolvedSchema, rowClasses: RowClasses) {
    this.#resolved = resolved;
    this.#rowClasses = rowClasses;
  }

  /** Rows gathered, all types together. */
  get size(): number {
    let size = 0;
    for (const gathered of this.#types.values()) size += gathered.rows.length;
    return size;
  }

  /** The stored copy of a layer's row of `type` (one per id, whoever asks). */
  add(type: string, row: Row): StoredRow {
    const gathered = this.#gathered(type);
    const byId = indexed(gathered);
    const found = byId.get(row.id);
    if (found !== undefined) return found;
    const stored = append(gathered, row);
    byId.set(row.id, stored);
    return stored;
  }

  /**
   * The stored copies of the rows of one read (distinct ids, as a layer answers),
   * the first of `type`: copied without looking each id up.
   */
  addAll(type: string, rows: readonly Row[]): StoredRow[] {
    const gathered = this.#gathered(type);
    if (gathered.rows.length > 0) return rows.map((row) => this.add(type, row));
    gathered.byId = undefined;
    return rows.map((row) => append(gathered, row));
  }

  /** Sets the related rows of a stored row of `type` along `relationship`. */
  link(type: string, owner: StoredRow, relationship: string, related: readonly StoredRow[]): void {
    const gathered = this.#gathered(type);
    const slot = gathered.slots.get(relationship);
    const link = gathered.type.relationships.get(relationship);
    const target = this.#resolved.types.get(link?.target ?? '');
    if (slot === undefined || link === undefined || target === undefined) {
      throw new Error(`Cannot link ${type} ${String(owner.id)} through "${relationship}"`);
    }
    const compare = idComparator(target.idType);
    (owner as unknown as Record<symbol, LinkSlot>)[linkKey(slot)] = link.toMany ? [...related].sort((a, b) => compare(a.id, b.id)) : (related[0] ?? null);
  }

  /** The layer's own row a gathered row was copied from. */
  source(stored: Row): Row {
    return (stored as GatheredRow)[SOURCE];
  }

  /** The store: every type of the schema, its gathered rows in primary key order with their positions. */
  build(): Store {
    const types = new Map<string, TypeStore>();
    for (const type of this.#resolved.types.values()) {
      const gathered = this.#gathered(type.name);
      const rows = gathered.ordered ? gathered.rows : [...gathered.rows].sort((a, b) => gathered.compare(a.id, b.id));
      for (let position = 0; position < rows.length; position++) {
        (rows[position] as { [POSITION]: number })[POSITION] = position;
      }
      types.set(type.name, typeStore({ type, rows, byId: () => indexed(gathered), slots: gathered.slots }));
    }
    return { types };
  }

  #gathered(type: string): Gathered {
    let gathered = this.#types.get(type);
    if (gathered === undefined) {
      const resolved = this.#resolved.types.get(type);
      if (resolved === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
      gathered = {
        type: resolved,
        make: this.#rowClasses.of(resolved),
        byId: new Map<Id, GatheredRow>(),
        rows: [],
        slots: new Map([...resolved.relationships.keys()].map((name, slot) => [name, slot])),
        compare: idComparator(resolved.idType),
        ordered: true,
      };
      this.#types.set(type, gathered);
    }
    return gathered;
  }
}

/** Copies a row in, noting whether the rows still come in primary key order. */
function append(gathered: Gathered, row: Row): GatheredRow {
  const stored = new gathered.make(row);
  const last = gathered.rows.at(-1);
  if (last !== undefined && gathered.ordered && gathered.compare(last.id, row.id) > 0) gathered.ordered = false;
  gathered.rows.push(stored);
  return stored;
}

/** The rows of a type by id, indexed now if `addAll` did without. */
function indexed(gathered: Gathered): Map<Id, GatheredRow> {
  if (gathered.byId === undefined) gathered.byId = new Map(gathered.rows.map((row) => [row.id, row]));
  return gathered.byId;
}
