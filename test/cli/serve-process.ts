/**
 * Runs the built CLI (`dist/cli/main.js`, from `npm run build`) as a child process
 * owned by the test (see test/helpers/owned.ts) and waits for what it prints.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnOwned, type OwnedProcess } from '../helpers/owned.js';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Starts `node dist/cli/main.js ...args`. */
export function startCli(args: readonly string[]): OwnedProcess {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  return spawnOwned(process.execPath, [CLI, ...args]);
}

/**
 * Starts `serve` and resolves once it listens, with the CLI and the origin to send
 * requests to: always on 127.0.0.1 (the port it printed), whatever `--host` it binds.
 */
export async function startServe(args: readonly string[]): Promise<{ cli: OwnedProcess; origin: string }> {
  const cli = startCli(['serve', '--port', '0', ...args]);
  const [, port = ''] = await cli.waitFor(/ at http:\/\/\S+:(\d+)\n/);
  return { cli, origin: `http://127.0.0.1:${port}` };
}

/** Runs the CLI to completion. */
export async function runCli(args: readonly string[]): Promise<{ code: number | NodeJS.Signals; stdout: string; stderr: string }> {
  const cli = startCli(args);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}
