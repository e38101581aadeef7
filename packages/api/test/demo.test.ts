// The free demo's sample report (POST /demo/sample-report, no account): the API process's real mailer sends it
// over SMTP with the demo's figures in its text and HTML parts; bad input is a 4xx in the envelope and sends
// nothing; the address is in no table, file or log line afterwards; it is limited per address and per
// recipient like the auth routes' mails; a mail server that is down or refuses the address says so in words.
import { execFileSync } from 'node:child_process';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import { decodedBody, type SmtpServer, startSmtp } from '@posture-vision/testkit/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFrom, startTestServer, TEST_ENV, uniqueEmail } from './harness.ts';

/** Files under dir that contain text (grep -r over the raw bytes). */
function filesContaining(dir: string, text: string): string[] {
  try {
    return execFileSync('grep', ['-rlaF', text, dir], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // grep exits 1 when nothing matches
  }
}

const SUMMARY = {
  goodSeconds: 61,
  poorSeconds: 30,
  notJudgedSeconds: 29,
  issues: { forward_head: 2, tilt: 1 },
};

/** The figures as the time-up dialog shows them (core's demoSummaryLines for SUMMARY). */
const FIGURES = [
  'Time in the demo: 2m 0s',
  'Good posture: 51% (1m 1s)',
  'Poor posture: 25% (0m 30s)',
  'Not judged: 24% (0m 29s)',
  'Forward head: 2 times',
  'Head tilt: 1 time',
];

const REFUSED_BY_SERVER = 'nobody-here@example.com';

/** Every address the tests below give the API, to look for afterwards. */
const used: string[] = [REFUSED_BY_SERVER];
function address(prefix = 'demo'): string {
  const email = uniqueEmail(prefix);
  used.push(email);
  return email;
}

describe('the demo sample report through SMTP', () => {
  let smtp: SmtpServer;
  let api: RunningService;
  let refusedFrom = 0;
  beforeAll(async () => {
    smtp = await startSmtp({ refuses: (address) => address === REFUSED_BY_SERVER });
    api = await startApi({
      ...TEST_ENV,
      API_LOG: 'on',
      SMTP_URL: smtp.url,
      // Two mails to one address from one client a minute, and to one address an hour whoever asks; four
      // mails from one client an hour.
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_MAIL_ADDRESS_MAX: '4',
    });
  }, 240_000);
  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
  });

  it('sends the demo figures, in text and HTML, and keeps the address nowhere', async () => {
    const email = address('demo-visitor');
    const answer = await postFrom(`${api.url}/demo/sample-report`, '127.0.3.1', { email, summary: SUMMARY });
    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: 'Sample report sent.', data: {} },
    });
    const mail = await smtp.mailTo(email);
    expect(mail.to).toEqual([email]);
    expect(mail.data).toMatch(/^Subject: Your Posture Vision sample report$/m);
    expect(mail.data).toContain('Content-Type: text/plain');
    expect(mail.data).toContain('Content-Type: text/html');
    const body = decodedBody(mail);
    const [text = '', html = ''] = body.split(/Content-Type: text\/html/);
    for (const figure of FIGURES) {
      expect(text).toContain(figure);
      const [label, value] = figure.split(': ') as [string, string];
      expect(html).toContain(`<th align="left">${label}</th><td>${value}</td>`);
    }
    expect(text).toContain('This address was used only to send this message and was not kept.');
    // Nothing of the address in the database's files (tables and WAL), the data directory or the log.
    expect(filesContaining(api.dataDir, email)).toEqual([]);
    expect(filesContaining(api.dataDir, email.split('@')[0] as string)).toEqual([]);
    // The API's log comes through its process's output, which can reach the test after its answer and the mail
    // did: wait for the line.
    await expect.poll(() => api.output(), { timeout: 15_000, interval: 100 }).toContain('mail sent');
    expect(api.output()).not.toContain(email.split('@')[0]);
  });

  it.each([
    ['an empty body', {}, 'Please enter your email address.'],
    ['no address', { summary: SUMMARY }, 'Please enter your email address.'],
    ['an address without @', { email: 'visitor.example.com', summary: SUMMARY }, null],
    ['no summary', { email: address() }, null],
    ['a time as text', { email: address(), summary: { ...SUMMARY, goodSeconds: '61' } }, null],
    ['a negative time', { email: address(), summary: { ...SUMMARY, poorSeconds: -5 } }, null],
    ['a fraction of a second', { email: address(), summary: { ...SUMMARY, poorSeconds: 0.5 } }, null],
    ['more than a day', { email: address(), summary: { ...SUMMARY, goodSeconds: 90_000 } }, null],
    ['a made-up issue', { email: address(), summary: { ...SUMMARY, issues: { 'Win a prize': 1 } } }, null],
    ['text in the summary', { email: address(), summary: { ...SUMMARY, note: 'Visit evil.test' } }, null],
    ['a message beside it', { email: address(), summary: SUMMARY, message: 'Visit evil.test' }, null],
  ])('refuses %s with a 400 in the envelope and sends nothing', async (_what, body, message) => {
    const before = smtp.received.length;
    // Each from a client of its own: the per-address limit is another test's.
    refusedFrom += 1;
    const answer = await postFrom(`${api.url}/demo/sample-report`, `127.0.4.${refusedFrom}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    const error = answer.body.error as { message: string; details: { field: string; message: string }[] };
    if (message) expect(error.message).toBe(message);
    expect(error.details.length).toBeGreaterThan(0);
    expect(error.details[0]?.message).toBe(error.message);
    expect(smtp.received.length).toBe(before);
  });

  it('limits mails to one address, from one client and from any, then mails from one client whatever the address', async () => {
    const email = address('demo-repeat');
    const send = (from: string, to: string) =>
      postFrom(`${api.url}/demo/sample-report`, from, { email: to, summary: SUMMARY });
    expect((await send('127.0.3.2', email)).status).toBe(200);
    expect((await send('127.0.3.2', email)).status).toBe(200);
    const third = await send('127.0.3.2', email);
    expect(third.status).toBe(429);
    expect(third.body.error?.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
    // Nor from another client: one inbox gets so many an hour, whoever asks.
    expect((await send('127.0.3.5', email)).status).toBe(429);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
    // New addresses from that client: its fourth demo mail asked for is the last this hour.
    expect((await send('127.0.3.2', address())).status).toBe(200);
    const past = address('demo-past-limit');
    expect((await send('127.0.3.2', past)).status).toBe(429);
    expect(smtp.received.some((m) => m.to.includes(past))).toBe(false);
    // Another client is not held back.
    expect((await send('127.0.3.3', address())).status).toBe(200);
  });

  it('says in words when the mail server refuses the address (422), and keeps it nowhere', async () => {
    const answer = await postFrom(`${api.url}/demo/sample-report`, '127.0.3.4', {
      email: REFUSED_BY_SERVER,
      summary: SUMMARY,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.message).toBe('The mail server refused this address.');
    expect(filesContaining(api.dataDir, REFUSED_BY_SERVER)).toEqual([]);
    // The server's log reaches this process through a pipe, after the answer may have: wait for the line.
    await expect
      .poll(() => api.output(), { timeout: 15_000, interval: 100 })
      .toContain('sample report not sent');
    expect(api.output()).not.toContain(REFUSED_BY_SERVER);
  });

  it('leaves none of the addresses it was given in its data or its log', () => {
    expect(used.length).toBeGreaterThan(10);
    for (const email of used) {
      expect(filesContaining(api.dataDir, email), email).toEqual([]);
      expect(api.output(), email).not.toContain(email);
    }
  });
});

describe('the demo sample report with the mail server down', () => {
  it('answers 503 in the envelope, in words', async () => {
    // A port nothing listens on: a mail server that is down.
    const closed = await startSmtp();
    const port = closed.port;
    await closed.close();
    const server = await startTestServer('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const answer = await server.http.post('/demo/sample-report', {
        email: uniqueEmail(),
        summary: SUMMARY,
      });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        success: false,
        error: {
          message: 'The mail service is not available right now. Please try again later.',
          details: [],
        },
      });
    } finally {
      await server.close();
    }
  });
});
