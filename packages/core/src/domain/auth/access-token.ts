// The access token between the API (which issues it) and the vision service (which verifies it against the
// API's JWKS document): who issues it, for whom, and how it is signed. Both servers take it from here, so a
// token one issues is always one the other accepts.

/** The `iss` of every token the API issues. */
export const ACCESS_TOKEN_ISSUER = 'posture-vision-api';
/** The `aud` of an access token (a token for another purpose has `<audience>:<purpose>`). */
export const ACCESS_TOKEN_AUDIENCE = 'posture-vision';
/** ES256: a small public key in the JWKS document, verifiable by any instance without a shared secret. */
export const ACCESS_TOKEN_ALGORITHM = 'ES256';
/** Where a server publishes its public keys: the API its token keys, the vision service its measurement keys. */
export const JWKS_PATH = '/.well-known/jwks.json';
