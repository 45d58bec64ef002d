import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { documentPlan, MAX_CACHED_PLANS } from '../../src/serialize/document-plan.js';

const key = (fields: Record<string, string[]> = {}, include: string[][] = []) => ({
  schema: exampleSchema,
  baseUrl: '',
  fields,
  include,
  includeFrom: 'person',
});

describe('documentPlan', () => {
  it('precomputes attribute lists in schema order and link fragments', () => {
    const plan = documentPlan(key({ person: ['name', 'display_name', 'computers'] }, [['computers']]));
    const person = plan.types.get('person');
    expect(person?.attributes.map((attribute) => attribute.name)).toEqual(['display_name', 'name']);
    expect(person?.attributes.map((attribute) => attribute.key)).toEqual(['"display_name":', ',"name":']);
    expect(person?.open).toBe('{"type":"person","id":');
    expect(person?.linkPrefix).toBe('/persons/');
    expect(person?.relationships).toEqual([
      {
        name: 'computers',
        toMany: true,
        followable: true,
        open: '"computers":{',
        selfSuffix: '/relationships/computers',
        relatedSuffix: '/computers',
        identifierOpen: '{"type":"computer","id":',
      },
    ]);
    expect(plan.types.get('computer')?.relationships[0]?.followable).toBe(false);
  });

  it('marks the relationships of every step of every include path as followable', () => {
    const plan = documentPlan(key({}, [['computers', 'owner', 'computers']]));
    expect(plan.types.get('person')?.relationships[0]?.followable).toBe(true);
    expect(plan.types.get('computer')?.relationships[0]?.followable).toBe(true);
  });

  it('JSON-escapes the base URL once, in the plan', () => {
    const plan = documentPlan({ ...key(), baseUrl: 'https://x.test/"q"\\' });
    expect(plan.types.get('person')?.linkPrefix).toBe('https://x.test/\\"q\\"\\\\/persons/');
    expect(JSON.parse(`"${plan.types.get('person')?.linkPrefix ?? ''}"`)).toBe('https://x.test/"q"\\/persons/');
  });

  it('is computed once per shape and the cache is bounded', () => {
    const first = documentPlan(key({ person: ['name'] }));
    expect(documentPlan(key({ person: ['name'] }))).toBe(first);
    for (let index = 0; index < MAX_CACHED_PLANS; index++) documentPlan(key({ person: [`x${String(index)}`] }));
    expect(documentPlan(key({ person: ['name'] }))).not.toBe(first);
  });
});
