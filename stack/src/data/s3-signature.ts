import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Checks an S3 request's AWS Signature Version 4, as S3 does, for the local S3 server
 * (`s3.ts`). The signature is made again with AWS's own signer (`@smithy/signature-v4`, the
 * one the SDK signs with) from what the request says it signed, and compared. The body's hash is
 * taken as the request states it (`x-amz-content-sha256`, signed): unlike S3 we do not hash the
 * body to compare, which would only catch a body changed in flight on loopback.
 */

export interface S3Refusal {
  /** S3's error code (`AccessDenied`, `SignatureDoesNotMatch`…). */
  code: string;
  message: string;
  /** Default 403. */
  status?: number;
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a signed request's time may be from ours (S3's own limit). */
const MAX_SKEW_MS = 15 * 60_000;
/** A presigned URL lives at most a week (S3's limit). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const PAYLOAD_HASH = 'x-amz-content-sha256';
/** The query parameters of a presigned URL that carry its signature (not signed themselves). */
const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];

const denied = (message: string): S3Refusal => ({ code: 'AccessDenied', message });
const mismatch: S3Refusal = {
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided.',
};

/** The query as the client meant it: decoded, `+` kept (AWS encodes a space as %20), repeats as a list. */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of raw.split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const key = decodeURIComponent(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : decodeURIComponent(part.slice(equals + 1));
    const before = query[key];
    query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** `20260514T093000Z` → its Date, or null. */
function parseAmzDate(text: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface Claimed {
  credential: string;
  signedHeaders: string[];
  signature: string;
  date: Date;
}

/**
 * `<key id>/<yyyymmdd>/<region>/s3/aws4_request`: ours, of the request's own day. Returns the
 * region, or a refusal.
 */
function checkScope(claimed: Claimed, credentials: Credentials): { region: string } | S3Refusal {
  const [keyId, day, region, service, terminator, ...rest] = claimed.credential.split('/');
  if (keyId !== credentials.accessKeyId) {
    return {
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  if (
    rest.length ||
    !region ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    day !== claimed.date.toISOString().slice(0, 10).replaceAll('-', '')
  ) {
    return {
      code: 'AuthorizationHeaderMalformed',
      message: 'The credential scope is not valid for this request.',
    };
  }
  return { region };
}

/**
 * The headers the client says it signed, with the values they arrived with; a refusal when one is
 * missing, or when an `x-amz-*` header came unsigned (S3's HeadersNotSigned: a leaked presigned
 * PUT must not turn into a copy of another object with `x-amz-copy-source`).
 */
function signedHeaderValues(
  req: http.IncomingMessage,
  names: string[],
): { headers: Record<string, string> } | { refusal: S3Refusal } {
  const unsigned = Object.keys(req.headers).filter(
    (name) => name.startsWith('x-amz-') && !names.includes(name) && name !== PAYLOAD_HASH,
  );
  if (unsigned.length) {
    return {
      refusal: denied(
        `There were headers present in the request which were not signed: ${unsigned.join(', ')}.`,
      ),
    };
  }
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = req.headers[name];
    if (value === undefined) return { refusal: mismatch };
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return { headers };
}

/** What both kinds of signature are checked against: the request as the signer sees it. */
interface Signable {
  req: http.IncomingMessage;
  credentials: Credentials;
  now: Date;
  query: Record<string, string | string[]>;
  base: { method: string; protocol: string; hostname: string; path: string };
}

/** AWS's signer for our credentials in `region`, signing as S3 does. */
function signerFor(credentials: Credentials, region: string): SignatureV4 {
  return new SignatureV4({
    credentials,
    region,
    service: 's3',
    sha256: Sha256,
    // S3 signs the path as sent, and the body's hash only as the request states it.
    uriEscapePath: false,
    applyChecksum: false,
  });
}

/** Null when the request is signed with `credentials`, else why not. */
export async function verifyS3Request(
  req: http.IncomingMessage,
  credentials: Credentials,
  now: Date = new Date(),
): Promise<S3Refusal | null> {
  const url = req.url ?? '/';
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  let query: Record<string, string | string[]>;
  try {
    query = parseQuery(question < 0 ? '' : url.slice(question + 1));
  } catch {
    return { code: 'InvalidArgument', message: 'The query string is not valid.', status: 400 };
  }
  const authorization = req.headers.authorization;
  const presigned = 'X-Amz-Algorithm' in query;
  if (authorization !== undefined && presigned) {
    return { code: 'InvalidArgument', message: 'Only one auth mechanism allowed.', status: 400 };
  }
  if (authorization === undefined && !presigned) {
    return denied('Anonymous access is not allowed: sign the request (AWS Signature Version 4).');
  }
  const signable: Signable = {
    req,
    credentials,
    now,
    query,
    base: {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: (req.headers.host ?? '').replace(/:\d+$/, ''),
      path,
    },
  };
  return authorization !== undefined
    ? verifyAuthorizationHeader(signable, authorization)
    : verifyPresignedUrl(signable);
}

/** A request signed in its Authorization header (the SDK's own calls). */
async function verifyAuthorizationHeader(
  { req, credentials, now, query, base }: Signable,
  authorization: string,
): Promise<S3Refusal | null> {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return denied('Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted.');
  const date = parseAmzDate(req.headers['x-amz-date'] as string | undefined);
  if (!date) return denied('AWS authentication requires a valid x-amz-date header.');
  if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) {
    return {
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large.',
    };
  }
  const claimed: Claimed = {
    credential: match[1]!,
    signedHeaders: match[2]!.split(';'),
    signature: match[3]!,
    date,
  };
  const scope = checkScope(claimed, credentials);
  if ('code' in scope) return scope;
  if (!['host', 'x-amz-date', PAYLOAD_HASH].every((name) => claimed.signedHeaders.includes(name))) {
    return denied('The signature must cover host, x-amz-date and x-amz-content-sha256.');
  }
  const signedHeaders = signedHeaderValues(req, claimed.signedHeaders);
  if ('refusal' in signedHeaders) return signedHeaders.refusal;
  const { headers } = signedHeaders;
  const signed = await signerFor(credentials, scope.region).sign(
    new HttpRequest({ ...base, query, headers }),
    {
      signingDate: date,
      signableHeaders: new Set(claimed.signedHeaders),
    },
  );
  return sameText(
    String(signed.headers.authorization),
    `${ALGORITHM} Credential=${claimed.credential}, SignedHeaders=${claimed.signedHeaders.join(';')}, Signature=${claimed.signature}`,
  )
    ? null
    : mismatch;
}

/** A presigned URL (the browser's uploads and downloads): its signature is in its query. */
async function verifyPresignedUrl({
  req,
  credentials,
  now,
  query,
  base,
}: Signable): Promise<S3Refusal | null> {
  const single = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const [algorithm, credential, amzDate, expiresText, signedHeadersText, signature] =
    PRESIGN_PARAMS.map(single);
  if (algorithm !== ALGORITHM) return denied('Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted.');
  if (!credential || !signedHeadersText || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
    return denied('A presigned URL needs X-Amz-Credential, X-Amz-SignedHeaders and X-Amz-Signature.');
  }
  const date = parseAmzDate(amzDate);
  const expires = Number(expiresText);
  if (!date || !/^\d+$/.test(expiresText ?? '') || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
    return denied('A presigned URL needs a valid X-Amz-Date and X-Amz-Expires (1 s to a week).');
  }
  if (now.getTime() > date.getTime() + expires * 1000) return denied('Request has expired');
  if (date.getTime() - now.getTime() > MAX_SKEW_MS) return denied('The request is dated in the future.');
  const claimed: Claimed = { credential, signedHeaders: signedHeadersText.split(';'), signature, date };
  const scope = checkScope(claimed, credentials);
  if ('code' in scope) return scope;
  if (!claimed.signedHeaders.includes('host')) return denied('The signature must cover the host header.');
  const signedHeaders = signedHeaderValues(req, claimed.signedHeaders);
  if ('refusal' in signedHeaders) return signedHeaders.refusal;
  const { headers } = signedHeaders;
  const unsigned = Object.fromEntries(
    Object.entries(query).filter(([name]) => !PRESIGN_PARAMS.includes(name)),
  );
  // A presigned URL's body is never signed: its hash is UNSIGNED-PAYLOAD, whether or not the
  // URL repeats it as a parameter (the SDK's presigner does). The headers it signed stay headers.
  const presign = await signerFor(credentials, scope.region).presign(
    new HttpRequest({
      ...base,
      query: unsigned,
      headers: { ...headers, [PAYLOAD_HASH]: 'UNSIGNED-PAYLOAD' },
    }),
    {
      signingDate: date,
      expiresIn: expires,
      signableHeaders: new Set(claimed.signedHeaders),
      unsignableHeaders: new Set([PAYLOAD_HASH]),
      unhoistableHeaders: new Set([...claimed.signedHeaders, PAYLOAD_HASH]),
    },
  );
  const again = presign.query as Record<string, string>;
  return again['X-Amz-Credential'] === credential &&
    again['X-Amz-SignedHeaders'] === signedHeadersText &&
    sameText(again['X-Amz-Signature'] ?? '', signature)
    ? null
    : mismatch;
}
