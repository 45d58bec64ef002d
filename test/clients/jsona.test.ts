/**
 * A maintained JSON:API client, jsona, against the running CLI server
 * (`node dist/cli/main.js serve` on a free port, built by `npm run build`, waited for
 * by what it prints, stopped when the file finishes): compound documents with
 * sparse fieldsets, a relationship route with include, `links.next` followed to the
 * end, and related links. What jsona cannot resolve on a valid document is the
 * guidance in docs/serializer.md.
 */
import { Jsona } from 'jsona';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { startCli } from '../cli/serve-process.js';

const ACCEPT = { accept: 'application/vnd.api+json' };
const jsona = new Jsona();

interface Model {
  readonly type: string;
  readonly id: string;
  readonly [member: string]: unknown;
}

interface Document {
  readonly data: unknown;
  readonly links: Readonly<Record<string, string | undefined>>;
}

let origin = '';

/** GETs a link as the server wrote it (a path), as any client resolves it against the origin. */
async function follow(link: string): Promise<{ document: Document; models: Model | Model[] | null }> {
  const response = await fetch(new URL(link, origin), { headers: ACCEPT });
  expect(response.status).toBe(200);
  const document = (await response.json()) as Document;
  return { document, models: jsona.deserialize(document as never) as Model | Model[] | null };
}

const list = (models: Model | Model[] | null): Model[] => (Array.isArray(models) ? models : []);
const computersOf = (person: string): string[] =>
  exampleData.computer.filter((computer) => 'owner' in computer && computer.owner === person).map((computer) => computer.id);

describe('jsona against jsonapi-query serve', () => {
  // Started while the suite is collected, so the server is owned by the file: killed
  // with its process group when the file finishes, whatever happened.
  const cli = startCli(['serve', '--port', '0', '--quiet']);
  beforeAll(async () => {
    [, origin = ''] = await cli.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
  });

  it('reads a collection with include and sparse fieldsets', async () => {
    const { models } = await follow(
      '/persons?filter[gender]=f&sort=name&page[size]=4&include=computers&fields[person]=name,computers&fields[computer]=serial',
    );
    const persons = list(models);
    const expected = exampleData.person
      .filter((person) => person.gender === 'f')
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
      .slice(0, 4);
    expect(persons.map((person) => person.id)).toEqual(expected.map((person) => person.id));
    for (const person of persons) {
      const row = expected.find((candidate) => candidate.id === person.id);
      expect(person['name']).toBe(row?.name);
      expect(person).not.toHaveProperty('display_name');
      const computers = person['computers'] as Model[];
      expect(computers.map((computer) => computer.id).sort()).toEqual(computersOf(person.id).sort());
      for (const computer of computers) {
        expect(computer['serial']).toBe(exampleData.computer.find((candidate) => candidate.id === computer.id)?.serial);
        expect(computer).not.toHaveProperty('owner');
      }
    }
  });

  it('reads a relationship route with include: identifiers in order; the resources come from the related route', async () => {
    const { document, models } = await follow('/persons/1/relationships/computers?sort=-serial&include=computers');
    // jsona does not fill identifiers of relationship linkage from `included` (docs/serializer.md).
    expect(models).toEqual([
      { type: 'computer', id: '1' },
      { type: 'computer', id: '2' },
      { type: 'computer', id: '25' },
    ]);
    const related = document.links['related'];
    expect(related).toBe('/persons/1/computers');
    const full = list((await follow(`${related ?? ''}?sort=-serial`)).models);
    expect(full.map((computer) => [computer.id, computer['serial']])).toEqual([
      ['1', 'SN_100%'],
      ['2', 'SN1002'],
      ['25', 'SN-25'],
    ]);
  });

  it('follows links.next with page[size]=2 to the end: every record once, in order', async () => {
    const seen: string[] = [];
    let next: string | undefined = '/computers?sort=serial&page[size]=2&fields[computer]=serial';
    let pages = 0;
    while (next !== undefined) {
      const { document, models }: { document: Document; models: Model | Model[] | null } = await follow(next);
      const page = list(models);
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((computer) => computer.id));
      next = document.links['next'];
      pages++;
    }
    const expected = [...exampleData.computer]
      .sort((a, b) => (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : a.id < b.id ? -1 : 1))
      .map((computer) => computer.id);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 2));
  });

  it('follows related links to the related resources', async () => {
    const { document } = await follow('/computers?filter[serial]=MAC-13&include=owner');
    const [computer] = document.data as { relationships: { owner: { links: { related: string } } } }[];
    const owner = (await follow(computer?.relationships.owner.links.related ?? '')).models as Model;
    expect(owner).toMatchObject({ type: 'person', id: '13', name: exampleData.person.find((person) => person.id === '13')?.name });
    const computers = list((await follow('/persons/13/computers')).models);
    expect(computers.map((item) => item.id)).toEqual(computersOf('13'));
  });
});
