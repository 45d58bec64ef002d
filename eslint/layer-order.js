/**
 * The lint rule `house/layer-order`: the folders of src/ stand on floors, bottom up, and
 * a module imports only from lower floors (or its own folder). Folders on one floor are
 * siblings that never import each other (two data layers, parse and the example), so
 * no import cycle between folders can form, and the core never imports the development
 * tools above it. A folder that is on no floor is reported too: place it when you add it.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/** The floors, bottom first; each entry a folder of src/ (or a file at its root, or under layers/). */
export const FLOORS = [
  ['limits.ts', 'mutable.ts', 'errors'],
  ['schema'],
  ['ast', 'operations'],
  ['rules', 'layers/capabilities.ts', 'layers/lru-cache.ts'],
  ['layers/data-layer.ts'],
  ['paging', 'layers/write-permissions.ts'],
  ['layers/memory', 'layers/sql', 'example', 'parse'],
  ['stringify', 'execute', 'write'],
  ['query-builder', 'serialize'],
  ['policy'],
  ['http'],
  ['openapi', 'explain', 'web-ui', 'testing'],
  ['cli', 'index.ts'],
];

const floorOf = new Map(FLOORS.flatMap((units, floor) => units.map((unit) => [unit, floor])));

/** The unit a path under src/ belongs to (`parse`, `layers/memory`, `limits.ts`), or undefined outside src/. */
function unitOf(source, path) {
  const parts = relative(source, path).split(sep);
  if (parts[0] === '..' || parts.length === 0) return undefined;
  const file = (name) => name.replace(/\.js$/, '.ts');
  if (parts.length === 1) return file(parts[0]);
  if (parts[0] === 'layers') return parts.length === 2 ? `layers/${file(parts[1])}` : `layers/${parts[1]}`;
  return parts[0];
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerOrder = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder of src/ imports only from the floors below it (eslint/layer-order.js).' },
    schema: [],
  },
  create(context) {
    const source = resolve(context.cwd, 'src');
    const from = unitOf(source, context.filename);
    if (from === undefined) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = unitOf(source, resolve(dirname(context.filename), specifier));
      if (to === undefined || to === from) return;
      const [fromFloor, toFloor] = [floorOf.get(from), floorOf.get(to)];
      if (fromFloor === undefined || toFloor === undefined) {
        context.report({ node, message: `${fromFloor === undefined ? from : to} is on no floor of eslint/layer-order.js: place it there.` });
      } else if (toFloor >= fromFloor) {
        const relation = toFloor === fromFloor ? 'a sibling on the same floor' : 'a higher floor';
        context.report({ node, message: `${from} must not import ${to}, ${relation} (eslint/layer-order.js).` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
