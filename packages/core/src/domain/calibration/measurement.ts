// A calibration's figures are what the vision service measured on its photos, never a client's reading of them.
// The vision service signs each batch analysis it answers: a JWT (ES256) whose claims are the analysis and the
// SHA-256 of each photo's bytes. The client hands that token back with the photos when it stores the calibration
// (`mlAnalysis.signed_measurement`); the API verifies it against the vision service's published key and the photos
// it received, and stores the signed analysis, not the client's copy. This is the contract both sides share: the
// claims, the digest, the signer (WebCrypto, so it runs in Node and in browsers alike). Verifying is the API's.
import type { ViewType } from './contract';

/** Who signs (the vision service) and for whom (the API). */
export const MEASUREMENT_ISSUER = 'posture-vision-vision';
export const MEASUREMENT_AUDIENCE = 'posture-vision-api';
/** How long a signed measurement may be stored after it was made: the wizard stores it seconds later. */
export const MEASUREMENT_SECONDS = 60 * 60;
/** The views a calibration's photos are, each with its digest in the claims. */
export const MEASURED_VIEWS = ['front', 'left', 'right'] as const satisfies readonly ViewType[];

export type PhotoDigests = Record<(typeof MEASURED_VIEWS)[number], string>;

export interface MeasurementClaims {
  /** SHA-256 (hex) of each photo's bytes, as decoded from its data URL. */
  photos: PhotoDigests;
  /** The batch analysis as the vision service answered it (without the signed measurement itself). */
  analysis: Record<string, unknown>;
}

/** A private ES256 key (P-256 JWK with d) and its key id, published with the public half. */
export interface MeasurementKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
}

const subtle = () => globalThis.crypto.subtle;

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const jsonPart = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** The digest the claims carry for a photo: SHA-256 of its bytes, in hex. */
export async function photoDigest(bytes: Uint8Array): Promise<string> {
  return hex(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** The views whose photo is not the one measured (an empty list: these are the measured photos). */
export function unmeasuredViews(signed: Partial<PhotoDigests>, received: PhotoDigests): string[] {
  return MEASURED_VIEWS.filter((view) => signed[view] !== received[view]);
}

/**
 * A signer for one key (imported once): each call gives a compact JWT over the claims, with iat and exp.
 * `now` is in milliseconds (tests pass an older time to make an expired measurement).
 */
export async function measurementSigner(
  key: MeasurementKey,
): Promise<(claims: MeasurementClaims, now?: number) => Promise<string>> {
  const { kid, ...jwk } = key;
  const privateKey = await subtle().importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const header = jsonPart({ alg: 'ES256', typ: 'JWT', kid });
  return async (claims, now = Date.now()) => {
    const iat = Math.floor(now / 1000);
    const payload = jsonPart({
      iss: MEASUREMENT_ISSUER,
      aud: MEASUREMENT_AUDIENCE,
      iat,
      exp: iat + MEASUREMENT_SECONDS,
      photos: claims.photos,
      analysis: claims.analysis,
    });
    const input = new TextEncoder().encode(`${header}.${payload}`);
    // WebCrypto's ECDSA signature is r‖s (64 bytes), the form a JWS carries.
    const signature = await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, input);
    return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
  };
}

/** A new private key (for a service without a configured one, and for tests). */
export async function generateMeasurementKey(kid: string): Promise<MeasurementKey> {
  const pair = (await subtle().generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await subtle().exportKey('jwk', pair.privateKey);
  return { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string, d: jwk.d as string, kid };
}

/** The public half, as a JWKS publishes it. */
export function publicMeasurementJwk(key: MeasurementKey) {
  return { kty: key.kty, crv: key.crv, x: key.x, y: key.y, kid: key.kid, alg: 'ES256', use: 'sig' } as const;
}

/** A private key given as JSON text (an operator's secret), or an error naming where it came from. */
export function parseMeasurementKey(text: string, where: string): MeasurementKey {
  let jwk: Partial<MeasurementKey>;
  try {
    jwk = JSON.parse(text) as Partial<MeasurementKey>;
  } catch {
    throw new Error(`${where} is not JSON (a private ES256 JWK is expected)`);
  }
  if (
    jwk.kty !== 'EC' ||
    jwk.crv !== 'P-256' ||
    typeof jwk.x !== 'string' ||
    typeof jwk.y !== 'string' ||
    typeof jwk.d !== 'string'
  )
    throw new Error(`${where} is not a private ES256 key (kty EC, crv P-256, with x, y and d)`);
  return {
    kty: 'EC',
    crv: 'P-256',
    x: jwk.x,
    y: jwk.y,
    d: jwk.d,
    kid: typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : `measurement-${jwk.x.slice(0, 16)}`,
  };
}
