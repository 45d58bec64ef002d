/**
 * A saved file is never half-written: a process killed with SIGKILL in the middle of
 * a save leaves the whole previous file (or the whole new one), and its temporary
 * file is removed by the next saver; saves requested while one runs share the next.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSaver, removeAbandonedSaves, saveFileAtomically } from '../../src/cli/save-file.js';
import { ownedTempDir, spawnOwned } from '../helpers/owned.js';

/** The built module (`npm run build`), as the CLI runs it. */
const MODULE = new URL('../../dist/cli/save-file.js', import.meta.url).href;
const PAD = 16 * 1024 * 1024;

/** A program that saves versions 0, 1, 2, … of a large document to FILE, printing "saving N" before each. */
const SAVING_LOOP = `
const { saveFileAtomically, removeAbandonedSaves } = await import(${JSON.stringify(MODULE)});
const file = process.argv[1];
await removeAbandonedSaves(file);
const pad = 'x'.repeat(${String(PAD)});
for (let version = 0; ; version++) {
  process.stdout.write('saving ' + version + '\\n');
  await saveFileAtomically(file, JSON.stringify({ version, pad }));
}
`;

function expectWhole(file: string): number {
  const document = JSON.parse(readFileSync(file, 'utf8')) as { version: number; pad: string };
  expect(document.pad).toHaveLength(PAD);
  return document.version;
}

describe('saveFileAtomically', () => {
  it('writes the text and leaves nothing beside the file', async () => {
    const folder = ownedTempDir('jsonapi-query-save-');
    const file = join(folder, 'data.json');
    writeFileSync(file, 'old');
    await saveFileAtomically(file, '{"new":true}');
    expect(readFileSync(file, 'utf8')).toBe('{"new":true}');
    expect(readdirSync(folder)).toEqual(['data.json']);
  });

  it('fails without touching the file or leaving a temporary one when the rename cannot happen', async () => {
    const folder = ownedTempDir('jsonapi-query-save-');
    const target = join(folder, 'data.json');
    mkdirSync(target);
    writeFileSync(join(target, 'inside'), 'kept');
    await expect(saveFileAtomically(target, '{}')).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(folder)).toEqual(['data.json']);
    expect(readFileSync(join(target, 'inside'), 'utf8')).toBe('kept');
  });

  it('leaves a whole file when the saving process is killed in the middle of a save, again and again', async () => {
    const folder = ownedTempDir('jsonapi-query-save-');
    const file = join(folder, 'data.json');
    let last = -1;
    for (let round = 0; round < 4; round++) {
      const saver = spawnOwned(process.execPath, ['--input-type=module', '-e', SAVING_LOOP, file]);
      const temporary = join(folder, `.data.json.saving-${String(saver.child.pid)}`);
      await saver.waitFor(/saving 2\n/);
      // Kill once the save in progress has written part of its temporary file.
      while (!(existsSync(temporary) && statSync(temporary, { throwIfNoEntry: false })?.size)) await new Promise(setImmediate);
      saver.child.kill('SIGKILL');
      expect(await saver.exited).toBe('SIGKILL');
      const version = expectWhole(file);
      expect(version).toBeGreaterThanOrEqual(1);
      last = version;
    }
    expect(last).toBeGreaterThanOrEqual(1);
    await removeAbandonedSaves(file);
    expect(readdirSync(folder)).toEqual(['data.json']);
    expectWhole(file);
  });

  it('removes the temporary files of ended processes and keeps those of a saver still running', async () => {
    const folder = ownedTempDir('jsonapi-query-save-');
    const file = join(folder, 'data.json');
    const ended = spawnOwned(process.execPath, ['-e', '']);
    expect(await ended.exited).toBe(0);
    writeFileSync(join(folder, `.data.json.saving-${String(ended.child.pid)}`), 'abandoned');
    writeFileSync(join(folder, `.data.json.saving-${String(process.pid)}`), 'in progress');
    writeFileSync(join(folder, '.data.json.saving-not-a-pid'), 'junk');
    writeFileSync(join(folder, '.other.json.saving-1'), 'another file');
    await removeAbandonedSaves(file);
    expect(readdirSync(folder).sort()).toEqual([`.data.json.saving-${String(process.pid)}`, '.other.json.saving-1']);
  });
});

describe('FileSaver', () => {
  it('saves the state as it is when a save begins, and lets calls made during a save share the next one', async () => {
    const folder = ownedTempDir('jsonapi-query-save-');
    const file = join(folder, 'data.json');
    let state = 0;
    let snapshots = 0;
    const saver = new FileSaver(file, () => {
      snapshots++;
      return JSON.stringify({ state });
    });
    state = 1;
    const first = saver.save();
    state = 2;
    const second = saver.save();
    state = 3;
    const third = saver.save();
    expect(third).toBe(second);
    await first;
    await second;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ state: 3 });
    expect(snapshots).toBe(2);
    await saver.save();
    expect(snapshots).toBe(3);
  });

  it('rejects the callers of a failed save and saves again on the next call', async () => {
    const folder = ownedTempDir('jsonapi-query-save-');
    const file = join(folder, 'missing', 'data.json');
    const saver = new FileSaver(file, () => '{}');
    await expect(saver.save()).rejects.toThrow(/ENOENT/);
    mkdirSync(join(folder, 'missing'));
    await saver.save();
    expect(readFileSync(file, 'utf8')).toBe('{}');
  });
});
