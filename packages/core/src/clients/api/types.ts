// The typed API client contract: one function per call the web app and the extension make.
// Web app, extension and tests code against this interface; `createApiClient` implements it.

import type {
  DashboardAnalytics,
  DeskDays,
  PostureTrends,
  PostureTrendsTimeframe,
  SessionInsights,
} from '../../domain/analytics/contract';
import type {
  AdminLoginPayload,
  ChangePasswordPayload,
  LoginAnswer,
  LoginPayload,
  RegistrationPayload,
  ResetPasswordPayload,
} from '../../domain/auth/contract';
import type { DeviceSession, LoginHistoryEntry, LoginStats } from '../../domain/auth/security-contract';
import type {
  Calibration,
  CalibrationPhoto,
  CalibrationProfile,
  CalibrationProgressItem,
  CalibrationStatus,
  CreateCalibrationPayload,
  CreateProfilePayload,
  RecalibrationCheck,
  Recommendation,
  UpdateProfilePayload,
  ViewType,
  VisionConnection,
} from '../../domain/calibration/contract';
import type { ProfileReference } from '../../domain/calibration/profiles';
import type { ApiEnvelope } from '../../domain/http/answer';
import type { SampleReportRequest } from '../../domain/live/contract';
import type {
  ExportStats,
  ProfileExport,
  ProfileSettingsPayload,
  ProfileUpdatePayload,
} from '../../domain/profile/contract';
import type {
  PostureFeedback,
  PostureStatus,
  SessionHistoryItem,
  SessionMode,
  SessionReport,
  SessionStartPayload,
  SessionsExport,
} from '../../domain/sessions/contract';
import type { AlertPreferences } from '../../domain/settings/contract';

export type {
  ApiEnvelope,
  Calibration,
  CalibrationPhoto,
  CalibrationProgressItem,
  CalibrationStatus,
  CreateCalibrationPayload,
  DashboardAnalytics,
  DeskDays,
  DeviceSession,
  LoginHistoryEntry,
  LoginStats,
  PostureFeedback,
  PostureStatus,
  PostureTrends,
  Recommendation,
  SessionHistoryItem,
  SessionInsights,
  SessionMode,
  SessionReport,
  ViewType,
};

/** Key/value storage behind a small interface: localStorage in the web app, chrome.storage in the extension. */
export interface KeyValueStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface Profile {
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  birthday: string;
  phoneNumber: string;
  profilePicture: string | null;
  /** When the account was created (ISO time), when the API said. */
  createdAt?: string;
}

/** What a call answers: the parsed body (JSON when the content type says so, else text). */
export type Answer<T> = ApiEnvelope<T>;

/** What became of one posture feedback: stored, or refused (the API's status and words; status null when it did
 * not reach the API). A 409 says the session has ended (elsewhere: another tab, the API ending a silent one). */
export type FeedbackOutcome = { sent: true } | { sent: false; status: number | null; message: string };

export interface ApiClient {
  auth: {
    /** POST /auth/login. With 2FA enabled the server asks for `totpCode`. Stores accessToken (and refreshToken). */
    login(
      payload: LoginPayload,
    ): Promise<Answer<LoginAnswer['data']> & { accessToken?: string; refreshToken?: string }>;
    /** The browser path of GET /auth/google (navigation, not fetch). */
    googleSignInUrl(): string;
    register(payload: RegistrationPayload): Promise<Answer<unknown>>;
    /** POST /auth/refresh; single-flight; stores the new tokens. Throws 'No refresh token available', 'Token refresh failed' or 'Invalid refresh response'. */
    refresh(): Promise<string>;
    /** POST /auth/logout (errors only logged), then always clears token and refresh cookie. */
    logout(): Promise<void>;
    resendVerification(email: string): Promise<Answer<unknown>>;
    adminLogin(payload: AdminLoginPayload): Promise<Answer<unknown> & { accessToken?: string }>;
    /**
     * POST /auth/sessions/extension/handoff: a one-time code for the Chrome extension, asked with the
     * access token and this session's refresh token (shown, not rotated). Null when signed out or refused.
     */
    extensionHandoff(): Promise<string | null>;
    /** Stores tokens handed over by the Google callback. */
    storeTokens(accessToken: string, refreshToken?: string): Promise<void>;
    /** True when a user token or an admin token is stored. */
    isAuthenticated(): Promise<boolean>;
    /** The stored user access token (for the live sockets' subprotocol), or null. */
    getToken(): Promise<string | null>;
    /** The stored admin token, or null. */
    getAdminToken(): Promise<string | null>;
  };
  password: {
    forgot(email: string): Promise<Answer<unknown>>;
    reset(payload: ResetPasswordPayload): Promise<Answer<unknown>>;
    change(payload: ChangePasswordPayload): Promise<Answer<unknown>>;
  };
  profile: {
    get(): Promise<Answer<Profile>>;
    update(payload: ProfileUpdatePayload): Promise<Answer<Profile>>;
    remove(): Promise<Answer<unknown>>;
    /** Tells the server the browser's recalibration frequency (it decides calibration expiry). */
    saveSettings(settings: ProfileSettingsPayload): Promise<Answer<unknown>>;
    uploadAvatar(file: Blob, fileName?: string): Promise<Answer<{ profilePicture: string }>>;
    /** The user's sensitivity and warning delay, owned by the API so the web app and the
     * extension share one value that follows the user (never an offline placeholder). */
    alertPreferences(): Promise<Answer<AlertPreferences>>;
    saveAlertPreferences(preferences: AlertPreferences): Promise<Answer<AlertPreferences>>;
    exportData(format: 'json' | 'csv'): Promise<Answer<ProfileExport | string>>;
    exportStats(): Promise<Answer<ExportStats>>;
  };
  calibration: {
    statusDetailed(): Promise<Answer<CalibrationStatus>>;
    history(): Promise<Answer<Calibration[]>>;
    create(payload: CreateCalibrationPayload): Promise<Answer<Calibration>>;
    recalibrationCheck(): Promise<Answer<RecalibrationCheck>>;
    processMl(id: string): Promise<Answer<Calibration>>;
    mlTestConnection(): Promise<Answer<VisionConnection>>;
    active(): Promise<Answer<Calibration | null>>;
    recommendations(): Promise<Answer<Recommendation[]>>;
    /** GET /calibration/progress?startDate&endDate → data.calibrationProgress. */
    progress(range?: {
      startDate?: string;
      endDate?: string;
    }): Promise<Answer<{ calibrationProgress: CalibrationProgressItem[] }>>;
    /** Calibration profiles, one per desk setup (writes are never answered by the offline placeholder). */
    profiles: {
      list(): Promise<Answer<CalibrationProfile[]>>;
      create(payload: CreateProfilePayload): Promise<Answer<CalibrationProfile>>;
      update(id: string, payload: UpdateProfilePayload): Promise<Answer<CalibrationProfile>>;
      activate(id: string): Promise<Answer<CalibrationProfile>>;
      remove(id: string): Promise<Answer<unknown>>;
    };
  };
  /** Photo analysis on the vision service: no authorization header. */
  photoAnalysis: {
    analyze(payload: { image_data: string; view_type: ViewType }): Promise<Record<string, unknown>>;
    batchAnalyze(payload: { front_image: string; left_image: string; right_image: string }): Promise<{
      overall_score: number;
      /** The front photo as the live model sees it, when it can be the live reference
       * (calibration/live-reference.ts). */
      live_reference?: ProfileReference | null;
      /** Why the front photo cannot be the live reference. */
      live_reference_problem?: string;
      [key: string]: unknown;
    }>;
  };
  sessions: {
    start(payload: SessionStartPayload): Promise<Answer<{ id: string }>>;
    /** `at: 'lastFeedback'` ends it at its last feedback (a session offered back after a reload and ended there:
     * nobody watched since); else now. `keep: 'judged'` (the page left mid-session) keeps it only when some of its
     * time was judged (the answer's `kept`). */
    end(
      id: string,
      options?: { at?: 'now' | 'lastFeedback'; keep?: 'always' | 'judged' },
    ): Promise<Answer<{ kept?: boolean } & Record<string, unknown>>>;
    active(): Promise<Answer<{ id: string; mode: SessionMode; startTime: string } | null>>;
    /** A failure is logged, and answered as what became of it (a stand-in answering nothing: sent). With
     * `keepalive` the request outlives the page (sent as it is being left). */
    feedback(
      id: string,
      payload: PostureFeedback,
      options?: { keepalive?: boolean },
    ): Promise<FeedbackOutcome | undefined>;
    report(id: string): Promise<Answer<SessionReport>>;
    analytics(range?: { startDate?: string; endDate?: string }): Promise<Answer<DashboardAnalytics>>;
    history(limit?: number): Promise<Answer<SessionHistoryItem[]>>;
    exportData(format?: 'json' | 'csv'): Promise<Answer<SessionsExport | string>>;
    exportStats(): Promise<Answer<ExportStats['sessions']>>;
    /** One session's insights, or those of the sessions in a trends timeframe (30 days by default). */
    insights(id?: string, timeframe?: PostureTrendsTimeframe): Promise<Answer<SessionInsights>>;
    postureTrends(timeframe?: PostureTrendsTimeframe): Promise<Answer<PostureTrends>>;
    /** Today's (since `todayFrom`, the asker's local midnight) and the last 7 days' desk figures. */
    deskDays(todayFrom: Date): Promise<Answer<DeskDays>>;
  };
  security: {
    deviceSessions(): Promise<Answer<DeviceSession[]>>;
    logoutAllDevices(): Promise<Answer<unknown>>;
    setup2fa(): Promise<Answer<{ qrCode: string; secret: string }>>;
    /** Answers the recovery codes, shown once (only their hashes are kept). */
    enable2fa(token: string): Promise<Answer<{ enabled: boolean; recoveryCodes: string[] }>>;
    /** The authenticator's 6-digit code, or `{ recoveryCode }` when the phone is lost. */
    disable2fa(token: string | { recoveryCode: string }): Promise<Answer<unknown>>;
    verify2fa(token: string): Promise<Answer<unknown>>;
    status2fa(): Promise<Answer<{ enabled: boolean; recoveryCodesLeft?: number }>>;
    /** POST /auth/2fa/recovery-codes: new codes for the authenticator's code; the old ones stop working. */
    regenerateRecoveryCodes(token: string): Promise<Answer<{ recoveryCodes: string[] }>>;
    loginHistory(query?: { limit?: number }): Promise<Answer<{ history: LoginHistoryEntry[] }>>;
    loginStats(days?: number): Promise<Answer<LoginStats>>;
  };
  demo: {
    /** POST /demo/sample-report (no account): mails the free demo's summary to the address, which is kept nowhere. */
    sampleReport(request: SampleReportRequest): Promise<Answer<unknown>>;
  };
}
