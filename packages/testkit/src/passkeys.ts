/**
 * Passkeys in tests: a software authenticator (an ES256 key made with Node's crypto) that answers
 * WebAuthn options as a browser and a security key would, with the answer's origin, RP ID,
 * challenge and signature counter open to change (what an attack test forges), and the
 * registration and sign-in steps through the real routes.
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';
import type { FastifyInstance } from 'fastify';
import { signIn } from './test-app.ts';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** What an answer may be made to say instead of the truth (an attacker's forgery). */
export interface Forgery {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

/** WebAuthn options as the routes answer them (the fields the authenticator reads). */
interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

/** A security key in software: one credential, an ES256 key pair and a signature counter. */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  readonly id = b64url(this.credentialId);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;

  /** `origin`: where the browser is (the product's public origin, unless a test says otherwise). */
  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The public key as COSE (EC2, ES256, P-256), as an authenticator reports it. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  /** The answer to registration options (`navigator.credentials.create()`), attestation "none". */
  register(options: Options, forgery: Forgery = {}) {
    const rpId = forgery.rpId ?? options.rp?.id ?? '';
    const clientDataJSON = this.clientData(
      'webauthn.create',
      forgery.challenge ?? options.challenge,
      forgery.origin ?? this.origin,
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    // rpIdHash, flags (user present, user verified, attested credential data), counter, then the
    // credential: AAGUID (zeros), its id and its public key.
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x01 | 0x04 | 0x40]),
      uint32(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'cross-platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
    };
  }

  /** The answer to sign-in options (`navigator.credentials.get()`): a signature, the counter moved on. */
  assert(options: Options, forgery: Forgery = {}) {
    const rpId = forgery.rpId ?? options.rpId ?? '';
    const counter = forgery.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      forgery.challenge ?? options.challenge,
      forgery.origin ?? this.origin,
    );
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), uint32(counter)]);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
      .sign(this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'cross-platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
    };
  }
}

/** The product's origin in the tests' app (testEnv's APP_ORIGIN). */
export const TEST_APP_ORIGIN = 'http://portal.test:3000';

/** Registration options for the signed-in caller (POST /api/user/factors/passkey/options). */
export async function passkeyOptions(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/user/factors/passkey/options', headers });
  if (response.statusCode !== 200) throw new Error(`options failed: ${response.statusCode} ${response.body}`);
  return response.json() as Options & { excludeCredentials?: Array<{ id: string }> };
}

/** POST /api/user/factors/passkey with a name and the authenticator's answer. */
export function registerPasskey(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  credential: unknown,
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/factors/passkey',
    headers,
    payload: { name, credential },
  });
}

/** Signs in (no factor yet) and registers a software passkey under `name`. */
export async function enrolPasskey(app: FastifyInstance, email: string, password: string, name = 'YubiKey') {
  const { accessToken } = await signIn(app, email, password);
  const headers = { authorization: `Bearer ${accessToken}` };
  const authenticator = new SoftAuthenticator(TEST_APP_ORIGIN);
  const options = await passkeyOptions(app, headers);
  const response = await registerPasskey(app, headers, name, authenticator.register(options));
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const { factorId, recoveryCodes } = response.json() as { factorId: number; recoveryCodes: string[] };
  return { authenticator, factorId, recoveryCodes, headers };
}

/** Sign-in options for the second step (POST /api/auth/login/passkey). */
export function passkeySignInOptions(app: FastifyInstance, challenge: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login/passkey', payload: { challenge } });
}
