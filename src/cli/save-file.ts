/**
 * Saving a file so that it is never half-written: the text goes to a temporary file
 * beside it, which is flushed to disk (fsync) and then renamed over the file, and the
 * folder is flushed so the rename itself survives a power loss. A reader, or the next
 * start after a crash or a `kill -9` at any moment, finds the whole old file or the
 * whole new one. What a killed save leaves is a temporary file (`.NAME.saving-PID`),
 * which the next saver of the same file removes.
 */
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMPORARY = (name: string): string => `.${name}.saving-`;

/** Writes `text` to `file` all or nothing (see the module's comment). */
export async function saveFileAtomically(file: string, text: string): Promise<void> {
  const folder = dirname(file);
  const temporary = join(folder, `${TEMPORARY(basename(file))}${String(process.pid)}`);
  try {
    const handle = await open(temporary, 'w', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // Windows opens no folder as a file; its rename is durable on its own.
  if (process.platform === 'win32') return;
  const directory = await open(folder, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Removes what killed saves of `file` left: its temporary files of processes no longer running. */
export async function removeAbandonedSaves(file: string): Promise<void> {
  const prefix = TEMPORARY(basename(file));
  for (const name of await readdir(dirname(file))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isSafeInteger(pid) && pid > 0 && isRunning(pid)) continue;
    await rm(join(dirname(file), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Saves a changing state to one file, one save at a time: `save()` resolves once a
 * save that began after the call has finished, so the state at the call is on disk;
 * calls made while a save runs share the next one.
 */
export class FileSaver {
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => string,
  ) {}

  save(): Promise<void> {
    if (this.next !== undefined) return this.next;
    if (this.running === undefined) return this.start();
    const after = this.running.catch(() => undefined);
    this.next = after.then(() => {
      this.next = undefined;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<void> {
    const running = saveFileAtomically(this.file, this.snapshot());
    this.running = running;
    const clear = (): void => {
      if (this.running === running) this.running = undefined;
    };
    running.then(clear, clear);
    return running;
  }
}
