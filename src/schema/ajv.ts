import { Ajv } from 'ajv';
import formats from 'ajv-formats';

/**
 * The one ajv instance of the package: all errors collected, formats from
 * ajv-formats, and the schema's own `filterable`/`sortable` flags accepted as
 * keywords so attribute fragments compile as they are written.
 */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  formats.default(ajv);
  ajv.addVocabulary(['filterable', 'sortable']);
  return ajv;
}
