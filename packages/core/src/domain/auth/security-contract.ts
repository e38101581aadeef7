// The account-security API's requests and answers (device sessions, two-factor authentication, login
// history), written once: the API validates and shapes with them, the client's types are inferred from them.

import { RECOVERY_CODE_MESSAGES } from '../../texts/auth';
import { historyLimitQuery, totpCode } from '../http/fields';
import { envelope, z } from '../http/schema';
import { isRecoveryCodeShape } from './recovery-codes';

/** The authenticator's 6-digit code (enable, verify, new recovery codes). */
export const totpRequest = z.object({ token: totpCode });
/** Turning 2FA off takes the authenticator's code or, when the phone is lost, one recovery code. */
export const disableTwoFactorRequest = z.union([
  totpRequest,
  z.object({
    recoveryCode: z.string().max(40).refine(isRecoveryCodeShape, RECOVERY_CODE_MESSAGES.invalid),
  }),
]);
export const loginHistoryQuery = historyLimitQuery;
export const loginStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const deviceSession = z.object({
  id: z.string(),
  deviceType: z.string(),
  browser: z.string(),
  ipAddress: z.string(),
  lastActivity: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});

export const loginHistoryEntry = z.object({
  timestamp: z.string(),
  success: z.boolean(),
  ipAddress: z.string(),
  device: z.object({ device: z.string(), browser: z.string() }),
  location: z.string().nullable(),
  note: z.string().nullable(),
});

export const loginStats = z.object({
  days: z.number(),
  totalLogins: z.number(),
  successfulLogins: z.number(),
  failedLogins: z.number(),
  successRate: z.number(),
  uniqueDevices: z.number(),
});

export const deviceSessionsResponse = envelope(z.array(deviceSession));
export const logoutAllResponse = envelope(z.object({ revoked: z.number() }));
export const deviceLogoutResponse = envelope(z.object({ id: z.string() }));
export const twoFactorSetupResponse = envelope(z.object({ qrCode: z.string(), secret: z.string() }));
export const twoFactorEnabledResponse = envelope(
  z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) }),
);
export const recoveryCodesResponse = envelope(z.object({ recoveryCodes: z.array(z.string()) }));
export const twoFactorVerifiedResponse = envelope(z.object({ valid: z.literal(true) }));
export const twoFactorDisabledResponse = envelope(z.object({ enabled: z.literal(false) }));
export const twoFactorStatusResponse = envelope(
  z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }),
);
export const loginHistoryResponse = envelope(z.object({ history: z.array(loginHistoryEntry) }));
export const loginStatsResponse = envelope(loginStats);

export type DeviceSession = z.infer<typeof deviceSession>;
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntry>;
export type LoginStats = z.infer<typeof loginStats>;
