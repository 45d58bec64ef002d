/**
 * Edges of the request a reviewer probed: a second leading `?` in the query and
 * a NUL in a path id.
 */
import { describe, expect, it } from 'vitest';
import { exampleHandler } from './helpers.js';

describe('query and path edges', () => {
  const { get } = exampleHandler();

  it('keeps a second leading ? as part of the first name (??sort is the host parameter "?sort")', async () => {
    const plain = await get('/persons', 'page[size]=3');
    const doubled = await get('/persons', '?sort=-name&page[size]=3');
    expect(doubled.status).toBe(200);
    expect((doubled.document as { data: unknown }).data).toEqual((plain.document as { data: unknown }).data);
  });

  it('answers a path id holding a NUL with 404', async () => {
    const response = await get('/persons/1%00');
    expect(response.status).toBe(404);
    expect(response.document).toMatchObject({ errors: [{ status: '404', code: 'not_found' }] });
  });
});
