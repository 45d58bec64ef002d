import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/index.js';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const rows = new Map(
  [...doc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1] as string, Number(match[2])]),
);

describe('docs/errors.md', () => {
  it.each(Object.entries(ERROR_CODES))('lists %s with its status', (code, { status }) => {
    expect(rows.get(code)).toBe(status);
  });

  it('lists no code that does not exist', () => {
    expect([...rows.keys()].filter((code) => !Object.hasOwn(ERROR_CODES, code))).toEqual([]);
  });
});
