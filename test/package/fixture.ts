/**
 * The files of the fresh project the packed tarball is installed into
 * (packed.test.ts): what a new user of the package writes first.
 */

export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'package.json': JSON.stringify({ name: 'jsonapi-query-user', private: true, type: 'module' }, null, 2),

  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        // The shipped declarations are checked too, not only the program.
        skipLibCheck: false,
        types: ['node'],
      },
      files: ['program.ts'],
    },
    null,
    2,
  ),

  // Imports every subpath of the installed package's exports map.
  'import-all.mjs': `import { readFileSync } from 'node:fs';

const { exports } = JSON.parse(readFileSync('node_modules/jsonapi-query/package.json', 'utf8'));
for (const subpath of Object.keys(exports)) {
  const specifier = 'jsonapi-query' + subpath.slice(1);
  const module = subpath.endsWith('.json')
    ? await import(specifier, { with: { type: 'json' } })
    : await import(specifier);
  if (Object.keys(module).length === 0) throw new Error(specifier + ' exports nothing');
  console.log(subpath + ' ok');
}
`,

  'program.ts': `import { exampleData, exampleSchema } from 'jsonapi-query/example';
import { defineSchema, parseQuery, query, type QueryAST } from 'jsonapi-query';
import { createHandler, toNodeListener } from 'jsonapi-query/http';
import { createMemoryLayer } from 'jsonapi-query/memory';
import { createSqlLayer, type SqlMapping } from 'jsonapi-query/sql';
import { arbitraryQueryAst, describeDataLayer } from 'jsonapi-query/testing';
import type { Kysely } from 'kysely';

const schema = defineSchema({
  types: {
    book: { root: 'books', attributes: { title: { type: 'string' }, year: { type: ['integer', 'null'] } } },
  },
} as const);

const ast: QueryAST = parseQuery('filter[year]=1848&sort=-title', { schema, type: 'book' });
const built = query(schema, 'book').sort('-year').build();
// @ts-expect-error: "titel" is not a field of book.
query(schema, 'book').sort('titel');

const handler = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });
export const listener = toNodeListener(handler);

const mapping: SqlMapping = { types: { book: { table: 'books' } } };
export function sqlLayer(db: Kysely<unknown>) {
  return createSqlLayer({ db, schema, mapping });
}

export { arbitraryQueryAst, ast, built, describeDataLayer };
`,
};
