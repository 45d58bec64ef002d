/**
 * A cursor walk as a client on the network makes it: ask for the Cursor Pagination
 * profile in `Accept` (no cursor, no server option), then follow `links.next` to the
 * end. Used on `npm start`'s server and on every server of examples/.
 */
import { expect } from 'vitest';
import { send } from '../adapters/http-client.js';

export const CURSOR_PROFILE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination';
export const CURSOR_ACCEPT = `application/vnd.api+json; profile="${CURSOR_PROFILE}"`;

interface PageDocument {
  readonly data: readonly { readonly id: string; readonly meta?: { readonly page?: { readonly cursor?: string } } }[];
  readonly links: Readonly<Record<string, string | null>>;
}

/**
 * GETs `start` on `origin` with the profile in `Accept` and follows `links.next` (as
 * written, a path with its query) until it is `null`, checking that every page is a
 * cursor page: status 200, the profile in the media type, a cursor on every resource.
 * Resolves with the ids in reading order and the number of pages.
 */
export async function walkByCursor(origin: string, start: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  for (let target: string | null | undefined = start; target !== null && target !== undefined; pages++) {
    expect(pages, `more pages than rows from ${start}`).toBeLessThan(100);
    const response = await send(origin, target, { headers: { accept: CURSOR_ACCEPT } });
    expect(response.status, `${target}: ${response.body}`).toBe(200);
    expect(response.headers['content-type']).toBe(CURSOR_ACCEPT);
    const document = JSON.parse(response.body) as PageDocument;
    for (const item of document.data) expect(item.meta?.page?.cursor, target).toMatch(/^[\w-]+$/u);
    ids.push(...document.data.map((item) => item.id));
    target = document.links['next'];
  }
  return { ids, pages };
}

/** The ids of one unpaginated read (`page[size]=0`): the order a walk must give. */
export async function everyId(origin: string, path: string): Promise<string[]> {
  const response = await send(origin, `${path}${path.includes('?') ? '&' : '?'}page[size]=0`);
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as PageDocument).data.map((item) => item.id);
}

/**
 * Walks `path` by cursor with `size` rows a page (the server's default when
 * `undefined`) and expects every row of the unpaginated read exactly once, in its
 * order, and every id of `expected` among them.
 */
export async function expectCursorWalk(origin: string, path: string, size: number | undefined, expected: readonly string[]): Promise<void> {
  const all = await everyId(origin, path);
  expect([...all].sort()).toEqual([...expected].sort());
  const start = size === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}page[size]=${String(size)}`;
  const { ids, pages } = await walkByCursor(origin, start);
  expect(ids, start).toEqual(all);
  expect(new Set(ids).size).toBe(ids.length);
  if (size !== undefined) expect(pages).toBe(Math.max(1, Math.ceil(all.length / size)));
}
