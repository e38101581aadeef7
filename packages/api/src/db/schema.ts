// The relational schema, shared by PGlite and PostgreSQL. Migrations in ../../drizzle are generated from it
// with `pnpm --filter @posture-vision/api db:generate` and applied at start.
import type { PostureStatus } from '@posture-vision/core/api';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  birthday: date('birthday', { mode: 'string' }),
  countryCode: text('country_code'),
  phoneNumber: text('phone_number'),
  profilePicture: text('profile_picture'),
  authProvider: text('auth_provider').notNull().default('local'),
  googleSub: text('google_sub').unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** never, daily, weekly, monthly or quarterly: how long a calibration stays valid. */
  recalibrationFrequency: text('recalibration_frequency').notNull().default('monthly'),
  /** The alert controls (core's settings/alert-preferences.ts): the API owns them, so the web app's User
   * Settings and the extension's popup share one value that follows the user. */
  alertSensitivity: text('alert_sensitivity').notNull().default('high'),
  warningDelaySeconds: integer('warning_delay_seconds').notNull().default(30),
  /** How an alert comes: sound, silent, badge or none (core's ALERT_STYLES); silent was the only one before. */
  alertStyle: text('alert_style').notNull().default('silent'),
  /** The stand-up reminder's sitting stretch in minutes (core's STAND_UP_MINUTES); NULL: the reminder is off. */
  standUpMinutes: integer('stand_up_minutes').default(50),
  /** What monitoring does on battery: usual, slower or pause (core's BATTERY_MODES); usual was all before. */
  batteryMode: text('battery_mode').notNull().default('usual'),
  /** Alerts held while a call app's tab is in a meeting (the extension looks); off until the user turns it on. */
  quietInCalls: boolean('quiet_in_calls').notNull().default(false),
  /** Quiet hours, local "HH:MM" (core's TIME_OF_DAY); both NULL: none. */
  quietHoursStart: text('quiet_hours_start'),
  quietHoursEnd: text('quiet_hours_end'),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The TOTP time step of the last code accepted at login: a code is good for one sign-in only. */
  totpLastLoginStep: integer('totp_last_login_step'),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/** A signed-in device: one per login, the family of its rotating refresh tokens. */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').notNull(),
    browser: text('browser').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('device_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => deviceSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * One-time codes the signed-in web app obtains for the Chrome extension: the extension exchanges one,
 * once and within minutes, for its own device session. Bound to the web app's device session (`session_id`):
 * logging that out voids its codes. Stored hashed.
 */
export const extensionHandoffs = pgTable(
  'extension_handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => deviceSessions.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('extension_handoffs_user_idx').on(t.userId)],
);

/**
 * Two-factor recovery codes: shown once when 2FA is enabled (or the codes are made anew), stored as SHA-256
 * hashes (each code is random, 50 bits), each signing in once in place of an authenticator code.
 */
export const recoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** Single-use tokens sent by mail (password reset), stored hashed. */
export const mailTokens = pgTable('mail_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    success: boolean('success').notNull(),
    ipAddress: text('ip_address').notNull(),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.createdAt)],
);

export const calibrations = pgTable(
  'calibrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    initialPostureScore: real('initial_posture_score'),
    cranialVertebralAngle: real('cranial_vertebral_angle'),
    forwardHeadDistance: real('forward_head_distance'),
    shoulderTiltAngle: real('shoulder_tilt_angle'),
    headTiltAngle: real('head_tilt_angle'),
    assessmentNotes: text('assessment_notes'),
    mlAnalysis: jsonb('ml_analysis'),
    createdAt: createdAt(),
  },
  (t) => [index('calibrations_user_idx').on(t.userId, t.createdAt)],
);

/** Calibration profiles: one live-posture reference per desk setup (core's calibration/profiles.ts). At most
 * one active per user (kept by the routes); names are unique per user. */
export const calibrationProfiles = pgTable(
  'calibration_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    setup: text('setup').notNull(),
    reference: jsonb('reference'),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calibration_profiles_user_name_idx').on(t.userId, t.name)],
);

/** Photos live in stored_files; `filePath` is their key there (or, for photos stored before, a path under DATA_DIR). */
export const calibrationPhotos = pgTable('calibration_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  calibrationId: uuid('calibration_id')
    .notNull()
    .references(() => calibrations.id, { onDelete: 'cascade' }),
  viewType: text('view_type').notNull(),
  filePath: text('file_path').notNull(),
  bytes: integer('bytes').notNull(),
  metadata: jsonb('metadata'),
  capturedAt: timestamp('captured_at', { withTimezone: true }),
});

export const postureSessions = pgTable(
  'posture_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calibrationId: uuid('calibration_id').references(() => calibrations.id, { onDelete: 'set null' }),
    mode: text('mode').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** Filled when the session ends, from its stored feedback. */
    duration: integer('duration'),
    averageScore: real('average_score'),
    stabilityIndex: real('stability_index'),
    averageCvAngle: real('average_cv_angle'),
    /** Feedback counts by status, stored at the end so analytics need not rescan the feedback. */
    goodCount: integer('good_count'),
    neutralCount: integer('neutral_count'),
    poorCount: integer('poor_count'),
    /** Seconds in each status (the report's keyFindings), stored at the end like the counts. */
    goodTime: integer('good_time'),
    neutralTime: integer('neutral_time'),
    poorTime: integer('poor_time'),
    /** Seconds of sitting (the report's sitting time, core's sessionSitting), stored at the end like the times;
     * NULL when its feedback never said who was in view (migration 0015). */
    sittingTime: integer('sitting_time'),
    /** The breaks within the session and its longest sitting stretch in seconds (the report's sitting), NULL as
     * sittingTime is (migration 0016). */
    breaks: integer('breaks'),
    longestStretch: integer('longest_stretch'),
    /** The version of the rules the stored figures above were computed by (sessions/service.ts FIGURES_RULE,
     * migration 0006); NULL: ended under the old count-based rules, recomputed on the next read. */
    figuresRule: integer('figures_rule'),
  },
  (t) => [
    index('posture_sessions_user_idx').on(t.userId, t.startTime),
    // Running sessions of a user (analytics aggregate their feedback live): migration 0004.
    index('posture_sessions_open_idx').on(t.userId).where(sql`${t.endTime} is null`),
  ],
);

export const postureFeedback = pgTable(
  'posture_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => postureSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Only the three statuses the feedback route's schema admits are ever written.
    postureStatus: text('posture_status').$type<PostureStatus>().notNull(),
    score: real('score').notNull(),
    issue: text('issue'),
    details: jsonb('details'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('posture_feedback_session_idx').on(t.sessionId, t.timestamp),
    index('posture_feedback_user_idx').on(t.userId),
  ],
);

/** Raw bytes (PostgreSQL bytea): postgres-js reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Uploaded files (avatars, calibration photos), read by every API instance (storage/files.ts says why here). */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_user_idx').on(t.userId)],
);

/** The API's signing key when no API_SIGNING_KEY is given: one row, created by the first instance to start, so
 * every instance signs and verifies with the same key (auth/keys.ts). */
export const signingKeys = pgTable('signing_keys', {
  id: text('id').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: createdAt(),
});
