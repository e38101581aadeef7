// The profile as the client reads it (core's profile contract).
import type { ProfileData } from '@posture-vision/core/profile';
import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export function toProfile(user: UserRow): ProfileData {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    birthday: user.birthday ?? '',
    phoneNumber: user.phoneNumber ?? '',
    profilePicture: user.profilePicture,
    authProvider: user.authProvider,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.totpEnabled,
    recalibrationFrequency: user.recalibrationFrequency,
    createdAt: user.createdAt.toISOString(),
  };
}
