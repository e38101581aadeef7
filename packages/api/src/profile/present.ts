// The profile as the client reads it.
import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export function toProfile(user: UserRow) {
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
