/**
 * A validator of JSON answers for the first load, a few hundred bytes where zod's core is 16 kB
 * gzipped (docs/decisions/web-app.md, "The first load"). The modules the entry loads (the signed-in
 * user, sign-in and its second step, factors, sessions, `/api/config`, the build's environment)
 * check the actions service's answers with it; everything else uses zod. Like zod: an object keeps
 * only the keys its shape names (`looseObject` keeps every key), and a parse collects every problem
 * with its path instead of stopping at the first.
 */

/** One problem of a value: where (keys and indexes from the root) and what. */
export interface TAnswerIssue {
  path: (string | number)[];
  message: string;
}

export type TSafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: TAnswerIssue[] } };

/** A check of an unknown value that answers it as a `T` (a default filled in, unknown keys left out). */
export interface Schema<T> {
  /** Reports what is wrong with `value` to `issues`; the answer only counts when it reported nothing. */
  check(value: unknown, path: (string | number)[], issues: TAnswerIssue[]): T;
  safeParse(value: unknown): TSafeParse<T>;
  /** Only a key of an object: may be absent. */
  readonly optional?: true;
}

/** The type a schema answers. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K]['optional'] extends true ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<S extends Shape> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

/** A schema from its check; `custom` for one the helpers below do not make. */
export function custom<T>(check: Schema<T>['check'], optional?: true): Schema<T> {
  return {
    check,
    optional,
    safeParse(value) {
      const issues: TAnswerIssue[] = [];
      const data = check(value, [], issues);
      return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
    },
  };
}

/** Reports `message` at `path` and answers the value as it was (the parse fails anyway). */
export function invalid<T>(
  value: unknown,
  path: (string | number)[],
  issues: TAnswerIssue[],
  message: string,
): T {
  issues.push({ path, message });
  return value as T;
}

function typed<T>(expected: string, test: (value: unknown) => boolean): Schema<T> {
  return custom((value, path, issues) =>
    test(value) ? (value as T) : invalid(value, path, issues, `expected ${expected}`),
  );
}

export const string = (): Schema<string> => typed('a string', (value) => typeof value === 'string');
export const number = (): Schema<number> =>
  typed('a number', (value) => typeof value === 'number' && Number.isFinite(value));
export const positiveNumber = (): Schema<number> =>
  typed('a number above 0', (value) => typeof value === 'number' && Number.isFinite(value) && value > 0);
export const boolean = (): Schema<boolean> => typed('true or false', (value) => typeof value === 'boolean');
export const literal = <const T extends string | number | boolean>(expected: T): Schema<T> =>
  typed(JSON.stringify(expected), (value) => value === expected);
export const oneOf = <const T extends string>(values: readonly T[]): Schema<T> =>
  typed(`one of ${values.join(', ')}`, (value) => values.includes(value as T));

export function nullable<T>(schema: Schema<T>): Schema<T | null> {
  return custom((value, path, issues) => (value === null ? null : schema.check(value, path, issues)));
}

/** A key that may be absent (or undefined). */
export function optional<T>(schema: Schema<T>): Schema<T | undefined> {
  return custom(
    (value, path, issues) => (value === undefined ? undefined : schema.check(value, path, issues)),
    true,
  );
}

/** A key that may be absent, undefined or null. */
export function nullish<T>(schema: Schema<T>): Schema<T | null | undefined> {
  return custom(
    (value, path, issues) =>
      value === undefined || value === null ? value : schema.check(value, path, issues),
    true,
  );
}

/** A key that may be absent (or undefined) in the value, and is `fallback` in the answer then. */
export function withDefault<T>(schema: Schema<T>, fallback: T): Schema<T> {
  return custom((value, path, issues) =>
    value === undefined ? fallback : schema.check(value, path, issues),
  );
}

export function array<T>(item: Schema<T>): Schema<T[]> {
  return custom((value, path, issues) =>
    Array.isArray(value)
      ? value.map((entry, index) => item.check(entry, [...path, index], issues))
      : invalid(value, path, issues, 'expected an array'),
  );
}

function objectSchema<S extends Shape, Extra>(shape: S, keepOthers: boolean): Schema<ObjectOf<S> & Extra> {
  return custom((value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return invalid(value, path, issues, 'expected an object');
    const input = value as Record<string, unknown>;
    const answer: Record<string, unknown> = keepOthers ? { ...input } : {};
    for (const [key, schema] of Object.entries(shape)) {
      const checked = schema.check(input[key], [...path, key], issues);
      if (checked !== undefined) answer[key] = checked;
    }
    return answer as ObjectOf<S> & Extra;
  });
}

/** An object with the shape's keys; other keys are left out of the answer. */
export const object = <S extends Shape>(shape: S): Schema<ObjectOf<S>> =>
  objectSchema<S, unknown>(shape, false);

/** An object with the shape's keys, keeping every other key as it is. */
export const looseObject = <S extends Shape>(shape: S): Schema<ObjectOf<S> & Record<string, unknown>> =>
  objectSchema<S, Record<string, unknown>>(shape, true);

/** The first of `options` the value passes. */
export function union<const O extends readonly Schema<unknown>[]>(options: O): Schema<Infer<O[number]>> {
  return custom((value, path, issues) => {
    for (const option of options) {
      const parsed = option.safeParse(value);
      if (parsed.success) return parsed.data as Infer<O[number]>;
    }
    return invalid(value, path, issues, 'matches none of the expected answers');
  });
}
