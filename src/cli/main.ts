#!/usr/bin/env node
/**
 * The `jsonapi-query` command: dispatches to one command module, loaded on demand
 * so each command pays only for what it imports.
 */
import process from 'node:process';
import type { CommandIo } from './command-io.js';
import { processIo } from './process-io.js';

/** A command: its arguments (after its name) in, its exit code out. */
type Command = (args: readonly string[], io: CommandIo) => Promise<number>;

/** Every command, one line each: name → summary and lazy loader. */
const commands: ReadonlyMap<string, { readonly summary: string; readonly load: () => Promise<Command> }> = new Map([
  ['parse', { summary: 'print the QueryAST of a query string, or its error document', load: async () => (await import('./parse-command.js')).parseCommand }],
  ['load', { summary: 'create the tables of a { schema, data } JSON file (or the example dataset) in a SQL database and fill them', load: async () => (await import('./load-command.js')).loadCommand }],
  ['openapi', { summary: 'print the OpenAPI 3.1 document of the API that serve runs for a schema', load: async () => (await import('./openapi-command.js')).openapiCommand }],
  ['explain', { summary: 'print the QueryAST, data-layer calls and SQL statements of a query', load: async () => (await import('./explain-command.js')).explainCommand }],
  ['serve', { summary: 'serve a { schema, data } JSON file (or the example dataset) as a JSON:API server', load: async () => (await import('./serve-command.js')).serveCommand }],
]);

const usage = `Usage: jsonapi-query <command> [arguments]

Commands:
${[...commands].map(([name, { summary }]) => `  ${name.padEnd(8)}${summary}`).join('\n')}

Run "jsonapi-query <command> --help" for a command's options.
`;

async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(usage);
    return name === undefined ? 2 : 0;
  }
  const command = commands.get(name);
  if (command === undefined) {
    io.stderr.write(`jsonapi-query: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  return (await command.load())(rest, io);
}

process.exitCode = await main(process.argv.slice(2), processIo());
