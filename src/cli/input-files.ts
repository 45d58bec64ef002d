/**
 * The files CLI commands read: JSON documents, schema files and dataset files.
 * Every failure is an `InputFileError` whose message names the file and what is
 * wrong with it, ready to print after the command's name.
 */
import { readFile } from 'node:fs/promises';
import type { SqlSeedData } from '../layers/sql/load-data.js';
import { defineSchema } from '../schema/define-schema.js';
import type { ResourceSchema } from '../schema/schema.js';

/** A file a command was given cannot be used; the message says which and why. */
export class InputFileError extends Error {
  override readonly name = 'InputFileError';
}

/** A schema with its records, as `serve FILE`, `load FILE` and `explain FILE` take them. */
export interface DatasetFile {
  readonly schema: ResourceSchema;
  /** Records by type; each layer checks them as it loads them. */
  readonly data: SqlSeedData;
}

/** Reads and parses one JSON file. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputFileError(`cannot read ${file}: ${messageOf(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputFileError(`${file} is not valid JSON: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * Reads a schema file, validated: the schema itself, or the `schema` member of a
 * dataset file `{ "schema": …, "data": … }`.
 */
export async function readSchemaFile(file: string): Promise<ResourceSchema> {
  const document = await readJsonFile(file);
  const isDataset =
    typeof document === 'object' && document !== null && !Object.hasOwn(document, 'types') && Object.hasOwn(document, 'schema');
  return validSchema(isDataset ? (document as { schema: unknown }).schema : document, file);
}

/**
 * Reads a dataset file `{ "schema": …, "data": … }`; the schema is validated, the
 * records are checked by the layer they are loaded into.
 */
export async function readDatasetFile(file: string): Promise<DatasetFile> {
  const document = await readJsonFile(file);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new InputFileError(`${file} must hold a JSON object { "schema": …, "data": … }`);
  }
  const missing = ['schema', 'data'].filter((member) => !Object.hasOwn(document, member));
  if (missing.length > 0) {
    throw new InputFileError(`${file} has no ${missing.map((member) => `"${member}"`).join(' and ')} member`);
  }
  const { schema, data } = document as { schema: unknown; data: unknown };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputFileError(`${file}: "data" must be an object of records by type`);
  }
  return { schema: validSchema(schema, file), data: data as SqlSeedData };
}

function validSchema(schema: unknown, file: string): ResourceSchema {
  try {
    return defineSchema(schema as ResourceSchema);
  } catch (error) {
    throw new InputFileError(`${file}: ${messageOf(error)}`, { cause: error });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
