// TOTP (RFC 6238, 30 s steps, 6 digits) as authenticator apps expect; one step of clock drift is accepted.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export function newTotpSecret(): string {
  return generateSecret();
}

export async function verifyTotp(secret: string, token: string): Promise<boolean> {
  if (!/^\d{6}$/.test(token.trim())) return false;
  const result = await verify({ secret, token: token.trim(), epochTolerance: 30 });
  return result.valid;
}

/** The current code (used by tests and the bench, which play the authenticator app). */
export function currentTotp(secret: string): Promise<string> {
  return generate({ secret });
}

export function totpQrCode(secret: string, email: string): Promise<string> {
  return QRCode.toDataURL(generateURI({ issuer: 'Posture Vision', label: email, secret }));
}
