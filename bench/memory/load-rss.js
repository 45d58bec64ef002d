// The memory a load takes, in a process of its own (run by run.js, which passes its
// flags): the JSON texts are read from files, then parsed, then loaded, with the
// resident set and the heap read after a full collection at each step. A fresh
// process measures JSON.parse fairly: in run.js the records the generator built and
// dropped leave V8 pages that JSON.parse refills without growing the resident set, so
// there the parsed data looked smaller than it is (0.6× its heap at 1M) and the load,
// which needs new pages, larger in proportion.
//   node --expose-gc bench/memory/load-rss.js persons.json computers.json
import { readFileSync } from 'node:fs';
import { createMemoryLayer } from '../../dist/layers/memory/index.js';
import { exampleSchema as schema } from '../../dist/example/index.js';

const gc = globalThis.gc;
if (gc === undefined) throw new Error('Run with node --expose-gc');
const [personFile, computerFile] = process.argv.slice(2);

/** Resident set and heap (V8 heap plus array buffers) in bytes, after a full collection. */
function settled() {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed + usage.arrayBuffers };
}

const texts = { person: readFileSync(personFile, 'utf8'), computer: readFileSync(computerFile, 'utf8') };
const base = settled();
const data = { person: JSON.parse(texts.person), computer: JSON.parse(texts.computer) };
const parsed = settled();
const layer = createMemoryLayer(schema, data);
const loaded = settled();
if (layer.cachedShapes !== 0 || data.person.length === 0) throw new Error('unexpected state');
console.log(JSON.stringify({
  parsed: { rss: parsed.rss - base.rss, heap: parsed.heap - base.heap },
  loaded: { rss: loaded.rss - base.rss, heap: loaded.heap - base.heap },
}));
