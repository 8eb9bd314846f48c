import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** The outbox's folder under DATA_DIR. */
export const OUTBOX_DIR = 'outbox';

/**
 * The local default: each mail written as it would go out (RFC 5322, as nodemailer builds it
 * for SMTP) to `DATA_DIR/outbox/<time>-<random>.eml`, which any mail program, or `cat`, opens.
 * The folder and files are the owner's only (0700, 0600), as the database beside them: a mail
 * holds a patient's name, address and return link, which opens their records.
 */
export function outboxMailer(dataDir: string): Mailer {
  const folder = path.join(dataDir, OUTBOX_DIR);
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (mail) => {
      const { message } = await transport.sendMail(mail);
      // `buffer: true` makes it a Buffer; the type allows a stream for the other settings.
      if (!Buffer.isBuffer(message)) throw new Error('The outbox transport gave no message');
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      writeFileSync(path.join(folder, name), message, { mode: 0o600 });
    },
    close: () => {
      transport.close();
    },
  };
}
