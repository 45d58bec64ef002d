/**
 * The select list of a read and the decoding of the rows it returns: columns are
 * selected under positional aliases (`c0`, `c1`, …, so no attribute or column name
 * can collide with another or exceed an engine's identifier length) and decoded
 * into the values the memory layer holds (JavaScript booleans for 0/1, numbers for
 * PostgreSQL `int8`/`numeric` strings, `YYYY-MM-DD` strings for DATE columns).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Id, Row } from '../data-layer.js';
import type { FieldKind, ResolvedAttribute } from '../../schema/resolved-schema.js';
import { columnRef } from './relationship-sql.js';
import type { MappedType } from './sql-mapping.js';

/** The columns to select and how to turn a raw row into a `Row`. */
export interface SelectPlan {
  readonly columns: readonly RawBuilder<unknown>[];
  decode(raw: Readonly<Record<string, unknown>>): Row;
}

type Decoder = (value: unknown) => unknown;

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** A DATE a driver parsed into a `Date`: at UTC midnight (PGlite) or local midnight (pg, mysql2). */
function formatDate(date: Date): string {
  const utc = date.getUTCHours() === 0 && date.getUTCMinutes() === 0;
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  return `${pad(year, 4)}-${pad(month + 1, 2)}-${pad(day, 2)}`;
}

const DECODERS = {
  string: (value) => (value === null || typeof value === 'string' ? value : String(value)),
  number: (value) => (typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value),
  boolean: (value) => (value === null || typeof value === 'boolean' ? value : Number(value) !== 0),
  date: (value) => (value instanceof Date ? formatDate(value) : value),
} as const satisfies Record<FieldKind, Decoder>;

function decoder(attribute: ResolvedAttribute): Decoder {
  const decode = DECODERS[attribute.kind];
  return (value) => (value === undefined || value === null ? null : decode(value));
}

/** A primary key as the layer returns it: a number for `integer` ids, else a string. */
export function decodeId(attribute: ResolvedAttribute, value: unknown): Id {
  if (attribute.integer) return Number(value);
  return typeof value === 'string' ? value : String(value);
}

/**
 * The decoder of one selected field: `decodeId` for a primary key (null stays
 * null, as through a dotted path with no related record), else by attribute kind.
 */
export function decodeField(attribute: ResolvedAttribute, isId: boolean): Decoder {
  if (!isId) return decoder(attribute);
  return (value) => (value === undefined || value === null ? null : decodeId(attribute, value));
}

/**
 * Selects the id and the requested attributes (all when `attributes` is
 * undefined) of the mapped type aliased `alias`.
 */
export function selectPlan(mapped: MappedType, alias: string, attributes?: readonly string[]): SelectPlan {
  return plan(mapped, (column) => columnRef(alias, column), attributes);
}

/**
 * The id and every attribute of a row the statement writes, for its `returning`
 * clause (unqualified columns: `insert … returning "serial" as "c1"`), decoded as a
 * read decodes them.
 */
export function returningPlan(mapped: MappedType): SelectPlan {
  let known = RETURNING_PLANS.get(mapped);
  if (known === undefined) {
    known = plan(mapped, (column) => sql.id(column));
    RETURNING_PLANS.set(mapped, known);
  }
  return known;
}

/** The returning plan of each mapped type, built once. */
const RETURNING_PLANS = new WeakMap<MappedType, SelectPlan>();

function plan(mapped: MappedType, reference: (column: string) => RawBuilder<unknown>, attributes?: readonly string[]): SelectPlan {
  const names = (attributes ?? [...mapped.type.attributes.keys()]).filter(
    (name) => name !== 'id' && mapped.type.attributes.has(name),
  );
  const fields = [{ name: 'id', attribute: mapped.type.id }].concat(
    names.flatMap((name) => {
      const attribute = mapped.type.attributes.get(name);
      return attribute === undefined ? [] : [{ name, attribute }];
    }),
  );
  const columns = fields.map(
    ({ name }, index) => sql`${reference(mapped.columns.get(name) ?? name)} as ${sql.id(`c${index}`)}`,
  );
  const decoders = fields.map(({ name, attribute }, index) => ({
    name,
    key: `c${index}`,
    decode: name === 'id' ? (value: unknown) => decodeId(attribute, value) : decoder(attribute),
  }));
  return {
    columns,
    decode: (raw) => {
      const row: Record<string, unknown> = {};
      for (const { name, key, decode } of decoders) row[name] = decode(raw[key]);
      return row as Row;
    },
  };
}
