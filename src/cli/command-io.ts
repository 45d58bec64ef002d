import { isQueryError } from '../errors/query-error.js';

/** Where a CLI command writes: the process's streams, or a test's. */
export interface CommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/**
 * Runs a command's query work and writes its outcome to stdout as JSON: the result
 * (exit code 0), or the JSON:API errors of a rejected query (exit code 1). Any
 * other failure is thrown to the command.
 */
export async function writeQueryOutcome(io: CommandIo, run: () => unknown): Promise<number> {
  try {
    io.stdout.write(`${JSON.stringify(await run(), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!isQueryError(error)) throw error;
    io.stdout.write(`${JSON.stringify({ errors: error.errors }, null, 2)}\n`);
    return 1;
  }
}
