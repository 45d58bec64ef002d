/**
 * `jsonapi-query serve [FILE] [--port N] [--host H] [--quiet] [--pagination M] [--count C] [OPTIONS]`: serves a
 * JSON file holding `{ schema, data }` (or the example person/computer dataset) as a
 * JSON:API server on the in-memory layer, logs one line per request, and exits cleanly
 * on SIGINT/SIGTERM. Its development routes stay on loopback addresses unless asked
 * for, and every connection has time limits.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exampleData } from '../example/example-data.js';
import { exampleSchema } from '../example/example-schema.js';
import { answerClientErrors, toNodeListener } from '../http/adapters/node.js';
import { createExplainHandler } from '../explain/explain-route.js';
import { withExplorer } from '../web-ui/explorer-route.js';
import { createHandler, type Handler, type HandlerOptions } from '../http/handler.js';
import type { Policy } from '../policy/policy.js';
import { PolicyError } from '../policy/policy-error.js';
import { hiddenFields, projectSchema } from '../policy/project-schema.js';
import type { LimitOptions } from '../limits.js';
import { OPENAPI_PATH, withOpenApi } from '../openapi/openapi-route.js';
import type { DataLayer } from '../layers/data-layer.js';
import { createMemoryLayer, type MemoryData, type MemoryLayer } from '../layers/memory/index.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { SqlMapping, SqlSeedData } from '../layers/sql/index.js';
import type { CommandIo } from './command-io.js';
import { InputFileError, readDatasetFile, readJsonFile, readSchemaFile } from './input-files.js';
import { isLoopbackHost } from './loopback.js';
import { savingLayer } from './saving-layer.js';
import { closeStalledConnections, DEFAULT_TIMEOUTS, timeoutOptions, type ServerTimeouts } from './server-timeouts.js';

/** The parsed command line of `serve`. */
export interface ServeOptions {
  /** The `{ schema, data }` JSON file; `undefined` serves the example dataset. */
  readonly file: string | undefined;
  readonly port: number;
  readonly host: string;
  /** No per-request log line. */
  readonly quiet: boolean;
  /** A database URL: serve it with the SQL layer instead of the memory layer. */
  readonly db: string | undefined;
  /** With `--db`: the schema JSON file (or a `{ schema, … }` file); default the example schema. */
  readonly schema: string | undefined;
  /** With `--db`: the table/column mapping JSON file. */
  readonly mapping: string | undefined;
  /** `--pagination`: the page form of every type (docs/query-syntax.md); `undefined` keeps the default. */
  readonly pagination?: 'offset' | 'cursor';
  /** `--count`: whether pages of every type carry `meta.count`; `undefined` keeps the default. */
  readonly count?: 'exact' | 'estimated' | 'none';
  /** `--dev-routes` / `--no-dev-routes`: explain and the explorer on or off; `undefined`: on for a loopback `host` only. */
  readonly devRoutes?: boolean;
  /** `--base-url`: the absolute URL prefixed to every link (no trailing `/`). */
  readonly baseUrl?: string;
  /** `--headers-timeout`, `--request-timeout`, `--keep-alive-timeout`, `--send-timeout`. */
  readonly timeouts: ServerTimeouts;
  /** `--writable`: take writes (docs/writes.md) where the data layer applies them. */
  readonly writable?: boolean;
  /** `--save`: with FILE and `--writable`, write every change back to FILE, atomically, before answering. */
  readonly save?: boolean;
  /** `--policy`: a JSON file holding one policy (docs/policies.md) for every request. */
  readonly policy?: string;
}

export const SERVE_USAGE = `Usage: jsonapi-query serve [FILE] [--port N] [--host H] [--quiet] [--pagination M] [--count C] [OPTIONS]
       jsonapi-query serve --db URL [--schema FILE] [--mapping FILE] [--port N] [--host H] [--quiet] [--pagination M] [--count C] [OPTIONS]

Serves FILE, a JSON file holding { "schema": …, "data": … } (the memory layer's
format: records by type name), as a JSON:API server. Without FILE, serves the
example person/computer dataset.

With --db, serves a SQL database with the SQL layer instead (tables created
and filled by "jsonapi-query load"). "--db pglite" is an embedded, in-memory
PostgreSQL: it is filled from FILE (or the example dataset) at start.

Options:
  --port N         port to listen on (default 3000; 0 picks a free port)
  --host H         address to bind (default 127.0.0.1)
  --quiet          do not log one line per request
  --db URL         postgres://…, mysql://… (MariaDB too), sqlite:FILE or a file
                   path, pglite (in memory) or pglite:DIR
  --schema FILE    with --db: the schema JSON file (default: the example schema)
  --mapping FILE   with --db: the table/column mapping (see docs/sql-layer.md)
  --pagination M   offset (default) or cursor: how pages of every type go when
                   a request names neither page[number] nor a cursor
  --count C        exact, estimated or none: whether pages carry meta.count
                   (default: exact for pages by number, none for pages by
                   cursor); estimated: exact up to 1000 rows, above it the
                   PostgreSQL planner's estimate (meta.countKind says which)
  --base-url URL   absolute URL prefixed to every link (https://api.example.com)
  --writable       take writes: POST, PATCH and DELETE on the routes, and
                   POST /operations (Atomic Operations); with FILE, changes live
                   in memory (FILE is not written without --save); with --db,
                   they go to the database
  --save           with FILE and --writable: write FILE back after every
                   successful write, before answering it, all or nothing
                   (a temporary file, fsync, rename)
  --policy FILE    one policy for every request (docs/policies.md), a JSON file
                   { "types": { "person": { "filter": [ …filter entries… ],
                   "hidden": ["birth_date"] } } }: rows outside a filter and
                   hidden fields do not exist for clients
  --dev-routes     serve /__explain, the query explorer (/) and the API reference
                   (/docs) whatever the host; by default only on a loopback host
                   (127.0.0.0/8, ::1, localhost)
  --no-dev-routes  never serve them
  --headers-timeout MS     receiving a request's headers (default ${DEFAULT_TIMEOUTS.headersTimeout})
  --request-timeout MS     receiving a whole request, body included (default ${DEFAULT_TIMEOUTS.requestTimeout})
  --keep-alive-timeout MS  an idle connection between requests (default ${DEFAULT_TIMEOUTS.keepAliveTimeout})
  --send-timeout MS        a response the client stops reading (default ${DEFAULT_TIMEOUTS.sendTimeout})
  --help           print this help

Stops cleanly (exit code 0) on SIGINT (Ctrl+C) or SIGTERM.
`;

/** A command-line mistake: printed with the usage, exit code 2. */
class UsageError extends Error {}

/** Parses the arguments after `serve`. */
function parseServeArguments(args: readonly string[]): ServeOptions {
  let file: string | undefined;
  let port = 3000;
  let host = '127.0.0.1';
  let quiet = false;
  let db: string | undefined;
  let schema: string | undefined;
  let mapping: string | undefined;
  let pagination: ServeOptions['pagination'];
  let count: ServeOptions['count'];
  let devRoutes: boolean | undefined;
  let baseUrl: string | undefined;
  let writable = false;
  let save = false;
  let policy: string | undefined;
  const timeouts: { -readonly [Name in keyof ServerTimeouts]: number } = { ...DEFAULT_TIMEOUTS };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? splitOnce(arg, '=') : [arg, undefined];
    const value = (): string => {
      const given = inline ?? args[++index];
      if (given === undefined || given === '') throw new UsageError(`${name} needs a value`);
      return given;
    };
    if (name === '--port') port = parsePort(value());
    else if (name === '--host') host = value();
    else if (name === '--quiet' && inline === undefined) quiet = true;
    else if (name === '--db') db = value();
    else if (name === '--schema') schema = value();
    else if (name === '--mapping') mapping = value();
    else if (name === '--pagination') pagination = choice(name, value(), ['offset', 'cursor'] as const);
    else if (name === '--count') count = choice(name, value(), ['exact', 'estimated', 'none'] as const);
    else if ((name === '--dev-routes' || name === '--no-dev-routes') && inline === undefined) devRoutes = name === '--dev-routes';
    else if (name === '--base-url') baseUrl = parseBaseUrl(value());
    else if (name === '--writable' && inline === undefined) writable = true;
    else if (name === '--save' && inline === undefined) save = true;
    else if (name === '--policy') policy = value();
    else if (name === '--headers-timeout') timeouts.headersTimeout = parseMilliseconds(name, value());
    else if (name === '--request-timeout') timeouts.requestTimeout = parseMilliseconds(name, value());
    else if (name === '--keep-alive-timeout') timeouts.keepAliveTimeout = parseMilliseconds(name, value());
    else if (name === '--send-timeout') timeouts.sendTimeout = parseMilliseconds(name, value());
    else if (name.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (file === undefined) file = arg;
    else throw new UsageError(`unexpected argument ${arg} (only one FILE)`);
  }
  if (db === undefined && (schema !== undefined || mapping !== undefined)) {
    throw new UsageError('--schema and --mapping go with --db');
  }
  if (timeouts.headersTimeout > timeouts.requestTimeout) {
    throw new UsageError(`--headers-timeout (${timeouts.headersTimeout}) must not exceed --request-timeout (${timeouts.requestTimeout})`);
  }
  if (db !== undefined && file !== undefined && db !== 'pglite') {
    throw new UsageError('FILE goes with the memory layer or --db pglite; use "jsonapi-query load" to fill a database');
  }
  if (save && (!writable || file === undefined || db !== undefined)) {
    throw new UsageError('--save goes with FILE and --writable, without --db: it writes the changes back to FILE');
  }
  return {
    file,
    port,
    host,
    quiet,
    db,
    schema,
    mapping,
    ...(pagination === undefined ? {} : { pagination }),
    ...(count === undefined ? {} : { count }),
    ...(devRoutes === undefined ? {} : { devRoutes }),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(writable ? { writable } : {}),
    ...(save ? { save } : {}),
    ...(policy === undefined ? {} : { policy }),
    timeouts,
  };
}

/** `--pagination` and `--count` as limits of every type. */
function pagingLimits(options: ServeOptions): LimitOptions {
  return {
    ...(options.pagination === undefined ? {} : { pagination: options.pagination }),
    ...(options.count === undefined ? {} : { count: options.count }),
  };
}

/** One of the allowed values of an option, or a usage error listing them. */
function choice<const T extends string>(name: string, given: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === given);
  if (found === undefined) throw new UsageError(`${name} must be ${allowed.join(' or ')}, not "${given}"`);
  return found;
}

/**
 * Runs `serve`: resolves with the exit code once the server has closed (0 after
 * SIGINT/SIGTERM), or at once with a non-zero code when the arguments or the file
 * are bad or the port cannot be bound.
 */
export async function serveCommand(args: readonly string[], io: CommandIo = process): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(SERVE_USAGE);
    return 0;
  }
  let options: ServeOptions;
  try {
    options = parseServeArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`jsonapi-query serve: ${error.message}\n\n${SERVE_USAGE}`);
    return 2;
  }
  let dataset: Dataset;
  let policy: Policy | undefined;
  try {
    dataset =
      options.db !== undefined
        ? await databaseDataset(options, options.db, io)
        : options.file === undefined
          ? exampleDataset()
          : await loadDataset(options.file, options.save === true);
    policy = options.policy === undefined ? undefined : ((await readJsonFile(options.policy)) as Policy);
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    io.stderr.write(`jsonapi-query serve: ${error.message}\n`);
    return 1;
  }
  // The explorer page and the explain route it uses (docs/explorer.md) show SQL and plans: loopback only unless asked.
  const devRoutes = options.devRoutes ?? isLoopbackHost(options.host);
  const handlerOptions: HandlerOptions = {
    schema: dataset.schema,
    dataLayer: dataset.dataLayer,
    limits: pagingLimits(options),
    logger: { error: (message, error) => io.stderr.write(`${message}: ${describeFailure(error)}\n`) },
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.writable === true ? { writable: true } : {}),
    ...(policy === undefined ? {} : { policy }),
  };
  let handle: Handler;
  try {
    handle = devRoutes ? createExplainHandler(handlerOptions) : createHandler(handlerOptions);
  } catch (error) {
    if (!(error instanceof PolicyError) || options.policy === undefined) throw error;
    io.stderr.write(`jsonapi-query serve: ${options.policy}: ${error.pointer === '' ? '' : `${error.pointer}: `}${error.message}\n`);
    return 1;
  }
  const served = withOpenApi(handle, handlerOptions);
  // The explorer shows the schema: the one clients see under the policy.
  const seenSchema = policy === undefined ? dataset.schema : projectSchema(dataset.schema, hiddenFields(policy));
  const handler = devRoutes ? withExplorer(served, { ...handlerOptions, schema: seenSchema }) : served;
  const listener = toNodeListener(handler);
  const server = createServer(timeoutOptions(options.timeouts), (req, res) => {
    if (!options.quiet) logWhenDone(io, req.method ?? '', req.url ?? '', res);
    listener(req, res);
  });
  answerClientErrors(server);
  const { sendTimeout } = options.timeouts;
  closeStalledConnections(server, sendTimeout, (socket) => {
    if (options.quiet) return;
    io.stdout.write(`Closed the connection of ${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}: its response not read for ${sendTimeout} ms\n`);
  });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    io.stderr.write(`jsonapi-query serve: cannot listen on ${options.host}:${options.port}: ${messageOf(error)}\n`);
    return 1;
  }
  const origin = originOf(server, options.host);
  if (devRoutes && !isLoopbackHost(options.host)) {
    io.stderr.write(
      `jsonapi-query serve: warning: the development routes (/__explain, the query explorer at /, /docs) are served on ` +
        `${options.host}, which other machines may reach; they show the SQL, parameters and plans of every query. ` +
        'Use --no-dev-routes (or --host 127.0.0.1) unless this network is yours alone.\n',
    );
  }
  const explorer = devRoutes
    ? `Query explorer: ${origin}/ (API reference: ${origin}/docs)\n`
    : 'Development routes (explain, explorer) off: add --dev-routes to serve them.\n';
  io.stdout.write(
    `Serving ${dataset.label} at ${origin}\n${policyLine(options)}${exampleRequests(origin, { ...dataset, schema: seenSchema }, filteredTypes(policy))}` +
      `OpenAPI document: ${origin}${OPENAPI_PATH}\n${explorer}${writesLine(options, dataset.dataLayer)}Press Ctrl+C to stop.\n`,
  );
  await closeOnSignal(server, io);
  await dataset.close?.();
  return 0;
}

interface Dataset {
  readonly label: string;
  readonly schema: ResourceSchema;
  /** The records, when they are known up front (to print example requests with real ids). */
  readonly data: MemoryData | undefined;
  readonly dataLayer: DataLayer;
  readonly close?: () => Promise<void>;
}

/** Opens `--db` with the SQL layer; `--db pglite` is filled from FILE or the example first. */
async function databaseDataset(options: ServeOptions, db: string, io: CommandIo): Promise<Dataset> {
  try {
    const source = options.file === undefined ? exampleDataset() : await loadDataset(options.file);
    const schema =
      options.schema === undefined ? source.schema : await readSchemaFile(options.schema);
    const mapping =
      options.mapping === undefined ? undefined : ((await readJsonFile(options.mapping)) as SqlMapping);
    // Loaded on demand: serving the memory layer needs neither Kysely nor a driver.
    const { openSqlLayer } = await import('./sql-source.js');
    const seed = db === 'pglite' ? ((source.data ?? {}) as SqlSeedData) : undefined;
    const { explainable } = await import('../explain/explainable-db.js');
    const { layer, close } = await openSqlLayer({
      db,
      schema,
      wrap: explainable,
      onConnectionError: (error) => io.stderr.write(`Database connection lost (the pool opens a new one): ${error.message}\n`),
      ...(options.writable === true ? { writable: true } : {}),
      ...(mapping === undefined ? {} : { mapping }),
      ...(seed === undefined ? {} : { seed }),
    });
    return { label: db, schema, data: seed === undefined ? undefined : source.data, dataLayer: layer, close };
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw new InputFileError(`${db}: ${messageOf(error)}`);
  }
}

function exampleDataset(): Dataset {
  return {
    label: 'the example person/computer dataset',
    schema: exampleSchema,
    data: exampleData,
    dataLayer: createMemoryLayer(exampleSchema, exampleData),
  };
}

/**
 * Reads and checks FILE; every failure is an `InputFileError` naming the file and
 * what is wrong. With `save`, every write is saved back to FILE (`--save`).
 */
async function loadDataset(file: string, save = false): Promise<Dataset> {
  const { schema, data } = await readDatasetFile(file);
  let layer: MemoryLayer;
  try {
    layer = createMemoryLayer(schema, data);
  } catch (error) {
    throw new InputFileError(`${file}: ${messageOf(error)}`);
  }
  try {
    return { label: file, schema, data, dataLayer: save ? await savingLayer(file, schema, layer) : layer };
  } catch (error) {
    throw new InputFileError(`${file}: cannot save beside it: ${messageOf(error)}`);
  }
}

/** The banner's line on `--policy`. */
function policyLine(options: ServeOptions): string {
  return options.policy === undefined ? '' : `Policy: ${options.policy} (rows outside its filters and its hidden fields do not exist for clients)\n`;
}

/** The types a policy gives a row filter: their first record may be hidden. */
function filteredTypes(policy: Policy | undefined): ReadonlySet<string> {
  return new Set(Object.entries(policy?.types ?? {}).flatMap(([type, typePolicy]) => (typePolicy?.filter === undefined ? [] : [type])));
}

/**
 * A few requests that work against the dataset: a collection, a page, one resource
 * (unless a policy filters its type), an include (of a relationship `schema` has).
 */
function exampleRequests(origin: string, { schema, data = {} }: Dataset, filtered: ReadonlySet<string>): string {
  const lines: string[] = [];
  for (const [name, type] of Object.entries(schema.types).slice(0, 2)) {
    const records: unknown = Object.hasOwn(data, name) ? data[name] : undefined;
    const first: unknown = Array.isArray(records) ? records[0] : undefined;
    const id = typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : undefined;
    const relationship = Object.keys(type.relationships ?? {})[0];
    lines.push(`/${type.root}?page[size]=2`);
    if (id !== undefined && !filtered.has(name)) lines.push(`/${type.root}/${encodeURIComponent(String(id))}`);
    if (relationship !== undefined) lines.push(`/${type.root}?include=${relationship}&page[size]=2`);
  }
  const curl = lines.map((path) => `  curl -g -H 'Accept: application/vnd.api+json' '${origin}${path}'\n`);
  return `Try:\n${curl.join('')}`;
}

/** What the banner says of writes: read-only, taken, or asked for over a layer that cannot take them. */
function writesLine(options: ServeOptions, layer: DataLayer): string {
  if (options.writable !== true) return 'Read-only: add --writable to take writes.\n';
  if (layer.apply === undefined) return 'Writes asked for, but this data layer does not take them: every write is a 405.\n';
  const kept =
    options.db !== undefined
      ? `changes go to ${options.db === 'pglite' ? 'the in-memory database' : 'the database'}`
      : options.save === true
        ? `every change is saved to ${options.file ?? ''} before it is answered`
        : 'changes are kept in memory only';
  return `Writable: POST, PATCH and DELETE on the routes, POST /operations (Atomic Operations); ${kept}.\n`;
}

/** Logs `METHOD /path?query STATUS 1.2ms` when the response is done (or the client gone). */
function logWhenDone(io: CommandIo, method: string, url: string, res: ServerResponse): void {
  const start = performance.now();
  res.once('close', () => {
    const ms = (performance.now() - start).toFixed(1);
    const gone = res.writableFinished ? '' : ' (client closed)';
    io.stdout.write(`${method} ${url} ${res.statusCode} ${ms}ms${gone}\n`);
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Waits for SIGINT or SIGTERM, then stops accepting, closes every connection and resolves. */
function closeOnSignal(server: Server, io: CommandIo): Promise<void> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.stdout.write(`${signal}: closing the server\n`);
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 1000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function originOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be an integer from 0 to 65535, not "${text}"`);
  return port;
}

/** A time limit in milliseconds: a positive integer. */
function parseMilliseconds(name: string, text: string): number {
  const ms = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(ms >= 1 && ms <= 2 ** 31 - 1)) throw new UsageError(`${name} must be a positive number of milliseconds, not "${text}"`);
  return ms;
}

/** An absolute http(s) URL without query or fragment; a trailing `/` is dropped, as links add their own. */
function parseBaseUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    throw new UsageError(`--base-url must be an absolute http(s) URL without query or fragment, not "${text}"`);
  }
  return url.href.replace(/\/+$/, '');
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** A failure for the server's own log: the stack when there is one. */
function describeFailure(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
