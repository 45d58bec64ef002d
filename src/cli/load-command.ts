/**
 * `jsonapi-query load --db URL [FILE] [--mapping FILE] [--replace]`: creates the
 * tables of a schema in a database and loads a `{ schema, data }` JSON file (or
 * the example person/computer dataset) into them.
 */
import { exampleData } from '../example/example-data.js';
import { exampleSchema } from '../example/example-schema.js';
import type { SqlMapping, SqlSeedData } from '../layers/sql/index.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { CommandIo } from './command-io.js';
import { readDatasetFile, readJsonFile } from './input-files.js';

export const LOAD_USAGE = `Usage: jsonapi-query load --db URL [FILE] [--mapping FILE] [--replace]

Creates the tables for the schema of FILE, a JSON file holding
{ "schema": …, "data": … } (records by type name), and loads the data.
Without FILE, loads the example person/computer dataset.

Options:
  --db URL         postgres://…, mysql://… (MariaDB too), sqlite:FILE or a file
                   path, pglite (in memory) or pglite:DIR
  --mapping FILE   a JSON file with the table/column mapping (see docs/sql-layer.md)
  --replace        drop the tables first when they exist
  --help           print this help
`;

interface LoadArguments {
  readonly db: string;
  readonly file: string | undefined;
  readonly mapping: string | undefined;
  readonly replace: boolean;
}

function parseArguments(args: readonly string[]): LoadArguments | string {
  let db: string | undefined;
  let file: string | undefined;
  let mapping: string | undefined;
  let replace = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--db' || arg === '--mapping') {
      const value = args[++index];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === '--db') db = value;
      else mapping = value;
    } else if (arg === '--replace') {
      replace = true;
    } else if (arg.startsWith('-')) {
      return `unknown option "${arg}"`;
    } else if (file === undefined) {
      file = arg;
    } else {
      return `unexpected argument "${arg}"`;
    }
  }
  if (db === undefined) return '--db URL is required';
  return { db, file, mapping, replace };
}

/** Runs `load`; resolves to the exit code (0 done, 1 failed, 2 bad usage). */
export async function loadCommand(args: readonly string[], io: CommandIo): Promise<number> {
  if (args.includes('--help')) {
    io.stdout.write(LOAD_USAGE);
    return 0;
  }
  const parsed = parseArguments(args);
  if (typeof parsed === 'string') {
    io.stderr.write(`jsonapi-query load: ${parsed}\n\n${LOAD_USAGE}`);
    return 2;
  }
  let schema: ResourceSchema = exampleSchema;
  let data: SqlSeedData = exampleData;
  let mapping: SqlMapping | undefined;
  try {
    if (parsed.file !== undefined) {
      ({ schema, data } = await readDatasetFile(parsed.file));
    }
    if (parsed.mapping !== undefined) mapping = (await readJsonFile(parsed.mapping)) as SqlMapping;
    // Loaded on demand, after the file checks: the SQL layer imports kysely, an optional peer.
    const { openDatabase, sqlLayerModule } = await import('./sql-source.js');
    const database = await openDatabase(parsed.db);
    try {
      const { createTables, loadData } = await sqlLayerModule();
      await createTables(database.db, schema, mapping, { dialect: database.dialect, replace: parsed.replace });
      await loadData(database.db, schema, mapping, data, { dialect: database.dialect });
    } finally {
      await database.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = !parsed.replace && /already exists/i.test(message) ? ' (add --replace to drop and re-create the tables)' : '';
    io.stderr.write(`jsonapi-query load: ${message}${hint}\n`);
    return 1;
  }
  const counts = Object.entries(data).map(([type, records]) => `${records.length} ${type}`);
  io.stdout.write(`Loaded ${counts.join(', ')} into ${parsed.db}\n`);
  return 0;
}
