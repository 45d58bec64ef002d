/**
 * A memory layer and a SQL layer that start from the same records and are given the
 * same write lists, through the conformance kit's `layerTwin` (which maps the ids
 * each layer generates): the twin schema and its records, with a one-to-one pair the
 * SQL layer stores in two columns.
 */
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { LayerContext } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { Operation } from '../../src/operations/operation-node.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { layerTwin, type LayerTwin, type Outcome } from '../../src/testing/conformance/layer-twin.js';
import { writeSchema } from '../write/write-schema.js';
import type { Engine, EngineInstance } from '../helpers/engines.js';

export const context: LayerContext = { signal: new AbortController().signal };

/**
 * The write schema, plus a device type with a boolean, a number and a date, held by
 * at most one person who holds at most one device: a one-to-one pair the SQL layer
 * stores in two columns (`person.device_id`, `device.holder_id`) and keeps in step;
 * and stamps, with integer ids and no attribute a create must give.
 */
export const twinSchema = defineSchema({
  types: {
    ...writeSchema.types,
    person: {
      ...writeSchema.types.person,
      relationships: { ...writeSchema.types.person.relationships, device: { target: 'device', to: 'one', inverse: 'holder' } },
    },
    device: {
      root: 'devices',
      clientIds: 'allowed',
      attributes: {
        active: { type: ['boolean', 'null'] },
        ratio: { type: ['number', 'null'] },
        bought: { type: ['string', 'null'], format: 'date' },
      },
      relationships: { holder: { target: 'person', to: 'one', inverse: 'device' } },
    },
    stamp: { root: 'stamps', id: 'integer', attributes: { at: { type: ['string', 'null'] } } },
  },
});

/** The records both layers start from: every relationship kind of the schema is used. */
export const WRITE_DATA = {
  person: [
    { id: '1', name: 'Ann', display_name: 'Ann A.', birth_date: null, gender: 'f', device: 'd1' },
    { id: '2', name: 'Bob', display_name: 'Bob B.', birth_date: '1990-01-01', gender: 'm' },
    { id: 'x', name: 'Xi', display_name: 'Xi X.', birth_date: null, gender: null },
  ],
  computer: [
    { id: '1', serial: 'A', owner: '1' },
    { id: '2', serial: 'B', owner: '1' },
    { id: '3', serial: 'C', owner: null },
  ],
  tag: [
    { id: 5, label: 'five', note: null, weight: 1, created: null, people: ['1'], creator: '2' },
    { id: 8, label: 'eight', note: 'n', weight: null, created: '2020-01-01', people: ['1', '2'], creator: null },
  ],
  code: [{ id: 'c1', value: 'one' }],
  device: [
    { id: 'd1', active: true, ratio: 0.5, bought: '2020-02-29', holder: '1' },
    { id: 'd2', active: false, ratio: null, bought: null, holder: null },
  ],
  country: [{ id: 'fr', name: 'France' }],
  stamp: [],
};

export const TYPES = Object.keys(twinSchema.types);

export type { Outcome };

/** A memory layer and a SQL layer given the same lists (the kit's `layerTwin`). */
export interface WriteTwin {
  readonly instance: EngineInstance;
  /** The kit's twin underneath: the memory layer is its reference, the SQL layer the one under test. */
  readonly layers: LayerTwin;
  /** Applies the list (named in the memory layer's ids) to both layers; resolves with both outcomes. */
  apply(operations: readonly Operation[], scope?: (type: string) => FilterNode | undefined): Promise<{ memory: Outcome; sql: Outcome }>;
  /** Every resource of both layers, with its relationships, in the memory layer's ids. */
  states(): Promise<{ memory: string; sql: string }>;
  close(): Promise<void>;
}

/**
 * A twin over a new database of `engine`.
 *
 * @example
 * const twin = await writeTwin(engine);
 * const { memory, sql } = await twin.apply([deleteOperation(idRef('person', '1'))]);
 */
export async function writeTwin(engine: Engine): Promise<WriteTwin> {
  const instance = await engine.create(twinSchema, WRITE_DATA);
  const twin = layerTwin(twinSchema, createMemoryLayer(twinSchema, WRITE_DATA), instance.layer);
  return {
    instance,
    layers: twin,
    async apply(operations, scope) {
      const { reference, tested } = await twin.apply(operations, scope);
      return { memory: reference, sql: tested };
    },
    async states() {
      const { reference, tested } = await twin.states();
      return { memory: reference, sql: tested };
    },
    close: () => instance.close(),
  };
}
