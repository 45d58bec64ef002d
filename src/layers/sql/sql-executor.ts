import type { Kysely } from 'kysely';

/**
 * A Kysely instance (or a transaction or connection of one) over the user's
 * database. The layer writes raw `sql` only, against tables and columns named by the
 * mapping, so the database's table types are unknown to it and cannot matter: this
 * is the one place `any` stands for them, and every `db` the SQL layer takes is one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SqlExecutor = Kysely<any>;
