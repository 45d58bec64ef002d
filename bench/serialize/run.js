// bench/serialize: the JSON:API document of 1,000 persons × 3 computers with
// include=computers, sparse fieldsets and links, built by jsonapi-query's serializer,
// by the floor (plain object literals in a loop + JSON.stringify) and by the peers
// jsonapi-serializer, json-api-serializer and ts-japi. Run: npm run bench:serialize
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { parseQuery } from '../../dist/parse/parse-query.js';
import { executeCollection } from '../../dist/execute/index.js';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { exampleSchema } from '../../dist/example/example-schema.js';
import { serializeResourceDocument } from '../../dist/serialize/index.js';

const require = createRequire(import.meta.url);
const { Serializer: JsonApiSerializer } = require('jsonapi-serializer');
const JSONAPISerializer = require('json-api-serializer');
const { Serializer: TsJapiSerializer, Relator, Linker } = require('ts-japi');

const PERSONS = 1000;
const PER_PERSON = 3;

// ---- data, loaded with JSON.parse so strings and shapes are realistic
const names = ['John', 'Jane', 'Zoë', 'Ærø', 'Alice', 'Bob', 'Charlie', 'Dana', 'Émile', 'Ólafur'];
const data = JSON.parse(
  JSON.stringify({
    person: Array.from({ length: PERSONS }, (_, index) => ({
      id: String(index + 1),
      name: names[index % names.length],
      display_name: `${names[index % names.length]} Number ${index + 1}`,
      birth_date: `19${String(50 + (index % 50)).padStart(2, '0')}-0${(index % 9) + 1}-1${index % 10}`,
      gender: ['m', 'f', 'x', null][index % 4],
    })),
    computer: Array.from({ length: PERSONS * PER_PERSON }, (_, index) => ({
      id: String(index + 1),
      serial: `SN-${String(index + 1).padStart(6, '0')}`,
      owner: String(Math.floor(index / PER_PERSON) + 1),
    })),
  }),
);

// ---- the request and its execution (done once: only serialization is measured)
const path = '/persons';
const query = 'include=computers&fields[person]=name,display_name,computers&fields[computer]=serial&page[size]=0';
const limits = { maxIncluded: PERSONS * PER_PERSON, maxUnpaginatedRows: PERSONS };
const ast = parseQuery(query, { schema: exampleSchema, type: 'person', limits });
const layer = createMemoryLayer(exampleSchema, data);
const execution = await executeCollection(ast, { schema: exampleSchema, layer, limits: { ...(await import('../../dist/limits.js')).DEFAULT_LIMITS, ...limits } });
assert.equal(execution.data.length, PERSONS);
assert.equal(execution.included.length, PERSONS * PER_PERSON);
const request = { path, query };
const BASE = 'https://api.example.com'; // absolute links: ts-japi accepts nothing else
const self = `${BASE}${path}?${query}`;

const ours = () => serializeResourceDocument(ast, execution, request, { schema: exampleSchema, baseUrl: BASE });

// ---- the floor: the same document with plain object literals in a loop, then JSON.stringify
const persons = execution.data.map((resource) => resource.row);
const computers = execution.included.map((resource) => resource.row);
const computersByPerson = new Map(persons.map((row) => [row.id, execution.linkage.get('person', row.id, 'computers')]));
const floor = () => {
  const out = new Array(persons.length);
  for (let index = 0; index < persons.length; index++) {
    const row = persons[index];
    const id = String(row.id);
    const link = `${BASE}/persons/${encodeURIComponent(id)}`;
    const ids = computersByPerson.get(row.id);
    const linkage = new Array(ids.length);
    for (let j = 0; j < ids.length; j++) linkage[j] = { type: 'computer', id: String(ids[j]) };
    out[index] = {
      type: 'person',
      id,
      attributes: { display_name: row.display_name, name: row.name },
      relationships: {
        computers: { data: linkage, links: { self: `${link}/relationships/computers`, related: `${link}/computers` } },
      },
      links: { self: link },
    };
  }
  const included = new Array(computers.length);
  for (let index = 0; index < computers.length; index++) {
    const row = computers[index];
    const id = String(row.id);
    included[index] = { type: 'computer', id, attributes: { serial: row.serial }, links: { self: `${BASE}/computers/${encodeURIComponent(id)}` } };
  }
  return JSON.stringify({ data: out, included, links: { self: self.replaceAll('[', '%5B').replaceAll(']', '%5D') }, jsonapi: { version: '1.0' } });
};

// ---- peers, each given the records nested the way it wants them (prepared outside the loop)
const computerById = new Map(computers.map((row) => [row.id, row]));
const nested = persons.map((row) => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
  birth_date: row.birth_date,
  gender: row.gender,
  computers: computersByPerson.get(row.id).map((id) => ({ id, serial: computerById.get(id).serial })),
}));

const jsonapiSerializer = new JsonApiSerializer('person', {
  attributes: ['display_name', 'name', 'computers'],
  keyForAttribute: 'snake_case',
  pluralizeType: false,
  typeForAttribute: (attribute) => (attribute === 'computers' ? 'computer' : attribute),
  topLevelLinks: { self },
  dataLinks: { self: (record) => `${BASE}/persons/${record.id}` },
  computers: {
    ref: 'id',
    included: true,
    attributes: ['serial'],
    relationshipLinks: {
      self: (record) => `${BASE}/persons/${record.id}/relationships/computers`,
      related: (record) => `${BASE}/persons/${record.id}/computers`,
    },
    includedLinks: { self: (record, current) => `${BASE}/computers/${current.id}` },
  },
});
const peerJsonapiSerializer = () => JSON.stringify(jsonapiSerializer.serialize(nested));

const jas = new JSONAPISerializer();
jas.register('computer', { whitelist: ['serial'], links: { self: (record) => `${BASE}/computers/${record.id}` } });
jas.register('person', {
  whitelist: ['display_name', 'name'],
  links: { self: (record) => `${BASE}/persons/${record.id}` },
  topLevelLinks: { self },
  relationships: {
    computers: {
      type: 'computer',
      links: {
        self: (record) => `${BASE}/persons/${record.id}/relationships/computers`,
        related: (record) => `${BASE}/persons/${record.id}/computers`,
      },
    },
  },
});
const peerJsonApiSerializer = () => JSON.stringify({ ...jas.serialize('person', nested), jsonapi: { version: '1.0' } });

const tsComputer = new TsJapiSerializer('computer', {
  projection: { serial: 1 },
  linkers: { resource: new Linker((record) => `${BASE}/computers/${record.id}`) },
});
const tsRelator = new Relator(async (person) => person.computers, tsComputer, {
  relatedName: 'computers',
  linkers: {
    relationship: new Linker((person) => `${BASE}/persons/${person.id}/relationships/computers`),
    related: new Linker((person) => `${BASE}/persons/${person.id}/computers`),
  },
});
const tsPerson = new TsJapiSerializer('person', {
  projection: { display_name: 1, name: 1 },
  relators: tsRelator,
  include: ['computers'],
  linkers: { document: new Linker(() => self), resource: new Linker((record) => `${BASE}/persons/${record.id}`) },
});
const peerTsJapi = async () => JSON.stringify(await tsPerson.serialize(nested));

// ---- the documents must be the same (ours and the floor exactly; peers by content)
const expected = JSON.parse(ours());
assert.deepEqual(JSON.parse(floor()), expected);
const summary = (document) => ({
  data: document.data.length,
  included: document.included.length,
  attributes: Object.keys(document.data[0].attributes).sort().join(','),
  linkage: document.data[0].relationships.computers.data.length,
  self: document.data[0].links?.self,
  includedSelf: document.included[0].links?.self,
});
for (const [name, run] of [
  ['jsonapi-serializer', peerJsonapiSerializer],
  ['json-api-serializer', peerJsonApiSerializer],
  ['ts-japi', peerTsJapi],
]) {
  assert.deepEqual(summary(JSON.parse(await run())), summary(expected), `${name} builds a different document`);
}

// ---- small documents: a page of 1, 5 and 30 persons, as a server answers them
// (include, sparse fieldsets, pagination links and meta.count), against the floor
// building the same document with object literals (its links with template strings).
const { DEFAULT_LIMITS } = await import('../../dist/limits.js');
const smallDocuments = [];
for (const size of [1, 5, 30]) {
  const pageQuery = `include=computers&fields[person]=name,display_name,computers&fields[computer]=serial&sort=name&page[size]=${size}&page[number]=2`;
  const pageAst = parseQuery(pageQuery, { schema: exampleSchema, type: 'person' });
  const pageExecution = await executeCollection(pageAst, { schema: exampleSchema, layer, limits: DEFAULT_LIMITS });
  const pageRequest = { path, query: pageQuery };
  const run = () => serializeResourceDocument(pageAst, pageExecution, pageRequest, { schema: exampleSchema, baseUrl: BASE });
  const rows = pageExecution.data.map((resource) => resource.row);
  const includedRows = pageExecution.included.map((resource) => resource.row);
  const total = pageExecution.total;
  const pageFloor = () => {
    const out = new Array(rows.length);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      const id = String(row.id);
      const link = `${BASE}/persons/${encodeURIComponent(id)}`;
      const ids = pageExecution.linkage.get('person', row.id, 'computers');
      const linkage = new Array(ids.length);
      for (let j = 0; j < ids.length; j++) linkage[j] = { type: 'computer', id: String(ids[j]) };
      out[index] = {
        type: 'person',
        id,
        attributes: { display_name: row.display_name, name: row.name },
        relationships: {
          computers: { data: linkage, links: { self: `${link}/relationships/computers`, related: `${link}/computers` } },
        },
        links: { self: link },
      };
    }
    const included = new Array(includedRows.length);
    for (let index = 0; index < includedRows.length; index++) {
      const row = includedRows[index];
      const id = String(row.id);
      included[index] = { type: 'computer', id, attributes: { serial: row.serial }, links: { self: `${BASE}/computers/${encodeURIComponent(id)}` } };
    }
    const escaped = pageQuery.replaceAll('[', '%5B').replaceAll(']', '%5D');
    const paged = `${BASE}${path}?${escaped.slice(0, escaped.lastIndexOf('page%5Bnumber%5D=') + 17)}`;
    const last = Math.max(1, Math.ceil(total / size));
    return JSON.stringify({
      data: out,
      included,
      links: { self: `${BASE}${path}?${escaped}`, first: `${paged}1`, last: `${paged}${last}`, prev: `${paged}1`, next: `${paged}3` },
      meta: { count: total },
      jsonapi: { version: '1.0' },
    });
  };
  assert.deepEqual(JSON.parse(pageFloor()), JSON.parse(run()));
  smallDocuments.push({ size, run, floor: pageFloor });
}
const smallSamples = smallDocuments.map(() => ({ ours: [], floor: [] }));
const BATCH = 50;
const timeBatch = (run) => {
  const start = performance.now();
  for (let index = 0; index < BATCH; index++) run();
  return (performance.now() - start) / BATCH;
};
for (const document of smallDocuments) {
  for (let index = 0; index < 2000; index++) {
    document.run();
    document.floor();
  }
}
const smallDeadline = performance.now() + Number(process.env.BENCH_SECONDS ?? 10) * 300;
for (let round = 0; performance.now() < smallDeadline; round++) {
  smallDocuments.forEach((document, index) => {
    if (round % 2 === 0) {
      smallSamples[index].ours.push(timeBatch(document.run));
      smallSamples[index].floor.push(timeBatch(document.floor));
    } else {
      smallSamples[index].floor.push(timeBatch(document.floor));
      smallSamples[index].ours.push(timeBatch(document.run));
    }
  });
}

// ---- measure: interleaved rounds, median time per document
const candidates = [
  ['jsonapi-query', ours],
  ['floor (object literals + JSON.stringify)', floor],
  ['jsonapi-serializer', peerJsonapiSerializer],
  ['json-api-serializer', peerJsonApiSerializer],
  ['ts-japi', peerTsJapi],
];
const samples = new Map(candidates.map(([name]) => [name, []]));
for (const [, run] of candidates) for (let index = 0; index < 20; index++) await run();
const deadline = performance.now() + Number(process.env.BENCH_SECONDS ?? 10) * 1000;
while (performance.now() < deadline) {
  for (const [name, run] of candidates) {
    const start = performance.now();
    const result = run();
    if (result instanceof Promise) await result;
    samples.get(name).push(performance.now() - start);
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const times = new Map([...samples].map(([name, values]) => [name, median(values)]));
const oursTime = times.get('jsonapi-query');
const floorTime = times.get('floor (object literals + JSON.stringify)');
const fastestPeer = Math.min(times.get('jsonapi-serializer'), times.get('json-api-serializer'), times.get('ts-japi'));

console.log(`\n${PERSONS} persons × ${PER_PERSON} computers, include=computers, sparse fieldsets, links`);
console.log(`document: ${ours().length.toLocaleString('en')} characters; node ${process.version}\n`);
console.log('| Serializer | ms / document | documents / s | vs jsonapi-query |');
console.log('|---|---:|---:|---:|');
for (const [name] of candidates) {
  const time = times.get(name);
  console.log(
    `| ${name} | ${time.toFixed(2)} | ${Math.round(1000 / time).toLocaleString('en')} | ${(time / oursTime).toFixed(2)}× |`,
  );
}
const floorRatio = oursTime / floorTime;
const peerRatio = fastestPeer / oursTime;
console.log(`\njsonapi-query / floor: ${floorRatio.toFixed(2)}× (target ≤ 1.25×) ${floorRatio <= 1.25 ? 'PASS' : 'FAIL'}`);
console.log(`fastest peer / jsonapi-query: ${peerRatio.toFixed(2)}× (target ≥ 3×) ${peerRatio >= 3 ? 'PASS' : 'FAIL'}`);

console.log('\nSmall documents: a page of persons, include=computers, sparse fieldsets, pagination links, meta.count');
console.log('(median of interleaved batches of 50; ratio = median of the per-round ratios)\n');
console.log('| persons | characters | jsonapi-query µs | floor µs | ours ÷ floor | target |');
console.log('|---:|---:|---:|---:|---:|---|');
smallDocuments.forEach((document, index) => {
  const { ours: oursSamples, floor: floorSamples } = smallSamples[index];
  const ratio = median(oursSamples.map((value, round) => value / floorSamples[round]));
  console.log(
    `| ${document.size} | ${document.run().length.toLocaleString('en')} | ${(median(oursSamples) * 1000).toFixed(1)} | ${(median(floorSamples) * 1000).toFixed(1)} | ${ratio.toFixed(2)}× | ≤ 1.25× ${ratio <= 1.25 ? 'PASS' : 'FAIL'} |`,
  );
});
