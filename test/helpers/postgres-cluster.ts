/**
 * A throwaway PostgreSQL cluster a test creates, stops and starts again: `initdb` in
 * an owned temporary folder, its own port, its unix socket in that folder. Whatever
 * happens, the server is shut down (immediate shutdown, so no shared memory is left
 * behind) and the folder removed when the test finishes. PostgreSQL refuses to run as
 * root: under root, its programs run as the `postgres` user (`setpriv`), which then
 * owns the folder.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { ownedTempDir, spawnOwned, type OwnedProcess } from './owned.js';

/** A cluster of the test: its URL, and its server started or stopped on demand. */
export interface ThrowawayCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  readonly url: string;
  /** Starts the server and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Fast shutdown (sessions are ended, as in a restart); resolves once the server has exited. */
  stop(): Promise<void>;
}

const POSTGRES_LIB = '/usr/lib/postgresql';

/** The folder `pg_config --bindir` names, if `pg_config` is on the PATH. */
function pgConfigBin(): string | undefined {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The folder of the PostgreSQL server programs (the newest under /usr/lib/postgresql,
 * else `pg_config --bindir`), or why there is none.
 */
export function postgresBinaries(): { readonly bin: string } | { readonly missing: string } {
  const versions = existsSync(POSTGRES_LIB) ? readdirSync(POSTGRES_LIB).filter((name) => /^\d+$/.test(name)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const candidates = [...versions.map((version) => join(POSTGRES_LIB, version, 'bin')), pgConfigBin()];
  for (const bin of candidates) {
    if (bin !== undefined && existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) return { bin };
  }
  return { missing: `no PostgreSQL server programs (initdb, postgres) under ${POSTGRES_LIB}/*/bin or in pg_config --bindir` };
}

/** How to run PostgreSQL's programs: as is, or as the `postgres` user when the tests run as root. */
function runAs(): { readonly prefix: readonly string[]; readonly uid: number; readonly gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string): number => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch (error) {
      throw new Error('The tests run as root, which PostgreSQL refuses: the throwaway cluster needs a "postgres" user to run as', {
        cause: error,
      });
    }
  };
  const uid = id('-u');
  const gid = id('-g');
  return { prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--'], uid, gid };
}

/** A port nothing listens on, outside the usual ephemeral range (32768–60999) outgoing connections take. */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port found for the throwaway PostgreSQL cluster');
}

/** Creates a cluster with `initdb` (the server is not started yet). */
export async function createThrowawayCluster(bin: string): Promise<ThrowawayCluster> {
  const folder = ownedTempDir('jsonapi-query-pgcluster-');
  const user = runAs();
  if (user !== undefined) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  const run = (program: string, args: readonly string[]): OwnedProcess => {
    const command = [...(user?.prefix ?? []), join(bin, program), ...args];
    // PostgreSQL logs to stderr; the owned process waits on stdout.
    return spawnOwned('/bin/sh', ['-c', 'exec "$@" 2>&1', 'sh', ...command], { cwd: folder });
  };
  const initdb = run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const code = await initdb.exited;
  if (code !== 0) throw new Error(`initdb exited with ${code}: ${initdb.stdout()}`);
  const port = await freePort();

  let server: OwnedProcess | undefined;
  const shutDown = async (signal: 'SIGINT' | 'SIGQUIT'): Promise<void> => {
    const running = server;
    server = undefined;
    if (running === undefined || running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.child.kill(signal);
    await running.exited;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      if (server !== undefined) throw new Error('the throwaway cluster is already running');
      const started = run('postgres', [
        '-D', data, '-p', String(port), '-k', folder, '-h', '127.0.0.1',
        '-c', 'shared_memory_type=mmap', '-c', 'dynamic_shared_memory_type=mmap', '-c', 'logging_collector=off',
        '-c', 'fsync=off', '-c', 'max_connections=30', '-c', 'shared_buffers=16MB',
      ]);
      server = started;
      // Registered after the process, so it runs before the process is killed: an
      // immediate shutdown lets the server remove its shared memory and exit cleanly.
      onTestFinished(() => shutDown('SIGQUIT'));
      await started.waitFor(/database system is ready to accept connections/);
    },
    stop: () => shutDown('SIGINT'),
  };
}
