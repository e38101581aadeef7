// Outgoing mail, really composed by nodemailer. With SMTP_URL it is sent; without, each message is written to
// DATA_DIR/outbox/<timestamp>-<id>.json (to, userId, subject, text, html, links). The log names the mail and the
// user id only: addresses and links (which carry tokens) are personal data and stay out of logs.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  /** The account the mail is about, so deleting the account can delete its mails; null for a mail about no
   * account (the free demo's sample report, whose address is used for that one mail and kept nowhere). */
  userId: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Deletes every kept copy of the mails of an account (the outbox); returns how many. */
  forget(user: { id: string; email: string }): number;
}

export const MAIL_FROM = 'Posture Vision <no-reply@posture-vision.local>';

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

export function createMailer(options: { smtpUrl?: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ userId, ...message }) {
        await transport.sendMail({ from: MAIL_FROM, ...message });
        options.log.info({ userId, subject: message.subject }, 'mail sent');
      },
      // Sent mail is kept by the SMTP server's side, not here.
      forget: () => 0,
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  // The stream transport builds the full MIME message, so a malformed address fails here as it would on SMTP.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ userId, ...message }) {
      await transport.sendMail({ from: MAIL_FROM, ...message });
      mkdirSync(outbox, { recursive: true });
      const id = randomUUID();
      const links = linksIn(message.text);
      const file = join(outbox, `${Date.now()}-${id}.json`);
      writeFileSync(file, JSON.stringify({ id, from: MAIL_FROM, userId, ...message, links }, null, 2), {
        mode: 0o600,
      });
      options.log.info({ mail: id, userId, subject: message.subject }, 'mail written to outbox');
    },
    forget(user) {
      let files: string[];
      try {
        files = readdirSync(outbox);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of files) {
        const path = join(outbox, name);
        try {
          const mail = JSON.parse(readFileSync(path, 'utf8')) as { to?: string; userId?: string };
          if (mail.userId !== user.id && mail.to !== user.email) continue;
        } catch {
          continue; // not a mail of ours
        }
        rmSync(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
