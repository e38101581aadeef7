// A minimal SMTP server for tests, at the edge: the API's real mailer (nodemailer with SMTP_URL) talks SMTP to it
// and it keeps every message it accepts, so a test reads what was really sent (recipients, headers, both parts).
import { createServer, type Server } from 'node:net';

export interface ReceivedMail {
  /** The MAIL FROM line. */
  from: string;
  /** The RCPT TO addresses. */
  to: string[];
  /** The message as sent (headers and MIME parts), without the final dot. */
  data: string;
}

export interface SmtpServer {
  port: number;
  /** SMTP_URL for the API. */
  url: string;
  received: ReceivedMail[];
  /** The next message to this address (one already received counts), as it arrives. */
  mailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Recipients the server refuses (550 at RCPT TO), as a server with no such mailbox does. */
  refuses?: (address: string) => boolean;
}

export function startSmtp(options: SmtpOptions = {}): Promise<SmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
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
          for (const wake of [...waiting]) wake();
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
          const address = line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1');
          if (options.refuses?.(address)) {
            socket.write('550 5.1.1 no such mailbox\r\n');
            continue;
          }
          current.to.push(address);
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
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        received,
        mailTo(address, timeoutMs = 30_000) {
          const find = () => received.find((m) => m.to.includes(address));
          return new Promise((done, fail) => {
            const check = () => {
              const mail = find();
              if (!mail) return;
              waiting.delete(check);
              clearTimeout(timer);
              done(mail);
            };
            const timer = setTimeout(() => {
              waiting.delete(check);
              fail(new Error(`no mail to ${address} within ${timeoutMs} ms`));
            }, timeoutMs);
            waiting.add(check);
            check();
          });
        },
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}

/** A received message's text with quoted-printable undone (soft line breaks, =XX bytes), to search it. */
export function decodedBody(mail: ReceivedMail): string {
  const bytes = mail.data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
