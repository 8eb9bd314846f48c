import type { MailSettings } from './mail-settings.ts';
import type { Mailer } from './mailer.ts';
import { outboxMailer } from './outbox-mailer.ts';
import { smtpMailer } from './smtp-mailer.ts';

/** The deployment's mailer: SMTP when its settings name a server, else the outbox under DATA_DIR. */
export function chooseMailer(settings: MailSettings, dataDir: string): Mailer {
  return settings.transport.kind === 'smtp' ? smtpMailer(settings.transport.smtp) : outboxMailer(dataDir);
}
