/**
 * Where a CLI command writes: the process's streams, or a test's.
 *
 * @example
 * const code = await parseCommand(['sort=name', '--type', 'person'], process);
 */
export interface CommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}
