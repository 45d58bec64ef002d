/**
 * The package as a user gets it. A copy of the repository without dist/ is packed
 * (so `prepack` must build), the tarball is linted (publint, arethetypeswrong) and
 * installed into a fresh project with its peers (from the local npm cache when
 * there), where every subpath of the exports map is imported, a small program is
 * type-checked against the shipped declarations, and the CLI runs: `parse`, and
 * `serve --db pglite`, first without the PGlite packages (one message naming both,
 * with versions), then after installing exactly what that message says.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { ownedTempDir, READY_TIMEOUT_MS, spawnOwned } from '../helpers/owned.js';
import { PROJECT_FILES } from './fixture.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  devDependencies: Record<string, string>;
};
/** The peers a user installs beside it for the types and the testing kit, at the versions tested here. */
const PEERS = ['kysely', 'fast-check', 'vitest', '@types/node'].map((name) => `${name}@${manifest.devDependencies[name] ?? ''}`);
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** Runs a command to completion; fails with its output unless it exits 0. */
async function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  const program = spawnOwned(command, args, { cwd });
  const code = await program.exited;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}\n${program.stdout()}\n${program.stderr()}`);
  return program.stdout();
}

const work = ownedTempDir('jsonapi-query-pack-');
const project = join(work, 'project');
let tarball = '';
let packedFiles: string[] = [];

beforeAll(async () => {
  // A clean checkout: everything but node_modules, dist and .git; node_modules linked for the build.
  const source = join(work, 'source');
  cpSync(root, source, {
    recursive: true,
    filter: (path) => !/^(node_modules|dist|\.git)($|\/)/.test(relative(root, path).split(sep).join('/')),
  });
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work, '--loglevel=error'], source);
  const [entry] = JSON.parse(packed.slice(packed.indexOf('[\n'))) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, entry?.filename ?? '');
  packedFiles = (entry?.files ?? []).map((file) => file.path);
  mkdirSync(project);
  for (const [name, content] of Object.entries(PROJECT_FILES)) writeFileSync(join(project, name), content);
  await run('npm', ['install', ...NPM_FLAGS, tarball, ...PEERS], project);
}, 4 * READY_TIMEOUT_MS);

describe('the packed tarball', () => {
  it('holds the built dist/ (prepack), and src/ for every source map', () => {
    expect(packedFiles).toContain('dist/index.js');
    expect(packedFiles).toContain('dist/cli/main.js');
    const maps = packedFiles.filter((file) => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const missing = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(join(project, 'node_modules/jsonapi-query', map), 'utf8')) as { sources: string[] };
      return sources.map((source) => join(map, '..', source)).filter((file) => !packedFiles.includes(file));
    });
    expect(missing).toEqual([]);
    expect(packedFiles.filter((file) => /\.test(-d)?\.ts$/.test(file) || file.startsWith('test/'))).toEqual([]);
  });

  it('passes publint and arethetypeswrong', async () => {
    await run(bin('publint'), ['run', tarball, '--strict'], work);
    await run(bin('attw'), [tarball, '--profile', 'esm-only'], work);
  }, READY_TIMEOUT_MS);

  it('imports every subpath of the exports map', async () => {
    const output = await run(process.execPath, ['import-all.mjs'], project);
    const subpaths = Object.keys(manifest.exports);
    expect(output.trim().split('\n')).toEqual(subpaths.map((subpath) => `${subpath} ok`));
  });

  it('type-checks a program against the shipped declarations', async () => {
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], project);
  }, READY_TIMEOUT_MS);

  it('runs the CLI', async () => {
    const output = await run(join(project, 'node_modules/.bin/jsonapi-query'), ['parse', 'filter[name]=John', '--type', 'person'], project);
    expect(JSON.parse(output)).toMatchObject({ type: 'person', filter: { kind: 'compare', field: 'name', op: 'eq', value: 'John' } });
  });

  it('names every missing PGlite package with versions, and serves once they are installed', async () => {
    const cli = join(project, 'node_modules/.bin/jsonapi-query');
    const missing = spawnOwned(cli, ['serve', '--db', 'pglite', '--port', '0'], { cwd: project });
    expect(await missing.exited).toBe(1);
    const versions = manifest.devDependencies;
    const install = `npm install @electric-sql/pglite@${versions['@electric-sql/pglite'] ?? ''} kysely-pglite-dialect@${versions['kysely-pglite-dialect'] ?? ''}`;
    expect(missing.stderr()).toContain('not installed: @electric-sql/pglite, kysely-pglite-dialect.');
    expect(missing.stderr()).toContain(`Install them with: ${install}\n`);

    await run('npm', [...install.split(' ').slice(1), ...NPM_FLAGS], project);
    const server = spawnOwned(cli, ['serve', '--db', 'pglite', '--port', '0', '--quiet'], { cwd: project });
    const [, origin = ''] = await server.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
    const response = await send(origin, '/persons/1?fields[person]=name', { headers: { accept: 'application/vnd.api+json' } });
    expect(JSON.parse(response.body)).toMatchObject({ data: { type: 'person', id: '1', attributes: { name: 'John' } } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 4 * READY_TIMEOUT_MS);
});
