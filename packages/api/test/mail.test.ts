// With SMTP_URL the mail goes through SMTP (testkit's minimal SMTP server, at the edge) instead of the outbox.
import { type ReceivedMail, type SmtpServer, startSmtp } from '@posture-vision/testkit/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, registration, startTestServer, type TestServer, uniqueEmail } from './harness.ts';

describe('mail through SMTP', () => {
  let smtp: SmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer('pglite', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends the verification mail with text and HTML parts, and writes no outbox file', async () => {
    const email = uniqueEmail();
    expect((await server.http.post('/auth/register', registration(email))).status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0] as ReceivedMail;
    expect(message.to).toEqual([email]);
    expect(message.data).toMatch(/^Subject: Verify your Posture Vision account$/m);
    expect(message.data).toContain('Content-Type: text/plain');
    expect(message.data).toContain('Content-Type: text/html');
    // Quoted-printable wraps long lines; undo it to find the link.
    const body = message.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`${server.url}/auth/verify-email?token=`);
    expect(outbox(server.dataDir)).toEqual([]);
  });
});
