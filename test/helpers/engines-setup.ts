/**
 * Vitest global setup: probes the database servers named by
 * `JSONAPI_QUERY_POSTGRES_URL` and `JSONAPI_QUERY_MYSQL_URL` once for the whole run
 * (a URL that is set but unreachable fails the run: it asked for that engine), hands
 * the result to the test files (`inject('sqlEngines')`, read by engines.ts), and at
 * the end prints one line naming the engines that were tested, how many databases
 * the tests made on each, and the engines skipped and why.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** One server engine as probed: its URL, and the server version or why it is skipped. */
export interface ServerProbe {
  readonly url: string | undefined;
  readonly version: string | undefined;
  readonly skipped: string | undefined;
}

/** What the test files receive. */
export interface SqlEnginesReport {
  readonly postgres: ServerProbe;
  readonly mariadb: ServerProbe;
  /** engines.ts appends the engine name here for each database it creates. */
  readonly usageFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqlEngines: SqlEnginesReport;
  }
}

async function probe(variable: string, version: (url: string) => Promise<string>): Promise<ServerProbe> {
  const url = process.env[variable];
  if (url === undefined || url === '') return { url: undefined, version: undefined, skipped: `${variable} is not set` };
  try {
    return { url, version: await version(url), skipped: undefined };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${variable}=${url} is set but the server cannot be reached: ${reason}`, { cause: error });
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return `PostgreSQL ${result.rows[0]?.v ?? '?'}`;
  } finally {
    await client.end();
  }
}

async function mysqlVersion(url: string): Promise<string> {
  const connection = await createConnection({ uri: url, connectTimeout: 10_000 });
  try {
    const [rows] = await connection.query('select version() as v');
    const version = String((rows as { v: unknown }[])[0]?.v ?? '?');
    return /mariadb/i.test(version) ? `MariaDB ${version.replace(/-MariaDB.*$/i, '')}` : `MySQL ${version}`;
  } finally {
    await connection.end();
  }
}

const FOLDER_PREFIX = 'jsonapi-query-engines-';

/**
 * A run stopped by a signal (Ctrl+C, a CI time limit) ends without its teardown;
 * its folder, named after its process id, is removed by the next run.
 */
function removeFoldersOfEndedRuns(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid === undefined) continue;
    try {
      process.kill(Number(pid), 0);
    } catch {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Probes the servers; the returned teardown prints the summary line. */
export default async function setup(project: TestProject): Promise<() => void> {
  const [postgres, mariadb] = await Promise.all([
    probe('JSONAPI_QUERY_POSTGRES_URL', postgresVersion),
    probe('JSONAPI_QUERY_MYSQL_URL', mysqlVersion),
  ]);
  removeFoldersOfEndedRuns();
  const directory = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  const usageFile = join(directory, 'used');
  project.provide('sqlEngines', { postgres, mariadb, usageFile });
  return () => {
    const used = existsSync(usageFile) ? readFileSync(usageFile, 'utf8').split('\n').filter((name) => name !== '') : [];
    rmSync(directory, { recursive: true, force: true });
    const tested: string[] = [];
    const unused: string[] = [];
    const skipped: string[] = [];
    const describeUse = (name: string, detail: string): void => {
      const databases = used.filter((entry) => entry === name).length;
      if (databases > 0) tested.push(`${name}${detail} (${databases} databases)`);
      else unused.push(`${name}${detail}`);
    };
    describeUse('pglite', '');
    describeUse('sqlite', '');
    for (const [name, server] of [['postgres', postgres], ['mariadb', mariadb]] as const) {
      if (server.skipped !== undefined) skipped.push(`${name} (${server.skipped})`);
      else describeUse(name, ` ${server.version ?? ''} at ${hostOf(server.url ?? '')}`);
    }
    const parts = [`SQL engines tested: ${tested.join(', ') || 'none'}`];
    if (unused.length > 0) parts.push(`available but used by none of the files run: ${unused.join(', ')}`);
    parts.push(`skipped: ${skipped.join(', ') || 'none'}`);
    console.log(parts.join('; '));
  };
}
