/**
 * `jsonapi-query openapi [FILE] [--schema FILE] [--out FILE]`: prints (or writes) the
 * OpenAPI 3.1 document of the API that `serve` runs for a schema: the example schema,
 * FILE (a `{ schema, data }` file as `serve` takes), or a schema file.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { exampleSchema } from '../example/example-schema.js';
import { OPENAPI_PATH } from '../openapi/openapi-route.js';
import { toOpenApi } from '../openapi/to-openapi.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { CommandIo } from './command-io.js';
import { readSchemaFile } from './input-files.js';

export const OPENAPI_USAGE = `Usage: jsonapi-query openapi [FILE] [--schema FILE] [--out FILE]

Prints the OpenAPI 3.1 document of the JSON:API server "jsonapi-query serve"
runs (the one it serves at /openapi.json): every route, parameter and response
of every type, with the filter grammar of each type as JSON Schema.

Arguments:
  FILE               a { "schema": …, "data": … } file, as serve takes
  -s, --schema FILE  a schema JSON file (or { "schema": … }) instead
                     default: the example person/computer schema
  -o, --out FILE     write the document to FILE instead of stdout
  -h, --help         show this help
`;

/** A command-line mistake: printed with the usage, exit code 2. */
class UsageError extends Error {}

/**
 * Runs `openapi` and resolves with the exit code: 0, 1 for an unusable schema file,
 * 2 for a command-line mistake.
 */
export async function openapiCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let values: { schema?: string | undefined; out?: string | undefined; help?: boolean | undefined };
  let file: string | undefined;
  try {
    const parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        schema: { type: 'string', short: 's' },
        out: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    if (parsed.positionals.length > 1) throw new UsageError('expected at most one FILE');
    file = parsed.positionals[0];
    if (file !== undefined && values.schema !== undefined) throw new UsageError('give FILE or --schema, not both');
  } catch (error) {
    io.stderr.write(`jsonapi-query openapi: ${(error as Error).message}\n\n${OPENAPI_USAGE}`);
    return 2;
  }
  if (values.help === true) {
    io.stdout.write(OPENAPI_USAGE);
    return 0;
  }
  const source = file ?? values.schema;
  let schema: ResourceSchema;
  try {
    schema = source === undefined ? exampleSchema : await readSchemaFile(source);
  } catch (error) {
    io.stderr.write(`jsonapi-query openapi: ${(error as Error).message}\n`);
    return 1;
  }
  const text = `${JSON.stringify(toOpenApi(schema, { documentPath: OPENAPI_PATH }), null, 2)}\n`;
  if (values.out === undefined) {
    io.stdout.write(text);
    return 0;
  }
  try {
    await writeFile(values.out, text);
  } catch (error) {
    io.stderr.write(`jsonapi-query openapi: cannot write ${values.out}: ${(error as Error).message}\n`);
    return 1;
  }
  return 0;
}
