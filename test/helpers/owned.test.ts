/**
 * The owned-resources helper: what a test spawns or creates is gone when the test
 * ends, also when the test fails, grandchildren of a spawned program included.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownedTempDir, spawnOwned } from './owned.js';

/** Alive means: a /proc entry that is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const GRANDPARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log('pids ' + process.pid + ' ' + child.pid);
setInterval(() => {}, 1000);
`;

describe.runIf(process.platform === 'linux')('owned resources', () => {
  const left: { pids: number[]; directory: string } = { pids: [], directory: '' };

  it.fails('a failing test spawns a program that starts its own child, and makes a folder', async () => {
    left.directory = ownedTempDir('jsonapi-query-owned-');
    const program = spawnOwned(process.execPath, ['-e', GRANDPARENT]);
    const [, parent = '', child = ''] = await program.waitFor(/pids (\d+) (\d+)\n/);
    left.pids = [Number(parent), Number(child)];
    expect(left.pids.every(alive)).toBe(true);
    expect(existsSync(left.directory)).toBe(true);
    throw new Error('the test fails with everything still running');
  });

  it('left nothing behind: the process group was killed and the folder removed', async () => {
    expect(left.pids).toHaveLength(2);
    // The grandchild is reparented when its parent dies; wait until it is reaped.
    await expect.poll(() => left.pids.filter(alive), { timeout: 30_000 }).toEqual([]);
    expect(existsSync(left.directory)).toBe(false);
  });

  it('reports a program that exits before it is ready, with its output', async () => {
    const program = spawnOwned(process.execPath, ['-e', 'console.error("no database"); process.exit(3)']);
    await expect(program.waitFor(/listening/)).rejects.toThrow(/exited before printing \/listening\/[^]*no database/);
    expect(await program.exited).toBe(3);
  });
});
