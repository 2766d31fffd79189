import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  type GraphQLNamedType,
  GraphQLScalarType,
  GraphQLString,
} from 'graphql';

const BUILTIN_SCALARS: Record<string, GraphQLScalarType> = {
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
};

/** Named types of one role's schema, created once each (graphql-js needs unique instances). */
export class TypeRegistry {
  private readonly types = new Map<string, GraphQLNamedType>();

  /** The type called `name`, built by `make` the first time. */
  get<T extends GraphQLNamedType>(name: string, make: () => T): T {
    let type = this.types.get(name);
    if (!type) {
      type = make();
      this.types.set(name, type);
    }
    return type as T;
  }

  has(name: string): boolean {
    return this.types.has(name) || name in BUILTIN_SCALARS;
  }

  lookup(name: string): GraphQLNamedType | undefined {
    return BUILTIN_SCALARS[name] ?? this.types.get(name);
  }

  /** A scalar by Hasura name: the four GraphQL built-ins or an opaque PostgreSQL scalar. */
  scalar(name: string): GraphQLScalarType {
    return BUILTIN_SCALARS[name] ?? this.get(name, () => new GraphQLScalarType({ name }));
  }

  orderBy(): GraphQLEnumType {
    return this.get(
      'order_by',
      () =>
        new GraphQLEnumType({
          name: 'order_by',
          description: 'column ordering options',
          values: {
            asc: { value: 'asc', description: 'in ascending order, nulls last' },
            asc_nulls_first: { value: 'asc_nulls_first', description: 'in ascending order, nulls first' },
            asc_nulls_last: { value: 'asc_nulls_last', description: 'in ascending order, nulls last' },
            desc: { value: 'desc', description: 'in descending order, nulls first' },
            desc_nulls_first: { value: 'desc_nulls_first', description: 'in descending order, nulls first' },
            desc_nulls_last: { value: 'desc_nulls_last', description: 'in descending order, nulls last' },
          },
        }),
    );
  }

  all(): GraphQLNamedType[] {
    return [...this.types.values()];
  }
}
