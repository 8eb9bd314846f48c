/**
 * The server's mail (src/server/mail): the local default writes each mail to DATA_DIR/outbox as
 * a `.eml` only its owner may read; SMTP settings choose nodemailer's SMTP transport, which
 * really speaks SMTP (to a tiny server this test runs); bad settings stop the start, naming them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { chooseMailer } from '../../src/server/mail/choose-mailer.ts';
import { readMailSettings } from '../../src/server/mail/mail-settings.ts';
import { outboxMailer } from '../../src/server/mail/outbox-mailer.ts';
import { returnLinkMail } from '../../src/server/mail/return-link-mail.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const MAIL = returnLinkMail({
  site: 'female',
  to: 'jane.doe@example.com',
  firstName: 'Jane',
  link: 'http://femme.localhost:4173/f/payment/fha1?access=abc.def',
  expiresAt: new Date('2026-12-09T09:00:00Z'),
  fromAddress: undefined,
});

test('with no SMTP setting, mail is written to DATA_DIR/outbox as an .eml its owner alone may read', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-test-'));
  dirs.push(dataDir);
  const mailer = chooseMailer(readMailSettings({}), dataDir);
  expect(mailer.kind).toBe('outbox');
  await mailer.send(MAIL);
  const folder = path.join(dataDir, 'outbox');
  const files = readdirSync(folder);
  expect(files).toHaveLength(1);
  const file = path.join(folder, files[0] ?? '');
  expect(statSync(folder).mode & 0o777).toBe(0o700);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('To: jane.doe@example.com');
  expect(text).toContain('From: Peak Femme <care@peakfemme.example>');
  expect(text).toContain('Subject: Continue your treatment plan with Peak Femme');
  expect(text).toContain('Content-Type: text/html');
  mailer.close();
});

test('the outbox keeps two mails sent at once apart', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-test-'));
  dirs.push(dataDir);
  const mailer = outboxMailer(dataDir);
  await Promise.all([mailer.send(MAIL), mailer.send(MAIL)]);
  expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(2);
});

/** A tiny SMTP server: takes one mail and keeps what it was sent. */
function smtpServer() {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const at = buffer.indexOf('\r\n');
        if (at < 0) return;
        const line = buffer.slice(0, at).toUpperCase();
        buffer = buffer.slice(at + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 test\r\n');
        else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

test('SMTP_HOST and SMTP_PORT choose the SMTP transport, which sends the mail over SMTP', async () => {
  const { server, received } = smtpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const settings = readMailSettings({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' });
    const mailer = chooseMailer(settings, '/nonexistent');
    expect(mailer.kind).toBe('smtp');
    await mailer.send(MAIL);
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: jane.doe@example.com');
    expect(received[0]).toContain('f/payment/fha1?access=3Dabc.def');
  } finally {
    server.close();
  }
});

test('SMTP settings are read and checked: a URL, a host with its parts, and one error per bad value', () => {
  expect(readMailSettings({ SMTP_URL: 'smtps://u:p@mail.example:465' }).transport).toEqual({
    kind: 'smtp',
    smtp: { url: 'smtps://u:p@mail.example:465' },
  });
  expect(readMailSettings({ SMTP_HOST: 'mail.example', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' })).toEqual({
    transport: { kind: 'smtp', smtp: { host: 'mail.example', port: 465, secure: true, user: 'u', pass: 'p' } },
    fromAddress: undefined,
  });
  expect(readMailSettings({ MAIL_FROM: 'care@clinic.example' }).fromAddress).toBe('care@clinic.example');
  expect(() => readMailSettings({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL must start with smtp://');
  expect(() => readMailSettings({ SMTP_HOST: 'mail.example', SMTP_PORT: 'x' })).toThrow('SMTP_PORT');
  expect(() => readMailSettings({ SMTP_HOST: 'mail.example', SMTP_USER: 'u' })).toThrow('SMTP_USER and SMTP_PASS');
  expect(() => readMailSettings({ SMTP_PORT: '25' })).toThrow('without SMTP_HOST');
  expect(() => readMailSettings({ MAIL_FROM: 'not an address' })).toThrow('MAIL_FROM');
  // A password is never quoted in an error.
  expect(() => readMailSettings({ SMTP_HOST: 'h', SMTP_PASS: 'hunter2secret' })).toThrow(/^(?!.*hunter2secret)/);
});

test('the mail is on the brand, with the link, and says nothing charged; the HTML escapes what it is given', () => {
  expect(MAIL.text).toContain('Hello Jane,');
  expect(MAIL.text).toContain('http://femme.localhost:4173/f/payment/fha1?access=abc.def');
  expect(MAIL.text).toContain('(888) 555-0187');
  expect(MAIL.text).toContain('December 9, 2026');
  const hostile = returnLinkMail({
    ...MAIL,
    site: 'male',
    to: 'x@example.com',
    firstName: '<b>x</b>',
    link: 'https://a/"><script>',
    expiresAt: new Date(),
    fromAddress: 'care@clinic.example',
  });
  expect(hostile.html).not.toContain('<script>');
  expect(hostile.html).not.toContain('<b>x</b>');
  expect(hostile.from).toBe(`"Peak Men's Health" <care@clinic.example>`);
});
