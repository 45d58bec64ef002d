/**
 * Writes docs/api.md, the reference of every name the package exports, per subpath of
 * its exports map: read from the built declarations (dist/) with the TypeScript
 * compiler, each with the first sentence of its doc comment. `npm run docs:api` runs
 * it after a build; test/package/surface.test.ts checks the page is up to date and
 * that every export has a doc comment.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Every export of every subpath: its name, whether it is a value or only a type, and
 * its doc comment (`''` when it has none).
 */
export function publicSurface(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const subpaths = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
    typeof target === 'object' && target.types !== undefined ? [[subpath, join(root, target.types)]] : [],
  );
  const program = ts.createProgram(
    subpaths.map(([, file]) => file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true },
  );
  const checker = program.getTypeChecker();
  return subpaths.map(([subpath, file]) => {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file} is missing: run "npm run build" first`);
    const exports = checker.getExportsOfModule(module).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const doc = ts.displayPartsToString(target.getDocumentationComment(checker)).trim();
      return { name: symbol.name, kind: target.flags & ts.SymbolFlags.Value ? 'value' : 'type', doc };
    });
    exports.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { subpath, exports };
  });
}

/** The first sentence of a doc comment, on one line. */
function summary(doc) {
  const text = doc.replace(/\s+/g, ' ').trim();
  const end = text.search(/\.(\s|$)/);
  return (end === -1 ? text : text.slice(0, end + 1)).replace(/\|/g, '\\|');
}

/** The text of docs/api.md. */
export function apiReference(root) {
  const lines = [
    '# API reference',
    '',
    'Every name the package exports, per entry point, with the first sentence of its doc',
    'comment (the editor shows the whole comment). Generated from the built declarations by',
    '`npm run docs:api`; a test fails when this page and the package disagree. Guides:',
    '[handler](handler.md), [data layers](data-layer.md), [AST](ast.md), [testing](testing.md).',
  ];
  for (const { subpath, exports } of publicSurface(root)) {
    const name = subpath === '.' ? 'jsonapi-query' : `jsonapi-query/${subpath.slice(2)}`;
    lines.push('', `## \`${name}\``, '', '| Export | Kind | What it is |', '|---|---|---|');
    for (const entry of exports) lines.push(`| \`${entry.name}\` | ${entry.kind} | ${summary(entry.doc)} |`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  writeFileSync(join(root, 'docs/api.md'), apiReference(root));
}
