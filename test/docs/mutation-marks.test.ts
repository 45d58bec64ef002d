/**
 * The surviving mutants marked `// Stryker disable next-line <mutators>: <reason>`
 * in src/ are listed in one place: the table "Survivors that change nothing
 * observable" of docs/testing.md has a row for each, with its file, mutators and
 * reason, and no row for a mark that is gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MARK = /\/\/ Stryker disable next-line (\S+): (.+)$/;

/** One table row per mark in src/, as docs/testing.md writes it. */
function marksInSource(): string[] {
  const rows: string[] = [];
  const source = join(root, 'src');
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const mark = MARK.exec(line);
      if (mark === null) continue;
      const [, mutators = '', reason = ''] = mark;
      rows.push(`| \`${relative(source, path)}\` | ${mutators.replaceAll(',', ', ')} | ${reason.replaceAll('|', '\\|')} |`);
    }
  }
  return rows.sort();
}

/** The rows of the survivors' table in docs/testing.md. */
function rowsInDocs(): string[] {
  const docs = readFileSync(join(root, 'docs/testing.md'), 'utf8');
  const start = docs.indexOf('| File | Mutators | Why the mutant changes nothing observable |');
  expect(start).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of docs.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows.sort();
}

describe('the mutants marked as changing nothing observable', () => {
  it('are each listed in docs/testing.md with their reason, and nothing else is', () => {
    const marks = marksInSource();
    expect(marks.length).toBeGreaterThan(0);
    expect(rowsInDocs()).toEqual(marks);
  });
});
