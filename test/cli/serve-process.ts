/**
 * Runs the built CLI (`dist/cli/main.js`, from `npm run build`) as a child process
 * and waits for what it prints.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface RunningCli {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout, waiting for it. */
  waitFor(pattern: RegExp, timeout?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal that killed it). */
  readonly exited: Promise<number | NodeJS.Signals>;
}

/** Starts `node dist/cli/main.js ...args`. */
export function startCli(args: readonly string[]): RunningCli {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const wake of waiters) wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.on('close', (code, signal) => {
      for (const wake of waiters) wake();
      resolve(code ?? signal ?? -1);
    });
  });
  const waitFor = (pattern: RegExp, timeout = 10_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const match = out.match(pattern);
        if (match !== null) {
          done();
          resolve(match);
        } else if (child.exitCode !== null) {
          done();
          reject(new Error(`CLI exited (${child.exitCode}) before printing ${pattern}\nstdout: ${out}\nstderr: ${err}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`CLI did not print ${pattern} in ${timeout} ms\nstdout: ${out}\nstderr: ${err}`));
      }, timeout);
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { child, stdout: () => out, stderr: () => err, waitFor, exited };
}

/** Starts `serve` and resolves with the CLI and the origin it printed. */
export async function startServe(args: readonly string[]): Promise<{ cli: RunningCli; origin: string }> {
  const cli = startCli(['serve', '--port', '0', ...args]);
  const [, origin = ''] = await cli.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
  return { cli, origin };
}

/** Runs the CLI to completion. */
export async function runCli(args: readonly string[]): Promise<{ code: number | NodeJS.Signals; stdout: string; stderr: string }> {
  const cli = startCli(args);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}
