/**
 * `jsonapi-query explain '<query string>' --type TYPE [FILE] [--db URL] [--plan]`:
 * prints what a collection request means and costs as JSON — the resolved QueryAST,
 * the data-layer calls, and on a database the SQL statements with their bound
 * parameters (and the engine's plans with `--plan`). See docs/explorer.md.
 */
import { parseArgs } from 'node:util';
import { exampleData } from '../example/example-data.js';
import { exampleSchema } from '../example/example-schema.js';
import { explainable } from '../explain/explainable-db.js';
import { explainQuery } from '../explain/explain-query.js';
import type { DataLayer } from '../layers/data-layer.js';
import { createMemoryLayer, type MemoryData } from '../layers/memory/index.js';
import type { SqlMapping, SqlSeedData } from '../layers/sql/index.js';
import type { ResourceSchema } from '../schema/schema.js';
import { writeQueryOutcome, type CommandIo } from './command-io.js';
import { readDatasetFile, readJsonFile, readSchemaFile } from './input-files.js';

export const EXPLAIN_USAGE = `Usage: jsonapi-query explain '<query string>' --type TYPE [FILE] [--plan]
       jsonapi-query explain '<query string>' --type TYPE --db URL [--schema FILE] [--mapping FILE] [--plan]

Runs the collection read of TYPE with the query string and prints, as JSON, the
resolved QueryAST, the data-layer calls the request and its includes cost, and
on a database the SQL statements with their bound parameters. Exit code 0, or 1
with the JSON:API error document for a bad query, 2 for a command-line mistake.

FILE holds { "schema": …, "data": … } and is served with the memory layer
(default: the example person/computer dataset). With --db, the database is read
with the SQL layer ("--db pglite" is an in-memory PostgreSQL filled from FILE or
the example dataset first).

Options:
  -t, --type TYPE   the resource type read (required)
  --db URL          postgres://…, mysql://…, sqlite:FILE or a file path, pglite or pglite:DIR
  --schema FILE     with --db: the schema JSON file (default: FILE's or the example schema)
  --mapping FILE    with --db: the table/column mapping (see docs/sql-layer.md)
  --plan            with --db: add the engine's EXPLAIN of each select
  -h, --help        show this help

Example:
  jsonapi-query explain 'filter[name]=John&include=computers' --type person --db pglite --plan
`;

/** A command-line mistake: printed with the usage, exit code 2. */
class UsageError extends Error {}

/** Runs `explain` with the arguments after the command name and resolves with the exit code. */
export async function explainCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  try {
    const { values, positionals } = readArguments(args);
    if (values.help === true) {
      io.stdout.write(EXPLAIN_USAGE);
      return 0;
    }
    const [query, file, ...extra] = positionals;
    if (query === undefined || extra.length > 0) throw new UsageError('Expected a query string and at most one FILE');
    if (values.db === undefined && (values.schema !== undefined || values.mapping !== undefined || values.plan === true)) {
      throw new UsageError('--schema, --mapping and --plan go with --db');
    }
    const source = file === undefined ? { schema: exampleSchema as ResourceSchema, data: exampleData as MemoryData } : await readDatasetFile(file);
    const schema = values.schema === undefined ? source.schema : await readSchemaFile(values.schema);
    const type = values.type;
    if (type === undefined || !Object.hasOwn(schema.types, type)) {
      throw new UsageError(`--type must be one of ${Object.keys(schema.types).join(', ')}`);
    }
    let dataLayer: DataLayer;
    if (values.db === undefined) {
      dataLayer = createMemoryLayer(schema, source.data);
    } else {
      const { openSqlLayer } = await import('./sql-source.js');
      const mapping = values.mapping === undefined ? undefined : ((await readJsonFile(values.mapping)) as SqlMapping);
      const opened = await openSqlLayer({
        db: values.db,
        schema,
        wrap: explainable,
        ...(mapping === undefined ? {} : { mapping }),
        ...(values.db === 'pglite' ? { seed: source.data as SqlSeedData } : {}),
      });
      close = opened.close;
      dataLayer = opened.layer;
    }
    return await writeQueryOutcome(io, () => explainQuery({ schema, dataLayer, type, query, plan: values.plan === true }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`jsonapi-query explain: ${message}\n${error instanceof UsageError ? `\n${EXPLAIN_USAGE}` : ''}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await close?.();
  }
}

function readArguments(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        type: { type: 'string', short: 't' },
        db: { type: 'string' },
        schema: { type: 'string' },
        mapping: { type: 'string' },
        plan: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
