/**
 * A data layer that notes each call it receives in the current recording (see
 * recorder.ts), then hands it to the layer it wraps unchanged.
 */
import { layerCapabilities, type DataLayer } from '../layers/data-layer.js';
import { currentRecording, type LayerCall } from './recorder.js';

/** Wraps `layer` so that explained requests count and list its calls. */
export function observedLayer(layer: DataLayer): DataLayer {
  const note = (method: LayerCall['method'], request: unknown): void => {
    currentRecording()?.calls.push({ method, request });
  };
  return {
    ...layerCapabilities(layer),
    read: (request, context) => {
      note('read', request);
      return layer.read(request, context);
    },
    readOne: (type, id, context) => {
      note('readOne', { type, id });
      return layer.readOne(type, id, context);
    },
    readRelated: (request, context) => {
      note('readRelated', request);
      return layer.readRelated(request, context);
    },
    readLinkage: (request, context) => {
      note('readLinkage', request);
      return layer.readLinkage(request, context);
    },
    readIncluded: (request, context) => {
      note('readIncluded', request);
      return layer.readIncluded(request, context);
    },
  };
}
