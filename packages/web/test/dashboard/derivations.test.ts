// The dashboard's own derivations (the rest come from core): the analytics day filter, the overview's last 7
// days, session metrics from the user's sessions, and the locally stored user settings.
import type { SessionHistoryItem, SessionReport } from '@posture-vision/core/api';
import { postureStretches } from '@posture-vision/core/sessions';
import { sessionHistoryItem } from '@posture-vision/testkit/sessions';
import { describe, expect, it } from 'vitest';
import { localDateKey, sessionsOnDay } from '../../src/dashboard/analytics/date-filter';
import { firstOfLastDays, lastDays } from '../../src/dashboard/overview/week-summary';
import {
  correctionsCount,
  streakCount,
  userMetrics,
  weekTrend,
} from '../../src/dashboard/session-metrics/userMetrics';
import { DEMO_REPORTS } from '../../src/dashboard/session-report/demo-reports';
import {
  loadUserSettings,
  saveUserSettings,
  USER_SETTINGS_KEY,
} from '../../src/dashboard/settings/user-settings';

function session(
  id: string,
  createdAt: string,
  overrides: Partial<SessionHistoryItem> = {},
): SessionHistoryItem {
  return sessionHistoryItem({ id, createdAt, ...overrides });
}

const at = (day: number, hour = 10) => new Date(2026, 10, day, hour).toISOString();

describe('analytics day filter', () => {
  it('keeps the sessions of the chosen local day, or all without one', () => {
    const history = [session('a', at(19, 23)), session('b', at(18, 1))];
    expect(localDateKey(at(19, 23))).toBe('2026-11-19');
    expect(sessionsOnDay(history, '2026-11-19').map((s) => s.id)).toEqual(['a']);
    expect(sessionsOnDay(history, '2001-01-01')).toEqual([]);
    expect(sessionsOnDay(history, '').map((s) => s.id)).toEqual(['a', 'b']);
  });
});

describe('overview: the last 7 days', () => {
  it('lists seven calendar days ending today, with the days that have a score', () => {
    const days = lastDays(
      [
        { date: '2026-11-13', averageScore: 50, sessionCount: 1 },
        { date: '2026-11-14', averageScore: 61, sessionCount: 1 },
        { date: '2026-11-20T00:00:00.000Z', averageScore: 82.4, sessionCount: 1 },
      ],
      new Date('2026-11-20T15:00:00Z'),
    );
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(days.map((d) => d.averageScore)).toEqual([61, null, null, null, null, null, 82.4]);
  });

  it('asks for the sessions from the first of those days, across a month and a year', () => {
    expect(firstOfLastDays(new Date('2026-11-20T15:00:00Z'))).toBe('2026-11-14');
    expect(firstOfLastDays(new Date('2027-01-03T00:30:00Z'))).toBe('2026-12-28');
    expect(lastDays([], new Date('2027-01-03T00:30:00Z'))[0]?.date).toBe(
      firstOfLastDays(new Date('2027-01-03T00:30:00Z')),
    );
  });
});

describe('session metrics from the user’s sessions', () => {
  const now = new Date(2026, 10, 19, 12); // a Thursday

  it('counts the streak, the week’s bars and the reminders', () => {
    const history = [session('a', at(19)), session('b', at(18)), session('c', at(16)), session('d', at(10))];
    expect(streakCount(history, now)).toBe(2);
    expect(streakCount([session('b', at(18)), session('c', at(17))], now)).toBe(2);
    expect(streakCount([session('c', at(16))], now)).toBe(0);
    expect(weekTrend([session('a', at(17), { averagePostureScore: 60 }), session('b', at(17))], now)).toEqual(
      [0, 70, 0, 0, 0, 0, 0],
    );
    const report = {
      timeline: ['good', 'poor', 'poor', 'good', 'poor'].map((postureStatus) => ({
        timestamp: at(19),
        postureStatus,
      })),
    } as SessionReport;
    expect(correctionsCount(report)).toBe(2);
    expect(correctionsCount(undefined)).toBe(0);
  });

  it('builds the three recent sessions with deltas against the previous one, XP and badges', () => {
    const history = [
      session('a', at(19, 7), { averagePostureScore: 91 }),
      session('b', at(18), { averagePostureScore: 85 }),
      session('c', at(17), { averagePostureScore: 80 }),
      session('d', at(16), { averagePostureScore: 70 }),
      session('open', at(19), { averagePostureScore: null }),
    ];
    const data = userMetrics(history, {}, now);
    expect(data.source).toBe('user');
    expect(data.sessions.map((s) => s.overallScore)).toEqual([91, 85, 80]);
    expect(data.sessions[0]?.improvements['Posture Score']).toBe(6);
    expect(data.sessions[2]?.improvements['Posture Score']).toBe(10);
    expect(data.weeklyCompleted).toBe(4);
    expect([data.level, data.xp, data.xpForNextLevel]).toEqual([1, 100, 1000]);
    const earned = data.achievements.filter((a) => a.earned).map((a) => a.name);
    expect(earned).toEqual(['Early Bird', 'Steady Progress']);
  });

  it('reads good-posture time, stability and reminders from the reports', () => {
    const report: SessionReport = {
      sessionId: 'a',
      duration: 100,
      stabilityIndex: 77.6,
      averageScore: 88,
      averageCVAngle: null,
      startTime: at(19),
      endTime: at(19),
      feedbackCount: 2,
      statusCounts: { good: 1, neutral: 0, poor: 1 },
      keyFindings: {
        goodPostureTime: 75,
        poorPostureTime: 25,
        neutralPostureTime: 0,
        frequentIssues: [],
        improvementAreas: [],
      },
      timeline: [
        { timestamp: at(19), postureStatus: 'good', score: 100 },
        { timestamp: at(19), postureStatus: 'poor', score: 40 },
      ],
    };
    const [first] = userMetrics(
      [session('a', at(19), { averagePostureScore: 88 })],
      { a: report },
      now,
    ).sessions;
    expect(first?.metrics).toEqual({ 'Posture Score': 88, Stability: 78, 'Good Posture': 75 });
    expect(first?.timeInGoodPosture).toBe(75);
    expect(first?.corrections).toBe(1);
  });
});

describe('user settings in local storage', () => {
  function memoryStorage(initial: Record<string, string> = {}): Storage {
    const map = new Map(Object.entries(initial));
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (i) => [...map.keys()][i] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, value),
    };
  }

  it('loads defaults for missing or broken values and saves under the product key', async () => {
    const storage = memoryStorage({ [USER_SETTINGS_KEY]: '{"defaultSessionMode":"sideways"' });
    expect(await loadUserSettings(storage)).toEqual({
      defaultSessionMode: 'active',
      enableNotifications: false,
      recalibrationFrequency: 'monthly',
    });
    await saveUserSettings(
      { defaultSessionMode: 'passive', enableNotifications: true, recalibrationFrequency: 'weekly' },
      storage,
    );
    expect(JSON.parse(storage.getItem('postureVisionUserSettings') ?? '')).toEqual({
      defaultSessionMode: 'passive',
      enableNotifications: true,
      recalibrationFrequency: 'weekly',
    });
    expect((await loadUserSettings(storage)).defaultSessionMode).toBe('passive');
  });
});

describe('the sample reports', () => {
  it('draw on the strip the good and poor time their key findings say, with nothing away', () => {
    for (const report of Object.values(DEMO_REPORTS)) {
      const start = Date.parse(report.startTime);
      const stretches = postureStretches(report.timeline, start + report.duration * 1000, start);
      const seconds = (tone: string) =>
        stretches.filter((s) => s.tone === tone).reduce((n, s) => n + (s.to - s.from) / 1000, 0);
      expect({
        id: report.sessionId,
        good: seconds('good'),
        poor: seconds('poor'),
        away: seconds('away'),
      }).toEqual({
        id: report.sessionId,
        good: report.keyFindings.goodPostureTime,
        poor: report.keyFindings.poorPostureTime,
        away: 0,
      });
      expect(report.feedbackCount).toBe(report.timeline.length);
    }
  });
});
