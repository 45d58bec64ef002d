/**
 * `.ci/run` under `CI=true`: an engine that cannot be reached fails the run with a
 * message naming it, instead of the suite skipping it. The script's `start_services`
 * runs with stub commands (`pg_isready`, `mariadb-admin`, … on PATH first), so the
 * test needs no database and no root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const stubs: string[] = [];
afterAll(() => {
  for (const dir of stubs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `start_services` with stubs: each engine answers its ping or not; `sleep` returns at once. */
function startServices(engines: { postgres: boolean; mariadb: boolean }, ci: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-'));
  stubs.push(dir);
  const stub = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  stub('pg_isready', `exit ${engines.postgres ? 0 : 1}`);
  stub('mariadb-admin', `exit ${engines.mariadb ? 0 : 1}`);
  stub('pg_ctlcluster', 'exit 1');
  stub('start-stop-daemon', 'exit 1');
  stub('psql', 'echo 1');
  stub('mariadb', 'exit 0');
  stub('sleep', 'exit 0');
  const env: Record<string, string> = { PATH: `${dir}:/usr/bin:/bin`, HOME: dir };
  if (ci) env['CI'] = 'true';
  return spawnSync('bash', ['-c', 'source .ci/run && start_services && echo "PG=${JSONAPI_QUERY_POSTGRES_URL:-} MY=${JSONAPI_QUERY_MYSQL_URL:-}"'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
}

describe('.ci/run start_services', () => {
  it('fails under CI=true when PostgreSQL cannot be reached, naming it', () => {
    const run = startServices({ postgres: false, mariadb: true }, true);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('.ci/run: PostgreSQL is not reachable on 127.0.0.1:5432 (CI=true tests every engine)');
  });

  it('fails under CI=true when MariaDB cannot be reached, naming it', () => {
    const run = startServices({ postgres: true, mariadb: false }, true);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('.ci/run: MariaDB is not reachable on 127.0.0.1:3306 (CI=true tests every engine)');
  });

  it('sets both URLs when both engines answer', () => {
    const run = startServices({ postgres: true, mariadb: true }, true);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('PG=postgres://postgres@127.0.0.1:5432/test MY=mysql://root@127.0.0.1:3306/test');
  });

  it('outside CI an engine that is not there is left to the suite, which skips it', () => {
    const run = startServices({ postgres: false, mariadb: false }, false);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('PG= MY=');
  });
});
