import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Runs the CLI entry as the `jsonapi-query` binary would, with captured output. */
async function main(...args: string[]): Promise<{ code: unknown; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    stdout += String(text);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
    stderr += String(text);
    return true;
  });
  process.argv = ['node', 'jsonapi-query', ...args];
  vi.resetModules();
  await import('../../src/cli/main.js');
  vi.restoreAllMocks();
  return { code: process.exitCode, stdout, stderr };
}

describe('jsonapi-query (the command dispatcher)', () => {
  const argv = process.argv;
  beforeEach(() => {
    process.exitCode = undefined;
  });
  afterEach(() => {
    process.argv = argv;
    process.exitCode = undefined;
  });

  it('dispatches to parse', async () => {
    const result = await main('parse', 'include=computers', '--type', 'person');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).include).toEqual([['computers']]);
  });

  it('passes the exit code of the command through', async () => {
    const result = await main('parse', 'foo=bar', '--type', 'person');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).errors[0].code).toBe('unknown_parameter');
  });

  it('lists the commands for --help (exit 0) and without a command (exit 2)', async () => {
    const help = await main('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: jsonapi-query <command> \[arguments\]\n\nCommands:\n {2}parse {3}print the QueryAST/);
    const none = await main();
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(help.stdout);
  });

  it('rejects an unknown command (exit 2), prototype names included', async () => {
    for (const name of ['frobnicate', 'constructor', '__proto__']) {
      const result = await main(name);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^jsonapi-query: unknown command "${name}"\\n\\nUsage:`));
    }
  });
});
