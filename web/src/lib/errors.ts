import type { CombinedError } from '@urql/core';

/** Shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Please check your connection and try again.';
/** Shown when the server answers something we cannot read. */
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong, please try again.';

/**
 * The one error type of the web app. REST answers (`{code, message, fields?}`), GraphQL errors
 * (`extensions.code`) and network failures all become one of these, so screens show
 * `message` and branch on `code` without knowing the transport.
 */
export class PortalError extends Error {
  override readonly name = 'PortalError';

  constructor(
    readonly code: string,
    message: string,
    readonly options: { status?: number; fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
  }

  get status(): number | undefined {
    return this.options.status;
  }

  get fields(): Record<string, string> {
    return this.options.fields ?? {};
  }

  /** From a non-2xx REST answer. */
  static async fromResponse(response: Response): Promise<PortalError> {
    const body = (await response.json().catch(() => null)) as {
      code?: unknown;
      message?: unknown;
      fields?: unknown;
    } | null;
    const code = typeof body?.code === 'string' ? body.code : `http_${response.status}`;
    const message = typeof body?.message === 'string' ? body.message : UNEXPECTED_ERROR_MESSAGE;
    const fields =
      body?.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
    return new PortalError(code, message, { status: response.status, fields });
  }

  static network(cause: unknown): PortalError {
    return new PortalError('network', NETWORK_ERROR_MESSAGE, { cause });
  }

  /** From urql's CombinedError: the first GraphQL error's code, or the network failure. */
  static fromCombinedError(error: CombinedError): PortalError {
    const first = error.graphQLErrors[0];
    if (first) {
      const code = typeof first.extensions?.code === 'string' ? first.extensions.code : 'graphql';
      return new PortalError(code, first.message, { cause: error });
    }
    const status = (error.response as Response | undefined)?.status;
    return new PortalError(status ? `http_${status}` : 'network', NETWORK_ERROR_MESSAGE, {
      status,
      cause: error,
    });
  }

  static from(error: unknown): PortalError {
    if (error instanceof PortalError) return error;
    return new PortalError('unexpected', UNEXPECTED_ERROR_MESSAGE, { cause: error });
  }
}

/** A failure for want of a network (no answer at all), as opposed to a refusal. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof PortalError && error.code === 'network';
}
