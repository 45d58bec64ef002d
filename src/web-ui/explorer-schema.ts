/**
 * What the explorer page needs to offer only valid choices: per type its attributes
 * (kind, nullable, filterable, sortable) and relationships, the operators of each
 * field kind that the data layer evaluates, and the default page size.
 */
import { OPERATORS_BY_KIND, type Operator } from '../ast/operators.js';
import { resolveLimits, type LimitOptions } from '../limits.js';
import type { ResolvedAttribute, ResolvedSchema } from '../schema/resolved-schema.js';

/** One field as the page shows it. */
export interface ExplorerField {
  readonly name: string;
  readonly kind: ResolvedAttribute['kind'];
  readonly nullable: boolean;
  readonly filterable: boolean;
  readonly sortable: boolean;
}

/** The page's view of one type. */
export interface ExplorerType {
  readonly name: string;
  readonly root: string;
  readonly defaultPageSize: number;
  readonly fields: readonly ExplorerField[];
  readonly relationships: readonly { readonly name: string; readonly target: string; readonly toMany: boolean }[];
}

/** The document the page loads from `/__explorer/schema.json`. */
export interface ExplorerSchema {
  readonly types: readonly ExplorerType[];
  readonly operatorsByKind: Readonly<Record<ResolvedAttribute['kind'], readonly string[]>>;
  readonly relationshipOperators: readonly string[];
}

/** Describes a resolved schema for the page. */
export function explorerSchema(schema: ResolvedSchema, operators: ReadonlySet<Operator>, limits: LimitOptions | undefined): ExplorerSchema {
  const supported = (list: readonly string[]): readonly string[] => list.filter((op) => operators.has(op as Operator));
  const field = (attribute: ResolvedAttribute): ExplorerField => ({
    name: attribute.name,
    kind: attribute.kind,
    nullable: attribute.nullable,
    filterable: attribute.filterable,
    sortable: attribute.sortable,
  });
  return {
    types: [...schema.types.values()].map((type) => ({
      name: type.name,
      root: type.root,
      defaultPageSize: resolveLimits(limits, type.name).defaultPageSize,
      fields: [type.id, ...type.attributes.values()].map(field),
      relationships: [...type.relationships.values()].map((relationship) => ({
        name: relationship.name,
        target: relationship.target,
        toMany: relationship.toMany,
      })),
    })),
    operatorsByKind: {
      string: supported(OPERATORS_BY_KIND.string),
      number: supported(OPERATORS_BY_KIND.number),
      date: supported(OPERATORS_BY_KIND.date),
      boolean: supported(OPERATORS_BY_KIND.boolean),
    },
    relationshipOperators: supported(['any', 'has']),
  };
}
