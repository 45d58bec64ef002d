/**
 * Every `ts`/`js` code block of README.md and docs/*.md type-checks against the
 * built package (imported as `jsonapi-query`, through its exports map, as a user
 * imports it), and the blocks marked to run do run (code-blocks.ts explains the
 * markers). A block that needs PostgreSQL reads `DATABASE_URL`; it runs twice in a
 * private schema when `JSONAPI_QUERY_POSTGRES_URL` is set.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import ts from 'typescript';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ownedTempDir, READY_TIMEOUT_MS, spawnOwned } from '../helpers/owned.js';
import { documentationPages, extractModules } from './code-blocks.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const allModules = documentationPages(root).flatMap((page) => extractModules(root, page));
/** The blocks compiled here; `covered-by` blocks are run by the test file they name. */
const modules = allModules.filter((module) => module.coveredBy === undefined);
const project = ownedTempDir('jsonapi-query-docs-');
const postgresUrl = inject('sqlEngines').postgres.skipped === undefined ? inject('sqlEngines').postgres.url : undefined;

/** A data layer of the reader's own, for the pages that show how to test one. */
const MY_LAYER = `import type { ResourceSchema } from 'jsonapi-query';
import { createMemoryLayer, type MemoryData } from 'jsonapi-query/memory';

export type MyLayer = ReturnType<typeof createMemoryLayer> & { close(): Promise<void> };

export function createMyLayer(schema: ResourceSchema, data: MemoryData): MyLayer {
  return Object.assign(createMemoryLayer(schema, data), { close: async () => {} });
}
`;

/** The compiler's diagnostics by generated file name. */
const diagnostics = new Map<string, string[]>();

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.d.ts'))) throw new Error('dist/ is missing: run "npm run build" first');
  // A project beside the repository: its node_modules links every installed package, and the package itself.
  const nodeModules = join(project, 'node_modules');
  mkdirSync(nodeModules);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    symlinkSync(join(root, 'node_modules', name), join(nodeModules, name), 'dir');
  }
  symlinkSync(root, join(nodeModules, 'jsonapi-query'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  // The reader's own data layer that docs/testing.md and docs/data-layer.md import as ../src/my-layer.js.
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src/my-layer.ts'), MY_LAYER);
  mkdirSync(join(project, 'test'));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      files: modules.map((module) => `test/${module.file}`),
    }),
  );
  for (const module of modules) writeFileSync(join(project, 'test', module.file), module.source);
  // Each file's own diagnostics: a syntax error in one block does not hide another block's errors.
  const config = ts.getParsedCommandLineOfConfigFile(join(project, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (config === undefined) throw new Error('tsconfig.json of the docs project cannot be read');
  const program = ts.createProgram(config.fileNames, config.options);
  for (const module of modules) {
    const source = program.getSourceFile(join(project, 'test', module.file));
    if (source === undefined) throw new Error(`${module.file} is not in the program`);
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
      const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
      return `line ${line} of the module: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    diagnostics.set(module.file, found);
  }
}, READY_TIMEOUT_MS);

/** Runs a module with Node after stripping its types; resolves with its output. */
async function runModule(module: (typeof modules)[number], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const js = ts.transpileModule(module.source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false },
  }).outputText;
  const file = join(project, 'test', module.file.replace(/\.ts$/, '.mjs'));
  writeFileSync(file, js);
  const program = spawnOwned(process.execPath, [file], { cwd: project, env: { ...process.env, ...env } });
  const code = await program.exited;
  expect(code, `${module.origin}\n${program.stdout()}\n${program.stderr()}`).toBe(0);
  return program.stdout();
}

describe('code blocks of README.md and docs/*.md', () => {
  it('finds the blocks', () => {
    expect(modules.length).toBeGreaterThan(30);
  });

  it.each(allModules.filter((module) => module.coveredBy !== undefined).map((module) => [module.origin, module.coveredBy] as const))(
    '%s is run by %s',
    (_, path) => {
      expect(existsSync(join(root, path ?? ''))).toBe(true);
    },
  );

  it.each(modules.map((module) => [module.origin, module] as const))('%s type-checks', (_, module) => {
    expect(diagnostics.get(module.file) ?? [], module.source).toEqual([]);
  });

  const runnable = modules.filter((module) => module.run);
  it.each(runnable.filter((module) => !module.source.includes('DATABASE_URL')).map((module) => [module.origin, module] as const))(
    '%s runs',
    async (_, module) => {
      await runModule(module);
    },
    READY_TIMEOUT_MS,
  );

  it.runIf(postgresUrl !== undefined).each(
    runnable.filter((module) => module.source.includes('DATABASE_URL')).map((module) => [module.origin, module] as const),
  )('%s runs twice on PostgreSQL', async (_, module) => {
    const schema = `jq_docs_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create schema "${schema}"`);
      const url = `${postgresUrl ?? ''}${postgresUrl?.includes('?') === true ? '&' : '?'}options=-c%20search_path%3D${schema}`;
      await runModule(module, { DATABASE_URL: url });
      await runModule(module, { DATABASE_URL: url });
    } finally {
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  }, 2 * READY_TIMEOUT_MS);
});
