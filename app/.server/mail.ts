// Sends one message (docs/architecture.md §2): over SMTP_URL, or without it as an .eml file in
// DATA_DIR/outbox with the link logged, so a local run can still follow reset links. A mail owed
// by a change is queued as a job in its transaction instead (queueMail), and sent by the worker.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { config } from './config';
import type { Database } from './db/schema';
import { enqueue, JobFailure, withDeadline } from './jobs';
import { escapeHtml } from '~/lib/html';
import { SITE_NAME } from '~/lib/site';

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the link the message carries, logged when there is no SMTP server */
  link?: string;
  /** files sent with it, e.g. a booking's .ics */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** where a reply goes instead of the site's address: the member an induction request is from */
  replyTo?: string;
  /** the Message-ID header: a queued mail's is derived from its job's key, the same on every try */
  messageId?: string;
}

const from = config.MAIL_FROM ?? `${SITE_NAME} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;

/** The sender as a calendar message's ORGANIZER: the address inside 'Name <address>', and the lab's name. */
export const mailOrganizer = () => ({ name: SITE_NAME, email: /<([^>]+)>/.exec(from)?.[1] ?? from });

/** The longest one wait on the mail server may take; a whole message gets twice this. */
const waitMs = () => config.SMTP_TIMEOUT_SECONDS * 1000;

// nodemailer (about 15 MB resident) loads with the first message, not with the server. Its own
// timeouts (2 minutes to connect, 10 of silence) outlast a job's lease and nginx's 60 s: ours
// are SMTP_TIMEOUT_SECONDS, and sendMail gives a whole message twice that.
let loaded: Promise<Transporter> | undefined;
const transporter = () =>
  (loaded ??= import('nodemailer').then(({ default: nodemailer }) =>
    config.SMTP_URL
      ? nodemailer.createTransport({
          url: config.SMTP_URL,
          connectionTimeout: waitMs(),
          greetingTimeout: waitMs(),
          socketTimeout: waitMs(),
          dnsTimeout: waitMs(),
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  ));

/**
 * A message not sent: the mail server's answer or what went wrong. `permanent` when the server
 * refused it for good (a 5xx answer other than 503): a job that sent it is then dead at once.
 */
export class MailError extends JobFailure {}

export async function sendMail(message: Message) {
  try {
    const transport = await transporter();
    const sending = transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      replyTo: message.replyTo,
      messageId: message.messageId,
    });
    const info = await withDeadline(
      sending,
      2 * waitMs(),
      `the mail server did not take the message within ${2 * config.SMTP_TIMEOUT_SECONDS} s`,
    );
    if (!config.SMTP_URL) {
      const outbox = path.join(config.DATA_DIR, 'outbox');
      fs.mkdirSync(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`,
      );
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
      console.log(
        `No SMTP_URL: mail to ${message.to} written to ${file}${message.link ? `; link: ${message.link}` : ''}`,
      );
    }
  } catch (error) {
    const {
      message: said,
      permanent,
      code,
    } = error as { message: string; permanent?: boolean; code?: string };
    const reason =
      code === 'ETIMEDOUT' ? `the mail server did not answer within ${config.SMTP_TIMEOUT_SECONDS} s` : said;
    console.error(`Sending mail to ${message.to} failed${permanent ? ' for good' : ''}: ${reason}`);
    throw new MailError(reason, permanent === true);
  }
}

/**
 * Queues `message` in `trx`, to be sent once the transaction has committed; `key` names what it
 * tells of ('booking-confirmed:{id}:{sequence}'), so it is queued, and sent, once.
 */
export const queueMail = (trx: Kysely<Database>, key: string, message: Message) =>
  enqueue(trx, { kind: 'mail', key: `mail:${key}`, payload: message });

/** The same Message-ID on every try of one queued mail: a mail client shows a duplicate once. */
export const messageIdFor = (key: string) =>
  `<${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}@${new URL(config.PUBLIC_URL).hostname}>`;

/** A plain, friendly message with one button; text and HTML say the same. */
export function linkMessage(options: {
  to: string;
  subject: string;
  intro: string;
  button: string;
  link: string;
  outro: string;
}): Message {
  const text = `${options.intro}\n\n${options.link}\n\n${options.outro}\n\n${SITE_NAME}\n`;
  // Valid HTML with a language and a title, as axe and the Nu checker want of any document; the
  // layout tables are presentation only and styled inline, which mail clients keep.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.subject)}</title></head>
<body style="margin:0;background:#fafaf7;font-family:system-ui,sans-serif;color:#16181d">
<table role="presentation" style="width:100%;border-collapse:collapse"><tr><td style="padding:32px 16px">
<table role="presentation" style="width:100%;max-width:520px;margin:0 auto;background:#fff;border:1px solid #e4e2dc;border-radius:14px"><tr><td style="padding:28px">
<p style="margin:0 0 16px;font-weight:700;font-size:18px">${escapeHtml(SITE_NAME)}</p>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(options.intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#c2410c;color:#fff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:999px">${escapeHtml(options.button)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#4b5060">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(options.link)}</span></p>
<p style="margin:16px 0 0;font-size:14px;color:#4b5060">${escapeHtml(options.outro)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: options.to, subject: options.subject, text, html, link: options.link };
}
