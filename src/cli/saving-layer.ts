/**
 * `serve FILE --writable --save`: the memory layer over FILE, whose every successful
 * write list is saved back to FILE (`{ schema, data }`, atomically: save-file.ts)
 * before `apply` resolves, so before the handler answers the write.
 */
import type { DataLayer } from '../layers/data-layer.js';
import type { MemoryLayer } from '../layers/memory/index.js';
import type { ResourceSchema } from '../schema/schema.js';
import { FileSaver, removeAbandonedSaves } from './save-file.js';

/**
 * Wraps `layer` so that each write it applies is on disk in `file` when its
 * `apply` resolves; a failed save rejects (the client gets a 500, the server logs
 * why) and the change stays in memory, saved with the next write. Removes what
 * killed saves of `file` left first.
 */
export async function savingLayer(file: string, schema: ResourceSchema, layer: MemoryLayer): Promise<DataLayer> {
  await removeAbandonedSaves(file);
  const saver = new FileSaver(file, () => `${JSON.stringify({ schema, data: layer.snapshot() }, null, 2)}\n`);
  const { apply } = layer;
  if (apply === undefined) return layer;
  return {
    ...layer,
    apply: async (request, context) => {
      const result = await apply.call(layer, request, context);
      try {
        await saver.save();
      } catch (error) {
        throw new Error(`The write was applied in memory but saving ${file} failed`, { cause: error });
      }
      return result;
    },
  };
}
