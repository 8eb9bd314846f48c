/**
 * The clinic's mail to patients (issue 37 point 4): one interface, a real SMTP transport when
 * the deployment names one (SMTP_URL or SMTP_HOST, src/server/mail/mail-settings.ts), else the
 * local default, an outbox of `.eml` files under DATA_DIR a developer can open (README "Mail").
 * A mail's text is never logged: it may carry a patient's name and a return link.
 */

/** One mail as the server composes it: plain text and simple HTML, both on the brand of the patient. */
export interface OutgoingMail {
  /** `"Peak Men's Health" <care@peakmens.example>` */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** What carries the mail, for the start line and the tests: never more of the settings than this. */
  readonly kind: 'smtp' | 'outbox' | 'memory';
  /** Sends (or writes) one mail; rejects when it could not. */
  send: (mail: OutgoingMail) => Promise<void>;
  /** Lets go of the transport's connections (the server's shutdown). */
  close: () => void;
}

/** A mailer that keeps what it is given in memory: buildApp's default, for tests that do not read mail. */
export function memoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'memory',
    sent,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
