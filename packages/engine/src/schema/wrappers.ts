import { type GraphQLInputType, GraphQLList, GraphQLNonNull, type GraphQLOutputType } from 'graphql';

/** `T!` */
export const nn = <T extends GraphQLInputType | GraphQLOutputType>(t: T) => new GraphQLNonNull(t);
/** `[T]` */
export const list = <T extends GraphQLInputType | GraphQLOutputType>(t: T) => new GraphQLList(t);
/** True for a valid GraphQL name. */
export const isNameOk = (s: string) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(s);
