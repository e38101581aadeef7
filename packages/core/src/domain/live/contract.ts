// The live tool's calls to the API: the free demo's sample report (POST /demo/sample-report). The request is the
// address and the demo's figures only, bounded, so nothing but numbers and core's fixed words reaches the mail.
import { email } from '../http/fields';
import { emptyResponse, z } from '../http/schema';
import { POSTURE_ISSUES, type PostureIssue } from '../sessions/feedback';
import { DEMO_MAX_ISSUE_COUNT, DEMO_MAX_SECONDS, demoDurationSeconds } from './demo-summary';

const seconds = (label: string) => {
  const limit = `${label} must be whole seconds from 0 to ${DEMO_MAX_SECONDS}.`;
  return z.number({ error: limit }).int(limit).min(0, limit).max(DEMO_MAX_SECONDS, limit);
};

const issueCount = (issue: PostureIssue) => {
  const limit = `issues.${issue} must be a whole number from 1 to ${DEMO_MAX_ISSUE_COUNT}.`;
  return z.number({ error: limit }).int(limit).min(1, limit).max(DEMO_MAX_ISSUE_COUNT, limit).optional();
};

/** The demo's figures as the API takes them: three times, the issue counts by known issue, nothing else. */
export const demoSummarySchema = z
  .strictObject({
    goodSeconds: seconds('goodSeconds'),
    poorSeconds: seconds('poorSeconds'),
    notJudgedSeconds: seconds('notJudgedSeconds'),
    issues: z.strictObject(
      Object.fromEntries(POSTURE_ISSUES.map((issue) => [issue, issueCount(issue)])) as Record<
        PostureIssue,
        ReturnType<typeof issueCount>
      >,
      { error: `issues must be counts by issue (${POSTURE_ISSUES.join(', ')}).` },
    ),
  })
  .refine((s) => demoDurationSeconds(s) <= DEMO_MAX_SECONDS, {
    message: `The demo's times must add up to at most ${DEMO_MAX_SECONDS} seconds.`,
  });

/** POST /demo/sample-report: where to send the sample report and the figures it reports. */
export const sampleReportRequest = z.strictObject({ email, summary: demoSummarySchema });
export type SampleReportRequest = z.infer<typeof sampleReportRequest>;

export const sampleReportResponse = emptyResponse;
