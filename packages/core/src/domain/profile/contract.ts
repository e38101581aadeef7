// The profile API's requests and answers, written once (the API validates and shapes with them, the client's
// types are inferred from them, the profile form checks its fields with them).

import { RECALIBRATION_FREQUENCIES } from '../../texts/settings';
import { VALIDATION_MESSAGES } from '../auth/rules';
import { calibration } from '../calibration/contract';
import { answeredTime, birthday, requiredText } from '../http/fields';
import { envelope, firstError, z } from '../http/schema';

/** The profile as the API answers it (GET /profile, the update, the sign-in's user). */
export const profileData = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** YYYY-MM-DD, or '' when the account has none (a Google account). */
  birthday: z.string(),
  phoneNumber: z.string(),
  profilePicture: z.string().nullable(),
  authProvider: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  recalibrationFrequency: z.string(),
  /** When the account was created (ISO time). */
  createdAt: z.string(),
});

/** The profile form's phone: an optional + and 10 to 15 digits, all digits. */
export const profilePhone = requiredText('Phone number', 25).refine(
  (p) => /^\+?\d+$/.test(p) && p.replace(/\D/g, '').length >= 10 && p.replace(/\D/g, '').length <= 15,
  VALIDATION_MESSAGES.phoneLength,
);

export const profileUpdateRequest = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  birthday,
  phoneNumber: profilePhone,
  profilePicture: z.string().url().max(1000).nullable().optional(),
  recalibrationFrequency: z.enum(RECALIBRATION_FREQUENCIES).optional(),
  /** The current password: saving the profile requires it. */
  password: z
    .string({ error: VALIDATION_MESSAGES.profilePasswordRequired })
    .min(1, VALIDATION_MESSAGES.profilePasswordRequired)
    .max(256),
});

/**
 * The settings the browser keeps that the server must also know: the recalibration frequency decides when a
 * calibration expires, for the web app and the extension alike, so the web app sends it whenever the user
 * saves it (and with each new calibration).
 */
export const profileSettingsRequest = z.object({
  recalibrationFrequency: z.enum(RECALIBRATION_FREQUENCIES, {
    error: `recalibrationFrequency must be one of ${RECALIBRATION_FREQUENCIES.join(', ')}.`,
  }),
});

/** Profile and session exports: `?format=json|csv`, JSON when absent. */
export const exportQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

export const profileResponse = envelope(profileData);
export const profileSettingsResponse = envelope(profileSettingsRequest);
export const avatarResponse = envelope(z.object({ profilePicture: z.string() }));
export const exportStatsResponse = envelope(
  z.object({
    profile: z.object({ totalRecords: z.number() }),
    sessions: z.object({ totalSessions: z.number(), totalFeedbackLogs: z.number() }),
  }),
);

/**
 * POST /profile/export: the account's own data. As JSON: the profile, every calibration's figures as stored (its
 * photos' analysis left out) and the sign-in history; as CSV: the profile's row, as text.
 */
export const profileExport = z.object({
  exportedAt: answeredTime,
  profile: profileData,
  calibrations: z.array(
    calibration.omit({ mlProcessed: true }).extend({ userId: z.string(), createdAt: answeredTime }),
  ),
  loginHistory: z.array(
    z.object({
      timestamp: answeredTime,
      success: z.boolean(),
      ipAddress: z.string(),
      device: z.string(),
      browser: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export const profileExportResponse = envelope(z.union([z.string(), profileExport]));

export type ProfileData = z.infer<typeof profileData>;
export type ProfileExport = z.infer<typeof profileExport>;
export type ProfileUpdatePayload = z.input<typeof profileUpdateRequest>;
export type ProfileSettingsPayload = z.input<typeof profileSettingsRequest>;
export type ExportStats = z.infer<typeof exportStatsResponse>['data'];

/**
 * Saving the profile: the current password first (the form's rule), then the API's own rules for the fields
 * (the profile contract's, with its texts), so the form says before sending what the server would answer.
 */
export function validateProfileUpdate(input: Partial<ProfileUpdatePayload>): string | null {
  if (!input.password) return VALIDATION_MESSAGES.profilePasswordRequired;
  return firstError(profileUpdateRequest, input);
}
