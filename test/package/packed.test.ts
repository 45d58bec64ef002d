/**
 * The package as a user gets it. A copy of the repository without dist/ is packed
 * (so `prepack` must build), and the tarball is linted: publint (strict, not one
 * message, suggestions included) and arethetypeswrong (no problem but the two an
 * ESM-only package has by design). It is installed into two fresh projects (from
 * the local npm cache when there):
 *
 * - with its peers: every subpath of the exports map is imported, a small program is
 *   type-checked against the shipped declarations, and the CLI runs: `parse`, and
 *   `serve --db pglite`, first without the PGlite packages (one message naming both,
 *   with versions), then after installing exactly what that message says;
 * - alone, as `npm install jsonapi-query` leaves it (no optional peer): its installed
 *   size is printed and bounded, no installed package has an install script, every
 *   command runs or, for a database, names in one line every missing package with
 *   its version and the `npm install` line (never a stack), and `serve` serves the
 *   API, the query explorer and the API reference page.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
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
/** The tarball installed alone: no optional peer. */
const bare = join(work, 'bare');
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
  mkdirSync(bare);
  writeFileSync(join(bare, 'package.json'), PROJECT_FILES['package.json'] ?? '');
  await run('npm', ['install', ...NPM_FLAGS, tarball], bare);
}, 5 * READY_TIMEOUT_MS);

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

  it('passes publint with not one message, suggestions included', async () => {
    const data = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg) ?? message.code}`)).toEqual([]);
  }, READY_TIMEOUT_MS);

  it('passes arethetypeswrong: no problem but what ESM-only means', async () => {
    // The esm-only profile: the CLI exits non-zero on any problem of node16 (from ESM) or bundler resolution.
    const report = JSON.parse(await run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'json'], work)) as {
      analysis: { problems: { kind: string; entrypoint: string; resolutionKind?: string }[] };
    };
    // The profile ignores two resolutions; what they report must be exactly what an ESM-only
    // package (type: module, exports only, Node >= 20) gets there, for every entry point, nothing else.
    const unexpected = report.analysis.problems.filter(
      (problem) =>
        !(problem.kind === 'NoResolution' && problem.resolutionKind === 'node10') &&
        !(problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs'),
    );
    expect(unexpected).toEqual([]);
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

/** The apparent size (the sum of the file sizes, as npm's unpackedSize) of a folder, and its file count; links are not followed. */
function sizeOf(folder: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += lstatSync(join(entry.parentPath, entry.name)).size;
    files += 1;
  }
  return { bytes, files };
}

const MB = 1_000_000;
const megabytes = (bytes: number): string => `${(bytes / MB).toFixed(2)} MB`;

describe('the packed tarball installed alone, without optional peers', () => {
  const cli = (): string => join(bare, 'node_modules/.bin/jsonapi-query');
  const versions = manifest.devDependencies;

  it('is small and runs no install script', () => {
    const lock = JSON.parse(readFileSync(join(bare, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean; optional?: boolean; peer?: boolean }>;
    };
    const installed = Object.keys(lock.packages).filter((path) => path !== '');
    const own = sizeOf(join(bare, 'node_modules/jsonapi-query'));
    const tree = sizeOf(join(bare, 'node_modules'));
    process.stdout.write(
      `Installed alone: jsonapi-query ${megabytes(own.bytes)} (${own.files} files); ` +
        `node_modules ${megabytes(tree.bytes)} (${installed.length} packages, ${tree.files} files)\n`,
    );
    // The package itself (dist/, and src/ for its source and declaration maps): 2.8 MB
    // with reads only, 3.6 MB once writes and data-layer capabilities came, 4.2 MB with
    // policies, write hooks and the noninterference kit (code, not assets).
    expect(own.bytes).toBeLessThan(5 * MB);
    // Everything `npm install jsonapi-query` brings (ajv, ajv-formats, qs and theirs): 17.5 MB
    // while swagger-ui-dist was a dependency, 5.1 MB since (5.9 MB with writes, 6.5 MB with policies and hooks).
    expect(tree.bytes).toBeLessThan(8 * MB);
    expect(installed.filter((path) => /(^|\/)(swagger-ui-dist|@scarf\/scarf)$/.test(path))).toEqual([]);

    // No package runs code at install time (npm's own record, and each installed manifest).
    expect(installed.filter((path) => lock.packages[path]?.hasInstallScript === true)).toEqual([]);
    const scripted = installed.filter((path) => {
      const folder = join(bare, path);
      const { scripts = {} } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
      return ['preinstall', 'install', 'postinstall', 'prepare'].some((name) => name in scripts) || existsSync(join(folder, 'binding.gyp'));
    });
    expect(scripted).toEqual([]);
    // No optional peer came with it.
    expect(installed.filter((path) => /node_modules\/(kysely|pg|mysql2|better-sqlite3|@electric-sql\/pglite|fast-check|vitest)$/.test(path))).toEqual([]);
  });

  it.each([
    ['parse', ['parse', 'filter[name]=John', '--type', 'person'], /"kind": "compare"/],
    ['openapi', ['openapi'], /"openapi": "3\.1\.0"/],
    ['explain on the memory layer', ['explain', 'sort=name', '--type', 'person'], /"callCount": 1/],
  ])('runs %s', async (_name, args, output) => {
    const program = spawnOwned(cli(), args, { cwd: bare });
    expect(await program.exited, program.stderr()).toBe(0);
    expect(program.stdout()).toMatch(output);
    expect(program.stderr()).toBe('');
  });

  /** Each engine: a URL, and the packages it needs (in the order the message names them). */
  const engines = [
    ['SQLite', 'sqlite:x.db', ['kysely', 'better-sqlite3']],
    ['a SQLite file path', 'x.db', ['kysely', 'better-sqlite3']],
    ['PGlite', 'pglite', ['kysely', '@electric-sql/pglite', 'kysely-pglite-dialect']],
    ['PGlite in a folder', 'pglite:pgdata', ['kysely', '@electric-sql/pglite', 'kysely-pglite-dialect']],
    ['PostgreSQL', 'postgres://app@127.0.0.1:9/app', ['kysely', 'pg']],
    ['MySQL', 'mysql://app@127.0.0.1:9/app', ['kysely', 'mysql2']],
    ['MariaDB', 'mariadb://app@127.0.0.1:9/app', ['kysely', 'mysql2']],
  ] as const;
  const commands = [
    ['load', (db: string) => ['load', '--db', db]],
    ['serve', (db: string) => ['serve', '--db', db, '--port', '0']],
    ['explain', (db: string) => ['explain', 'sort=name', '--type', 'person', '--db', db]],
  ] as const;
  const cases = commands.flatMap(([command, args]) => engines.map(([engine, db, names]) => [command, engine, args(db), names] as const));

  it.each(cases)('%s on %s names every missing package with its version, in one line', async (command, _engine, args, names) => {
    const program = spawnOwned(cli(), args, { cwd: bare });
    expect(await program.exited).toBe(1);
    const install = `npm install ${names.map((name) => `${name}@${versions[name] ?? ''}`).join(' ')}`;
    const message = program.stderr();
    // One line: the command, what is missing, and the line that installs it — no stack, no Node error code.
    expect(message).toMatch(new RegExp(`^jsonapi-query ${command}: [^\n]*\n$`));
    expect(message).toContain(`not installed: ${names.join(', ')}. Install them with: ${install}\n`);
    expect(message).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /);
    expect(program.stdout()).toBe('');
    // It stopped before touching a database.
    expect(readdirSync(bare).sort()).toEqual(['node_modules', 'package-lock.json', 'package.json']);
  });

  it('says the same through npx', async () => {
    const program = spawnOwned('npx', ['--no', 'jsonapi-query', 'load', '--db', 'sqlite:x.db'], { cwd: bare });
    expect(await program.exited).toBe(1);
    expect(program.stderr()).toContain(
      `not installed: kysely, better-sqlite3. Install them with: npm install kysely@${versions['kysely'] ?? ''} better-sqlite3@${versions['better-sqlite3'] ?? ''}\n`,
    );
    expect(program.stderr()).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /);
  }, READY_TIMEOUT_MS);

  it('serves the API, the query explorer and the API reference page', async () => {
    const server = spawnOwned(cli(), ['serve', '--port', '0', '--quiet'], { cwd: bare });
    const [, origin = ''] = await server.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
    const html = { accept: 'text/html' };
    const api = await send(origin, '/persons/1?fields[person]=name', { headers: { accept: 'application/vnd.api+json' } });
    expect(JSON.parse(api.body)).toMatchObject({ data: { type: 'person', id: '1', attributes: { name: 'John' } } });
    for (const [path, accept, type] of [
      ['/', html, 'text/html; charset=utf-8'],
      ['/docs', html, 'text/html; charset=utf-8'],
      ['/__explorer/explorer.js', {}, 'text/javascript; charset=utf-8'],
      ['/__explorer/docs.js', {}, 'text/javascript; charset=utf-8'],
      ['/__explorer/docs.css', {}, 'text/css; charset=utf-8'],
      ['/__explorer/favicon.svg', {}, 'image/svg+xml'],
      ['/openapi.json', {}, 'application/json'],
    ] as const) {
      const response = await send(origin, path, { headers: accept });
      expect([path, response.status, response.headers['content-type']]).toEqual([path, 200, expect.stringContaining(type)]);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 2 * READY_TIMEOUT_MS);
});
