/** One way the database does not fit the mapping or the engine lacks what the layer uses. */
export interface SqlSetupIssue {
  /** The resource type concerned; absent for an engine function. */
  readonly type?: string;
  /** The attribute or relationship concerned. */
  readonly field?: string;
  /** The table (`schema.table` when qualified) concerned. */
  readonly table?: string;
  readonly column?: string;
  /** What is wrong, with the engine's own message. */
  readonly message: string;
}

/**
 * The database the SQL layer was opened on does not match its mapping (a missing
 * table or column) or lacks a function the layer calls (SQLite without
 * `registerSqliteFunctions`). Thrown by `SqlLayer.verify()` at start-up, so the
 * misconfiguration never reaches a request (docs/sql-layer.md).
 */
export class SqlSetupError extends Error {
  override readonly name = 'SqlSetupError';

  /**
   * @example
   * new SqlSetupError([{ type: 'book', field: 'title', table: 'book', column: 'vol_titel', message: 'no such column: vol_titel' }]).message;
   * // 'The database does not fit the SQL layer:\n  - column "vol_titel" of table "book" (book.title): no such column: vol_titel'
   */
  constructor(readonly issues: readonly SqlSetupIssue[]) {
    super(`The database does not fit the SQL layer:\n${issues.map((issue) => `  - ${describe(issue)}`).join('\n')}`);
  }
}

function describe({ type, field, table, column, message }: SqlSetupIssue): string {
  const owner = type === undefined ? '' : field === undefined ? ` (type ${type})` : ` (${type}.${field})`;
  if (column !== undefined) return `column "${column}" of table "${String(table)}"${owner}: ${message}`;
  if (table !== undefined) return `table "${table}"${owner}: ${message}`;
  return message;
}
