import { defineSchema } from '../../schema/define-schema.js';
import { conformanceData } from './conformance-data.js';
import type { ConformanceData } from './describe-options.js';
import { writeConformanceSchema } from './write-schema.js';

/**
 * The schema of the write request property: `writeConformanceSchema` with a version
 * on `note` (`revision`, read-only), so that requests meet `ETag`, `If-Match` and a
 * read-only attribute. Its records are `writeRequestData`.
 *
 * @example
 * const layer = await create(writeRequestSchema, writeRequestData);
 */
export const writeRequestSchema = defineSchema({
  types: {
    ...writeConformanceSchema.types,
    note: {
      ...writeConformanceSchema.types.note,
      version: 'revision',
      attributes: { ...writeConformanceSchema.types.note.attributes, revision: { type: 'integer', readOnly: true } },
    },
  },
});

/** The conformance dataset with every note at revision 1. */
export const writeRequestData: ConformanceData = {
  ...conformanceData,
  note: (conformanceData['note'] ?? []).map((row) => ({ ...row, revision: 1 })),
};
