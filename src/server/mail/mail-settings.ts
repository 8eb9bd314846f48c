import { ServerConfigError } from '../config-error.ts';

/** An SMTP server to send through: a URL (`smtps://user:pass@mail.example:465`), or its parts. */
export interface SmtpSettings {
  url?: string;
  host?: string;
  port?: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  user?: string;
  pass?: string;
}

/** How the server sends mail: SMTP when the deployment names a server, else the outbox in DATA_DIR. */
export interface MailSettings {
  transport: { kind: 'smtp'; smtp: SmtpSettings } | { kind: 'outbox' };
  /** The sender's address (MAIL_FROM); undefined for each brand's own (`care@peakmens.example`). */
  fromAddress: string | undefined;
}

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Just enough of an address to refuse a typo at start: one @, something either side, no spaces or angle brackets. */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * The mail settings of the environment (README "Mail"): SMTP_URL; or SMTP_HOST with SMTP_PORT
 * (587 unless told; 465 means TLS), SMTP_SECURE (true or false), SMTP_USER and SMTP_PASS; and
 * MAIL_FROM. With none, mail goes to the outbox. One error per bad value, naming it; the values
 * themselves (a password) are never quoted.
 */
export function readMailSettings(env: NodeJS.ProcessEnv): MailSettings {
  const url = setting(env, 'SMTP_URL');
  const host = setting(env, 'SMTP_HOST');
  const fromAddress = setting(env, 'MAIL_FROM');
  if (fromAddress !== undefined && !ADDRESS.test(fromAddress)) {
    throw new ServerConfigError('MAIL_FROM must be an email address, such as care@peakhealth.example');
  }
  if (url !== undefined && host !== undefined) throw new ServerConfigError('Set SMTP_URL or SMTP_HOST, not both');
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ServerConfigError('SMTP_URL must be a URL such as smtps://user:password@mail.example.com:465');
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
      throw new ServerConfigError('SMTP_URL must start with smtp:// or smtps://');
    }
    return { transport: { kind: 'smtp', smtp: { url } }, fromAddress };
  }
  if (host === undefined) {
    const stray = ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASS'].filter((name) => setting(env, name));
    if (stray.length > 0) throw new ServerConfigError(`${stray.join(', ')} set without SMTP_HOST`);
    return { transport: { kind: 'outbox' }, fromAddress };
  }
  const portText = setting(env, 'SMTP_PORT') ?? '587';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) {
    throw new ServerConfigError(`SMTP_PORT must be a port number from 1 to 65535, not "${portText}"`);
  }
  const secureText = setting(env, 'SMTP_SECURE');
  if (secureText !== undefined && secureText !== 'true' && secureText !== 'false') {
    throw new ServerConfigError(`SMTP_SECURE must be true or false, not "${secureText}"`);
  }
  const user = setting(env, 'SMTP_USER');
  const pass = env.SMTP_PASS;
  if ((user === undefined) !== (pass === undefined || pass === '')) {
    throw new ServerConfigError('SMTP_USER and SMTP_PASS go together');
  }
  return {
    transport: {
      kind: 'smtp',
      smtp: {
        host,
        port,
        secure: secureText === undefined ? port === 465 : secureText === 'true',
        ...(user === undefined ? {} : { user, pass }),
      },
    },
    fromAddress,
  };
}
