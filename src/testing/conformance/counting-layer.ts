import { layerCapabilities, type DataLayer } from '../../layers/data-layer.js';

/** The methods of a data layer that read. */
export type LayerMethod = 'read' | 'readOne' | 'readRelated' | 'readLinkage' | 'readIncluded';

/** A data layer that counts the calls it forwards, and the counts. */
export interface CountingLayer {
  readonly layer: DataLayer;
  /** Calls per method since creation. */
  readonly calls: Readonly<Record<LayerMethod, number>>;
}

/**
 * Wraps a data layer so every call is counted before it is forwarded unchanged.
 *
 * @example
 * const { layer: counted, calls } = countingLayer(layer);
 * await executeCollection(ast, { schema, layer: counted });
 * calls.readIncluded; // one per include path step
 */
export function countingLayer(layer: DataLayer): CountingLayer {
  const calls: Record<LayerMethod, number> = { read: 0, readOne: 0, readRelated: 0, readLinkage: 0, readIncluded: 0 };
  const counted: DataLayer = {
    ...layerCapabilities(layer),
    read: (request, context) => {
      calls.read += 1;
      return layer.read(request, context);
    },
    readOne: (type, id, context) => {
      calls.readOne += 1;
      return layer.readOne(type, id, context);
    },
    readRelated: (request, context) => {
      calls.readRelated += 1;
      return layer.readRelated(request, context);
    },
    readLinkage: (request, context) => {
      calls.readLinkage += 1;
      return layer.readLinkage(request, context);
    },
    readIncluded: (request, context) => {
      calls.readIncluded += 1;
      return layer.readIncluded(request, context);
    },
  };
  return { layer: counted, calls };
}
