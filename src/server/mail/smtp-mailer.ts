import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';
import type { SmtpSettings } from './mail-settings.ts';

/** How long a connection, a greeting or a reply may take before the send fails (nodemailer's defaults are minutes). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Mail through the deployment's SMTP server (nodemailer): SMTP_URL, or SMTP_HOST with its port,
 * TLS and login (src/server/mail/mail-settings.ts). A pool of connections, so a burst of mails
 * does not open one each.
 */
export function smtpMailer(settings: SmtpSettings): Mailer {
  const transport = createTransport(
    settings.url !== undefined
      ? settings.url
      : {
          host: settings.host,
          port: settings.port,
          secure: settings.secure,
          ...(settings.user === undefined ? {} : { auth: { user: settings.user, pass: settings.pass ?? '' } }),
          pool: true,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        },
  );
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => {
      transport.close();
    },
  };
}
