/**
 * The streams every command writes to when run as `jsonapi-query`: the process's
 * own, with database passwords redacted (`redactSecrets`), and a reader that went
 * away (`jsonapi-query openapi | head -1`) ending the output quietly instead of
 * with an EPIPE stack.
 */
import process from 'node:process';
import type { CommandIo } from './command-io.js';
import { redactSecrets } from './redact-secrets.js';

/** Stops writing to a stream whose reader closed it; any other failure stays fatal. */
function ignoreBrokenPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
}

/** The process's stdout and stderr as a `CommandIo`. */
export function processIo(): CommandIo {
  process.stdout.on('error', ignoreBrokenPipe);
  process.stderr.on('error', ignoreBrokenPipe);
  return {
    stdout: { write: (text) => process.stdout.write(redactSecrets(text)) },
    stderr: { write: (text) => process.stderr.write(redactSecrets(text)) },
  };
}
