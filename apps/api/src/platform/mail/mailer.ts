import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * `<DATA_DIR>/outbox`, so a developer (and the tests) can open exactly what would be sent.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      // Written aside, then renamed: a reader never sees a half-written message.
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
    },
  };
}
