/**
 * Extracts the `ts` and `js` code blocks of README.md and docs/*.md into modules
 * (see code-blocks.test.ts). An HTML comment on the line before a fence, invisible
 * on the rendered page, says how to treat the block:
 *
 * - `<!-- doc-test: continues -->`: the block continues the previous block of the
 *   page (same module), as a tutorial does step by step;
 * - `<!-- doc-test: setup -->`: the block is the page's shared set-up, put before
 *   every later block of the page (each alternative that uses `handler`, …);
 * - `<!-- doc-test: run -->`: the module also runs with Node and must exit 0;
 * - `<!-- doc-test: context CODE -->`: CODE is prepended, for a fragment that lives
 *   in the reader's program (`declare const db: Kysely<any>;`);
 * - `<!-- doc-test: covered-by PATH -->`: the block needs files made in the reader's
 *   project (types generated from a running server); the test file PATH runs it, and
 *   code-blocks.test.ts checks that PATH exists instead of compiling the block.
 *
 * A line whose comment starts with `// error:` must fail to compile (it shows what
 * the types reject); it is checked as `// @ts-expect-error`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One module built from one or more consecutive blocks of a page. */
export interface DocModule {
  /** `docs/sql-layer.md:15` — where its first block starts. */
  readonly origin: string;
  /** A file name for it: `docs_sql-layer_15.ts`. */
  readonly file: string;
  readonly source: string;
  readonly run: boolean;
  /** The test file that runs this block instead (`covered-by`), if any. */
  readonly coveredBy?: string;
}

const FENCE = /^```(ts|js)\s*$/;
const DIRECTIVE = /^<!-- doc-test: (continues|run|setup|context|covered-by) ?([^]*?) ?-->$/;

/** The pages whose code blocks are checked. */
export function documentationPages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Rewrites `x; // error: …` lines into `// @ts-expect-error` + the line. */
function expectErrors(code: string): string {
  return code
    .split('\n')
    .map((line) => (/\/\/ error:/.test(line) ? `// @ts-expect-error -- the page says this line is an error\n${line}` : line))
    .join('\n');
}

/** The modules of one page, in order. */
export function extractModules(root: string, page: string): DocModule[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const modules: { origin: string; file: string; parts: string[]; run: boolean; coveredBy?: string }[] = [];
  let setup: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = FENCE.exec(lines[index] ?? '');
    if (fence === null) continue;
    const directives: { kind: string; code: string }[] = [];
    for (let back = index - 1; back >= 0; back--) {
      const directive = DIRECTIVE.exec(lines[back] ?? '');
      if (directive === null) break;
      directives.push({ kind: directive[1] ?? '', code: directive[2] ?? '' });
    }
    const end = lines.indexOf('```', index + 1);
    if (end === -1) throw new Error(`${page}:${index + 1}: unclosed code block`);
    const code = expectErrors(lines.slice(index + 1, end).join('\n'));
    const context = directives.filter((directive) => directive.kind === 'context').map((directive) => directive.code);
    const run = directives.some((directive) => directive.kind === 'run');
    const coveredBy = directives.find((directive) => directive.kind === 'covered-by')?.code;
    const previous = modules.at(-1);
    if (directives.some((directive) => directive.kind === 'continues')) {
      if (previous === undefined) throw new Error(`${page}:${index + 1}: "continues" on the first block of the page`);
      previous.parts.push(...context, code);
      previous.run ||= run;
    } else {
      const origin = `${page}:${index + 2}`;
      const file = `${page.replace(/\.md$/, '').replace(/[^\w-]/g, '_')}_${index + 2}.ts`;
      modules.push({ origin, file, parts: [...setup, ...context, code], run, ...(coveredBy === undefined ? {} : { coveredBy }) });
    }
    if (directives.some((directive) => directive.kind === 'setup')) setup = [...context, code];
    index = end;
  }
  // `export {}` makes every block a module, so top-level await and local names work.
  return modules.map(({ origin, file, parts, run, coveredBy }) => ({
    origin,
    file,
    run,
    source: `${parts.join('\n')}\nexport {};\n`,
    ...(coveredBy === undefined ? {} : { coveredBy }),
  }));
}
