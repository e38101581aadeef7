// With SMTP_URL the mail goes through SMTP (a minimal SMTP server here, at the edge) instead of the outbox.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, registration, startTestServer, type TestServer, uniqueEmail } from './harness.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

function startSmtp(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    }),
  );
}

describe('mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer('pglite', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((r) => smtp?.server.close(r));
  });

  it('sends the verification mail with text and HTML parts, and writes no outbox file', async () => {
    const email = uniqueEmail();
    expect((await server.http.post('/auth/register', registration(email))).status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0] as Received;
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
