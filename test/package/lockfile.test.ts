/**
 * `npm install` on a clean clone must leave the committed package-lock.json as it
 * is: the lockfile npm computes from package.json (with the packages it names
 * taken from the local cache when they are there) equals the committed one.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ownedTempDir, READY_TIMEOUT_MS, spawnOwned } from '../helpers/owned.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('package-lock.json', () => {
  it('is what npm install computes from package.json', async () => {
    const directory = ownedTempDir('jsonapi-query-lock-');
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(root, file), join(directory, file));
    const npm = spawnOwned('npm', ['install', '--package-lock-only', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: directory,
    });
    expect(await npm.exited, npm.stderr()).toBe(0);
    const computed = readFileSync(join(directory, 'package-lock.json'), 'utf8');
    // toEqual on the parsed files names the entries that differ.
    expect(JSON.parse(computed)).toEqual(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')));
    expect(computed).toBe(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  }, READY_TIMEOUT_MS);
});
