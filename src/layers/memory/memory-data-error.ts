/**
 * Thrown by `createMemoryLayer` when the data does not fit the schema. It names the
 * resource type, the record's id and the field at fault, so a bad fixture is found at once.
 *
 * @example
 * try { createMemoryLayer(schema, { person: [{ id: '1', name: 7 }] }); } catch (error) {
 *   if (error instanceof MemoryDataError) console.error(error.type, error.id, error.field);
 * }
 */
export class MemoryDataError extends Error {
  override readonly name = 'MemoryDataError';
  /** The resource type of the bad record (or the unknown type). */
  readonly type: string;
  /** The id of the bad record, as given; `undefined` when the record has no usable id. */
  readonly id: unknown;
  /** The member at fault (`id`, an attribute or a relationship); `undefined` for the record as a whole. */
  readonly field: string | undefined;

  constructor(type: string, id: unknown, field: string | undefined, problem: string) {
    const where = [
      `type "${type}"`,
      ...(id === undefined ? [] : [`id ${JSON.stringify(id)}`]),
      ...(field === undefined ? [] : [`field "${field}"`]),
    ].join(', ');
    super(`Invalid data: ${where}: ${problem}`);
    this.type = type;
    this.id = id;
    this.field = field;
  }
}
