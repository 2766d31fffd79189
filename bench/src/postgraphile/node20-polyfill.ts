/**
 * PostGraphile v5 (grafast, @dataplan/pg) calls `Promise.withResolvers`, which Node 22 has and
 * Node 20 lacks (its packages declare `engines: node >= 22`). This is the only Node 22 API their
 * dist code uses, so the bench fills it in on Node 20; on Node 22+ this does nothing.
 */
type WithResolvers = <T>() => {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
};

const P = Promise as unknown as { withResolvers?: WithResolvers };
P.withResolvers ??= <T>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

// Read when grafast loads: production mode, as a deployed server runs (and no start-up notice).
process.env.GRAPHILE_ENV ??= 'production';
