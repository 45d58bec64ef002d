/**
 * Which constraint of the database a failed write statement violated, from the
 * driver's error code (never its text): PostgreSQL and PGlite SQLSTATEs, MySQL and
 * MariaDB errnos, SQLite extended result codes.
 */

/** A constraint a write can violate. */
export type ConstraintKind = 'unique' | 'foreign_key' | 'not_null' | 'check';

const CODES: ReadonlyMap<unknown, ConstraintKind> = new Map<unknown, ConstraintKind>([
  ['23505', 'unique'],
  ['23503', 'foreign_key'],
  ['23502', 'not_null'],
  ['23514', 'check'],
  [1062, 'unique'], // ER_DUP_ENTRY
  [1586, 'unique'], // ER_DUP_ENTRY_WITH_KEY_NAME
  [1451, 'foreign_key'], // ER_ROW_IS_REFERENCED_2: a delete or update of a referenced row
  [1452, 'foreign_key'], // ER_NO_REFERENCED_ROW_2: a row naming a missing one
  [1048, 'not_null'], // ER_BAD_NULL_ERROR
  [1364, 'not_null'], // ER_NO_DEFAULT_FOR_FIELD
  [3819, 'check'], // MySQL ER_CHECK_CONSTRAINT_VIOLATED
  [4025, 'check'], // MariaDB ER_CONSTRAINT_FAILED
  ['SQLITE_CONSTRAINT_UNIQUE', 'unique'],
  ['SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
  ['SQLITE_CONSTRAINT_FOREIGNKEY', 'foreign_key'],
  ['SQLITE_CONSTRAINT_NOTNULL', 'not_null'],
  ['SQLITE_CONSTRAINT_CHECK', 'check'],
]);

/**
 * The constraint `error` reports as violated, or `undefined` for any other failure.
 */
export function violatedConstraint(error: unknown): ConstraintKind | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return CODES.get(code) ?? CODES.get(errno);
}
