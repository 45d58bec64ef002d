import { describe, expect, it } from 'vitest';
import { exampleData, exampleSchema } from '../../src/example/index.js';
import { createExplainHandler } from '../../src/explain/explain-route.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { withOpenApi } from '../../src/openapi/openapi-route.js';
import { withExplorer } from '../../src/web-ui/explorer-route.js';

// The requests of issue 21's `serve` measure, through the stack `serve` builds, against the
// document written out by plain code over the example data and `JSON.stringify`: the
// serializer's and the links' shortcuts must give these bytes exactly.

const options = { schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) };
const handler = withExplorer(withOpenApi(createExplainHandler(options), options), options);
const filter = encodeURIComponent(JSON.stringify([{ name: 'name', op: 'ilike', val: '%o%' }]));
const query = `filter=${filter}&sort=-birth_date,name&page[size]=10&include=computers&fields[person]=name,birth_date,computers&fields[computer]=serial`;
const get = (path: string, text: string) =>
  handler({ method: 'GET', path, query: text, headers: { accept: 'application/vnd.api+json' }, body: async () => Promise.resolve(null) });

type Person = (typeof exampleData.person)[number];
const computersOf = (person: Person) => exampleData.computer.filter((computer) => 'owner' in computer && computer.owner === person.id);
const relationshipLinks = (id: string, name: string) => ({ self: `/persons/${id}/relationships/${name}`, related: `/persons/${id}/${name}` });
/** Code-point order, as the sort of strings is defined (docs/data-layer.md). */
const byCodePoints = (a: string, b: string) => {
  const [x, y] = [[...a].map((c) => c.codePointAt(0) as number), [...b].map((c) => c.codePointAt(0) as number)];
  for (let index = 0; index < Math.min(x.length, y.length); index++) if (x[index] !== y[index]) return (x[index] as number) - (y[index] as number);
  return x.length - y.length;
};

describe('the typical and trivial responses of issue 21', () => {
  it('typical: ilike filter, two sort keys, a page of 10, include and two fieldsets', async () => {
    const matching = exampleData.person.filter((person) => person.name.toLowerCase().includes('o'));
    // -birth_date (null first when descending), then name, then id.
    const sorted = [...matching].sort(
      (a, b) =>
        (a.birth_date === b.birth_date ? 0 : a.birth_date === null ? -1 : b.birth_date === null ? 1 : byCodePoints(b.birth_date, a.birth_date)) ||
        byCodePoints(a.name, b.name) ||
        byCodePoints(a.id, b.id),
    );
    const page = sorted.slice(0, 10);
    const included = page.flatMap(computersOf).map((computer) => ({
      type: 'computer',
      id: computer.id,
      attributes: { serial: computer.serial },
      links: { self: `/computers/${computer.id}` },
    }));
    const escaped = query.replaceAll('[', '%5B').replaceAll(']', '%5D');
    const document = {
      data: page.map((person) => ({
        type: 'person',
        id: person.id,
        attributes: { birth_date: person.birth_date, name: person.name },
        relationships: {
          computers: {
            data: computersOf(person).map((computer) => ({ type: 'computer', id: computer.id })),
            links: relationshipLinks(person.id, 'computers'),
          },
        },
        links: { self: `/persons/${person.id}` },
      })),
      included,
      links: {
        self: `/persons?${escaped}`,
        first: `/persons?${escaped}&page%5Bnumber%5D=1`,
        last: `/persons?${escaped}&page%5Bnumber%5D=${String(Math.ceil(matching.length / 10))}`,
        next: `/persons?${escaped}&page%5Bnumber%5D=2`,
      },
      meta: { count: matching.length },
      jsonapi: { version: '1.0' },
    };
    expect(matching.length).toBeGreaterThan(10);
    const response = await get('/persons', query);
    expect(response.status).toBe(200);
    expect(response.headers).toEqual({ 'content-type': 'application/vnd.api+json', vary: 'Accept' });
    expect(response.body).toBe(JSON.stringify(document));
  });

  it('trivial: one person, no query', async () => {
    const person = exampleData.person.find((record) => record.id === '1') as Person;
    const document = {
      data: {
        type: 'person',
        id: '1',
        attributes: { display_name: person.display_name, birth_date: person.birth_date, name: person.name, gender: person.gender },
        relationships: { computers: { links: relationshipLinks('1', 'computers') } },
        links: { self: '/persons/1' },
      },
      links: { self: '/persons/1' },
      jsonapi: { version: '1.0' },
    };
    const response = await get('/persons/1', '');
    expect(response.status).toBe(200);
    expect(response.body).toBe(JSON.stringify(document));
  });
});
