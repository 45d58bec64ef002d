/**
 * `jsonapi-query explain`, run in-process: JSON out (exit 0), the error document for
 * a bad query (exit 1), usage mistakes (exit 2); on PGlite with the statements and plans.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { explainCommand } from '../../src/cli/explain-command.js';
import { loadCommand } from '../../src/cli/load-command.js';
import type { CommandIo } from '../../src/cli/command-io.js';
import type { Explanation } from '../../src/explain/index.js';
import { ownedTempDir } from '../helpers/owned.js';

async function run(
  args: readonly string[],
  command: (args: readonly string[], io: CommandIo) => Promise<number> = explainCommand,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('jsonapi-query explain', () => {
  it('explains a query on the example dataset with the memory layer', async () => {
    const { code, stdout } = await run(['include=computers', '--type', 'person']);
    expect(code).toBe(0);
    const explanation = JSON.parse(stdout) as Explanation;
    expect(explanation.callCount).toBe(2);
    expect(explanation.ast?.include).toEqual([['computers']]);
    expect(explanation.statements).toEqual([]);
  });

  it('prints the statements, parameters and plans of a database with --db pglite --plan', async () => {
    const { code, stdout } = await run(['filter[name]=John', '-t', 'person', '--db', 'pglite', '--plan']);
    expect(code).toBe(0);
    const explanation = JSON.parse(stdout) as Explanation;
    const [first] = explanation.statements;
    expect(first?.sql).toMatch(/^select /);
    expect(first?.parameters).toContain('John');
    expect(first?.plan?.length).toBeGreaterThan(0);
  }, 180_000); // PGlite boots in this process: seconds alone, much longer on a loaded machine

  it('reads a SQLite file loaded by "jsonapi-query load"', async () => {
    const db = `sqlite:${join(ownedTempDir('jsonapi-query-explain-'), 'example.db')}`;
    expect((await run(['--db', db], loadCommand)).code).toBe(0);
    const { code, stdout } = await run(['include=owner', '--type', 'computer', '--db', db, '--plan']);
    expect(code).toBe(0);
    const explanation = JSON.parse(stdout) as Explanation;
    expect(explanation.callCount).toBe(2);
    expect(explanation.statements.map((statement) => statement.sql.slice(0, 7))).toEqual(['select ', 'select ', 'select ']);
    expect(explanation.statements.every((statement) => (statement.plan?.length ?? 0) > 0)).toBe(true);
  });

  it('prints the error document of a bad query with exit code 1', async () => {
    const { code, stdout } = await run(['sort=nope', '--type', 'person']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ errors: [{ code: 'unknown_field', source: { parameter: 'sort' } }] });
  });

  it.each([
    [['sort=name'], /--type must be one of person, computer/],
    [['sort=name', '--type', 'nobody'], /--type must be one of/],
    [['sort=name', '--type', 'person', '--plan'], /go with --db/],
    [['--type', 'person'], /Expected a query string/],
    [['sort=name', '--type', 'person', '--bogus'], /Unknown option/],
  ])('answers the mistake %j with the usage and exit code 2', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Usage: jsonapi-query explain');
  });

  it('prints --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--plan');
  });
});
