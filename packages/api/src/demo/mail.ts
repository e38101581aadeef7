// The free demo's sample report: the summary the time-up dialog showed (core's demoSummaryLines), in the same
// fixed words, as plain text and HTML. Nothing in it comes from the visitor but numbers the request schema bounded.
import {
  DEMO_SUMMARY_TEXTS,
  type DemoSummary,
  demoSummaryLines,
  SAMPLE_REPORT_MAIL,
} from '@posture-vision/core/live';
import { escapeHtml } from '../auth/service.ts';
import type { MailMessage } from '../mail/mailer.ts';

export function sampleReportMail(to: string, summary: DemoSummary): MailMessage {
  const { times, issues } = demoSummaryLines(summary);
  const textLines = (lines: typeof times) => lines.map((l) => `${l.label}: ${l.value}`).join('\n');
  const htmlRows = (lines: typeof times) =>
    lines
      .map((l) => `<tr><th align="left">${escapeHtml(l.label)}</th><td>${escapeHtml(l.value)}</td></tr>`)
      .join('');
  const issuesText = issues.length ? textLines(issues) : DEMO_SUMMARY_TEXTS.noIssues;
  const issuesHtml = issues.length
    ? `<table>${htmlRows(issues)}</table>`
    : `<p>${escapeHtml(DEMO_SUMMARY_TEXTS.noIssues)}</p>`;
  return {
    to,
    userId: null,
    subject: SAMPLE_REPORT_MAIL.subject,
    text: [
      SAMPLE_REPORT_MAIL.intro,
      '',
      `${DEMO_SUMMARY_TEXTS.heading}`,
      textLines(times),
      '',
      `${DEMO_SUMMARY_TEXTS.issuesHeading}`,
      issuesText,
      '',
      SAMPLE_REPORT_MAIL.notJudgedNote,
      '',
      SAMPLE_REPORT_MAIL.addressNote,
      '',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(SAMPLE_REPORT_MAIL.intro)}</p>`,
      `<h2>${escapeHtml(DEMO_SUMMARY_TEXTS.heading)}</h2>`,
      `<table>${htmlRows(times)}</table>`,
      `<h2>${escapeHtml(DEMO_SUMMARY_TEXTS.issuesHeading)}</h2>`,
      issuesHtml,
      `<p>${escapeHtml(SAMPLE_REPORT_MAIL.notJudgedNote)}</p>`,
      `<p>${escapeHtml(SAMPLE_REPORT_MAIL.addressNote)}</p>`,
    ].join(''),
  };
}
