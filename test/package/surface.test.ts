/**
 * The public surface is a decision, not an accident: the names every subpath of the
 * exports map gives a user (values and types, read from the built declarations with
 * the TypeScript compiler, scripts/api-reference.js) are snapshotted, so adding or
 * removing one shows in the diff; each has a doc comment; and docs/api.md, the
 * reference generated from them, is up to date.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript script of the repository, typed by its use here
import { apiReference, publicSurface } from '../../scripts/api-reference.js';

interface Export {
  readonly name: string;
  readonly kind: 'value' | 'type';
  readonly doc: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const surface = (publicSurface as (root: string) => { subpath: string; exports: Export[] }[])(root);

describe('the public surface', () => {
  it('is the snapshotted list of names per subpath', () => {
    const names = Object.fromEntries(surface.map(({ subpath, exports }) => [subpath, exports.map((entry) => `${entry.name} (${entry.kind})`)]));
    expect(names).toMatchSnapshot();
  });

  it('has a doc comment on every export', () => {
    const bare = surface.flatMap(({ subpath, exports }) => exports.filter((entry) => entry.doc === '').map((entry) => `${subpath}: ${entry.name}`));
    expect(bare).toEqual([]);
  });

  it('is what docs/api.md lists (npm run docs:api rewrites it)', () => {
    expect(readFileSync(join(root, 'docs/api.md'), 'utf8')).toBe((apiReference as (root: string) => string)(root));
  });
});
