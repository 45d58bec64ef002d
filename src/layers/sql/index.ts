/**
 * `jsonapi-query/sql`: the SQL data layer on Kysely (PostgreSQL, PGlite,
 * MySQL/MariaDB, SQLite), and the DDL and loading helpers for its tables.
 */
export { createSqlLayer, type SqlLayer, type SqlLayerOptions } from './sql-layer.js';
export type { SqlLayerCall, SqlStatement } from './sql-layer-call.js';
export {
  resolveSqlMapping,
  type MappedRelationship,
  type MappedType,
  type ResolvedSqlMapping,
  type SqlJoinTable,
  type SqlMapping,
  type SqlRelationshipMapping,
  type SqlTypeMapping,
  type TableName,
} from './sql-mapping.js';
export {
  mysqlDialect,
  postgresDialect,
  sqliteDialect,
  type NullOrder,
  type SqlDialect,
  type SqlDialectName,
} from './sql-dialect.js';
export { registerSqliteFunctions, type SqliteFunctionHost } from './sqlite-functions.js';
export type { PreparableSqliteDatabase, PreparedSqliteStatement } from './statement-runner.js';
export { createTables, planTables, type TableOptions, type TablePlan } from './create-tables.js';
export { loadData, type SqlSeedData } from './load-data.js';
export { guardPool, type GuardablePool, type GuardPoolOptions } from './guard-pool.js';
export { SqlSetupError, type SqlSetupIssue } from './sql-setup-error.js';
