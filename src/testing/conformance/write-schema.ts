import { conformanceSchema } from './conformance-schema.js';
import { defineSchema } from '../../schema/define-schema.js';

/**
 * The schema of the write cases: the conformance schema, with client ids allowed on
 * `note` (so that a taken id can be tried). Its records are `conformanceData`.
 *
 * @example
 * const layer = await create(writeConformanceSchema, conformanceData);
 */
export const writeConformanceSchema = defineSchema({
  types: { ...conformanceSchema.types, note: { ...conformanceSchema.types.note, clientIds: 'allowed' } },
});
