import type { SessionReport } from '@posture-vision/core/api';

// When loading the report of session 1, 3 or 4 fails, this demo data is shown instead.

/** Seconds between two feedback of a demo session (a live client's heartbeat). */
const HEARTBEAT_S = 5;
/** Good-then-poor stretches in a demo session (its duration and good time are multiples of BLOCKS × HEARTBEAT_S). */
const BLOCKS = 3;
function demo(
  sessionId: string,
  startTime: string,
  duration: number,
  averageScore: number,
  stabilityIndex: number,
  goodPostureTime: number,
  frequentIssues: string[],
  improvementAreas: string[],
): SessionReport {
  const poorPostureTime = duration - goodPostureTime;
  const start = Date.parse(startTime);
  // Feedback as a client sends it, every HEARTBEAT_S: in each of BLOCKS stretches good for its share of the good
  // time, then poor for its share of the poor time, so the strip shows the key findings' times. Six points 200 s
  // apart each held only the gap cap and the strip drew a sample of 13 min good and 7 min poor as all away.
  const block = duration / BLOCKS;
  const goodInBlock = goodPostureTime / BLOCKS;
  const timeline: SessionReport['timeline'] = Array.from({ length: duration / HEARTBEAT_S }, (_, i) => {
    const poor = (i * HEARTBEAT_S) % block >= goodInBlock;
    return {
      timestamp: new Date(start + i * HEARTBEAT_S * 1000).toISOString(),
      postureStatus: poor ? 'poor' : 'good',
      score: Math.max(0, Math.min(100, averageScore + (poor ? -15 : 5))),
      ...(poor ? { issue: frequentIssues[0] } : {}),
    };
  });
  const count = (status: 'good' | 'poor') => timeline.filter((p) => p.postureStatus === status).length;
  return {
    sessionId,
    startTime,
    endTime: new Date(start + duration * 1000).toISOString(),
    duration,
    averageScore,
    stabilityIndex,
    averageCVAngle: null,
    feedbackCount: timeline.length,
    statusCounts: { good: count('good'), neutral: 0, poor: count('poor') },
    keyFindings: {
      goodPostureTime,
      poorPostureTime,
      neutralPostureTime: 0,
      frequentIssues,
      improvementAreas,
    },
    timeline,
  };
}

export const DEMO_REPORTS: Readonly<Record<string, SessionReport>> = {
  '1': demo(
    '1',
    '2024-06-03T09:00:00.000Z',
    1800,
    82,
    76,
    1440,
    ['forward_head'],
    ['Keep your head aligned over your shoulders'],
  ),
  '3': demo(
    '3',
    '2024-06-05T14:30:00.000Z',
    1200,
    68,
    61,
    780,
    ['forward_head', 'shoulder_asymmetry'],
    ['Pull your shoulders back and level', 'Take a short break every 30 minutes'],
  ),
  '4': demo('4', '2024-06-07T08:15:00.000Z', 2400, 91, 88, 2220, ['tilt'], ['Keep your head level']),
};
