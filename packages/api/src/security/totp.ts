// TOTP (RFC 6238, 30 s steps, 6 digits) as authenticator apps expect; one step of clock drift is accepted.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export function newTotpSecret(): string {
  return generateSecret();
}

export async function verifyTotp(secret: string, token: string): Promise<boolean> {
  return (await totpStep(secret, token)) !== null;
}

/** The 30 s time step the code belongs to, or null when it is not valid now. */
export async function totpStep(secret: string, token: string): Promise<number | null> {
  if (!/^\d{6}$/.test(token.trim())) return null;
  const result = await verify({ secret, token: token.trim(), epochTolerance: 30 });
  if (!result.valid) return null;
  return 'epoch' in result ? Math.floor(result.epoch / 30) : Math.floor(Date.now() / 30_000) + result.delta;
}

/** The current code (used by tests and the bench, which play the authenticator app). */
export function currentTotp(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

export function totpQrCode(secret: string, email: string): Promise<string> {
  return QRCode.toDataURL(generateURI({ issuer: 'Posture Vision', label: email, secret }));
}
