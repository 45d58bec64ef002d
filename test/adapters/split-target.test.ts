/** The split of a raw request target every adapter uses: nothing decoded, nothing lost. */
import { describe, expect, it } from 'vitest';
import { splitTarget } from '../../src/http/adapters/adapter-kit.js';

describe('splitTarget', () => {
  it.each([
    ['/persons', '/persons', ''],
    ['/persons?', '/persons', ''],
    ['/persons?sort=name', '/persons', 'sort=name'],
    ['/persons?a=1?b=2', '/persons', 'a=1?b=2'],
    ['/persons/%2e%2e?filter%5Bname%5D=%zz', '/persons/%2e%2e', 'filter%5Bname%5D=%zz'],
    ['http://example.com/persons/1?x', '/persons/1', 'x'],
    ['http://127.0.0.1:3000/persons', '/persons', ''],
    ['http://example.com?x=1', '/', 'x=1'],
    ['http://example.com', '/', ''],
    ['*', '/', ''],
    ['', '/', ''],
  ])('%j is path %j and query %j', (target, path, query) => {
    expect(splitTarget(target)).toEqual({ path, query });
  });
});
