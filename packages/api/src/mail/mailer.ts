// Outgoing mail, really composed by nodemailer. With SMTP_URL it is sent; without, each message is written to
// DATA_DIR/outbox/<timestamp>-<id>.json (to, subject, text, html, links) and its links are logged.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_FROM = 'Posture Vision <no-reply@posture-vision.local>';

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

export function createMailer(options: { smtpUrl?: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: MAIL_FROM, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  // The stream transport builds the full MIME message, so a malformed address fails here as it would on SMTP.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      await transport.sendMail({ from: MAIL_FROM, ...message });
      mkdirSync(outbox, { recursive: true });
      const id = randomUUID();
      const links = linksIn(message.text);
      const file = join(outbox, `${Date.now()}-${id}.json`);
      writeFileSync(file, JSON.stringify({ id, from: MAIL_FROM, ...message, links }, null, 2));
      options.log.info({ to: message.to, subject: message.subject, links, file }, 'mail written to outbox');
    },
  };
}
