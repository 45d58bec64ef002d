/**
 * `jsonapi-query parse '<query string>' [--schema FILE] --type TYPE`: prints the
 * QueryAST of a query string as pretty JSON (exit 0), or the JSON:API error document
 * the parser produces for it (exit 1). For debugging queries and schemas.
 */
import { parseArgs } from 'node:util';
import { exampleSchema } from '../example/example-schema.js';
import { parseQuery } from '../parse/parse-query.js';
import type { ResourceSchema } from '../schema/schema.js';
import { writeQueryOutcome, type CommandIo } from './command-io.js';
import { InputFileError, readSchemaFile } from './input-files.js';

export const PARSE_USAGE = `Usage: jsonapi-query parse '<query string>' [--schema FILE] --type TYPE

Prints the QueryAST of the query string as JSON (exit code 0), or the JSON:API
error document the parser answers with (exit code 1). A bad schema file or a
command-line mistake exits with code 2.

Options:
  -s, --schema FILE  a JSON file holding the resource schema (or { "schema": … })
                     default: the example person/computer schema
  -t, --type TYPE    the resource type the query reads (optional when the schema
                     has one type)
  -h, --help         show this help

Example:
  jsonapi-query parse 'filter[name]=John&sort=-birth_date' --type person
`;

/** A command-line mistake or an unusable schema file: printed, exit code 2. */
class CommandError extends Error {}

/** Runs `parse` with the arguments after the command name and resolves with the exit code. */
export async function parseCommand(args: readonly string[], io: CommandIo): Promise<number> {
  try {
    const { values, positionals } = readArguments(args);
    if (values.help === true) {
      io.stdout.write(PARSE_USAGE);
      return 0;
    }
    if (positionals.length !== 1) {
      throw new CommandError(`Expected one query string, got ${positionals.length}`);
    }
    const schema: ResourceSchema = values.schema === undefined ? exampleSchema : await readSchemaFile(values.schema);
    const type = chooseType(schema, values.type);
    const query = (positionals[0] as string).replace(/^\?/, '');
    return await writeQueryOutcome(io, () => parseQuery(query, { schema, type }));
  } catch (error) {
    if (error instanceof CommandError) {
      io.stderr.write(`jsonapi-query parse: ${error.message}\n\n${PARSE_USAGE}`);
      return 2;
    }
    if (error instanceof InputFileError) {
      io.stderr.write(`jsonapi-query parse: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function readArguments(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        schema: { type: 'string', short: 's' },
        type: { type: 'string', short: 't' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
}

function chooseType(schema: ResourceSchema, type: string | undefined): string {
  const types = Object.keys(schema.types);
  if (type === undefined) {
    if (types.length === 1) return types[0] as string;
    throw new CommandError(`--type is required: one of ${types.join(', ')}`);
  }
  if (!Object.hasOwn(schema.types, type)) {
    throw new CommandError(`Unknown type "${type}": the schema has ${types.join(', ')}`);
  }
  return type;
}
