/**
 * Child processes and temporary folders owned by a test. Each is released when the
 * test that made it finishes (or, made outside a test, when its file finishes),
 * passed or failed, and again when the worker process exits: a process is killed
 * with its whole process group, a folder is removed. Nothing outlives the run.
 */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * How long a spawned program may take to print that it is ready. Generous on
 * purpose: a loaded two-core machine makes start-up several times slower, and a
 * program that dies early is reported at once anyway.
 */
export const READY_TIMEOUT_MS = 120_000;

/** Synchronous releases still pending, run by the exit hook if the worker ends first. */
const pending = new Set<() => void>();
process.once('exit', () => {
  for (const release of pending) release();
});

/** Releases of what was made outside a test (at the top of a file, in a `beforeAll`). */
const fileScoped = new Set<() => Promise<void> | void>();
// This module is evaluated once per test file (Vitest isolates files), while the file is collected.
afterAll(async () => {
  for (const release of fileScoped) await release();
  fileScoped.clear();
});

/** Runs `release` when the current test finishes, or when the current file does. */
function releaseWhenDone(release: () => Promise<void> | void): void {
  try {
    onTestFinished(release);
  } catch {
    fileScoped.add(release);
  }
}

/** Creates `<tmpdir>/<prefix>XXXXXX`, removed when the test (or file) finishes. */
export function ownedTempDir(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  const remove = (): void => rmSync(directory, { recursive: true, force: true });
  pending.add(remove);
  releaseWhenDone(() => {
    pending.delete(remove);
    remove();
  });
  return directory;
}

/** A spawned program and what it printed. */
export interface OwnedProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout; rejects if the program exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code, or the signal that ended the program. */
  readonly exited: Promise<number | NodeJS.Signals>;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * Spawns a program in its own process group. When the test finishes the whole group
 * is killed (children of the program included) and waited for.
 */
export function spawnOwned(command: string, args: readonly string[], options: SpawnOptionsWithoutStdio = {}): OwnedProcess {
  const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const kill = (): void => killGroup(child.pid);
  pending.add(kill);
  let out = '';
  let err = '';
  const wakers = new Set<() => void>();
  const wake = (): void => {
    for (const waker of wakers) waker();
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('error', (error) => {
      err += `${error.message}\n`;
      resolve(-1);
    });
    child.once('close', (code, signal) => resolve(code ?? signal ?? -1));
  });
  let done = false;
  void exited.then(() => {
    done = true;
    wake();
  });
  releaseWhenDone(async () => {
    pending.delete(kill);
    kill();
    await exited;
  });
  const waitFor = (pattern: RegExp, timeoutMs = READY_TIMEOUT_MS): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const describe = (): string => `${command} ${args.join(' ')}\nstdout: ${out}\nstderr: ${err}`;
      const stop = (): void => {
        clearTimeout(timer);
        wakers.delete(check);
      };
      const check = (): void => {
        const match = out.match(pattern);
        if (match !== null) {
          stop();
          resolve(match);
        } else if (done) {
          stop();
          reject(new Error(`exited before printing ${pattern}: ${describe()}`));
        }
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`printed no ${pattern} within ${timeoutMs} ms: ${describe()}`));
      }, timeoutMs);
      wakers.add(check);
      check();
    });
  return { child, stdout: () => out, stderr: () => err, waitFor, exited };
}
