// Reads the messages the test SMTP server received (tests/support/start-server.ts).
import fs from 'node:fs';
import path from 'node:path';
import { currentServer, mailDir } from './servers';

function decodeQuotedPrintable(text: string) {
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The text/plain (or text/html) part of a raw message, also inside a multipart/mixed one (a mail with a file). */
function textPart(raw: string, subtype: 'plain' | 'html' = 'plain'): string {
  // Split on the message's own boundaries: a quoted-printable line may itself start with '--' (a
  // reset code holds '-' characters), which once cut a link short.
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  const parts = boundaries.flatMap((boundary) => raw.split(`--${boundary}`));
  const part =
    parts.find((chunk) =>
      new RegExp(`^\\s*Content-Type: text/${subtype}`, 'i').test(chunk.split(/\r?\n\r?\n/)[0] ?? ''),
    ) ?? raw;
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(content, 'base64').toString('utf8');
  return content;
}

/** The Subject header, unfolded, its RFC 2047 encoded words (a subject with '–' has them) decoded. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return (head.match(/^Subject: (.*)$/m)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export interface ReceivedMail {
  subject: string;
  text: string;
  link: string | null;
  /** the whole message as received, for its attachments */
  raw: string;
}

/** An attached file's text by its file name (base64 or quoted-printable), or null. */
export function attachment(raw: string, filename: string): string | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]);
  for (const boundary of boundaries)
    for (const part of raw.split(`--${boundary}`)) {
      const [head, ...body] = part.split(/\r?\n\r?\n/);
      if (!new RegExp(`filename="?${filename.replace(/\./g, '\\.')}`, 'i').test(head)) continue;
      const content = body.join('\n\n');
      if (/Content-Transfer-Encoding: base64/i.test(head))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      return content;
    }
  return null;
}

/** The newest message to `to`, waiting up to 10 s for one that `accept` likes. */
export async function waitForMail(
  to: string,
  accept: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  const dir = mailDir(currentServer());
  while (Date.now() < deadline) {
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
      const text = textPart(raw);
      const mail = {
        subject: subjectOf(raw),
        text,
        link: text.match(/https?:\/\/\S+oobCode=[\w-]+/)?.[0] ?? null,
        raw,
      };
      if (accept(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} arrived`);
}

/** Every message the current server's SMTP server has received: its subject and its HTML part. */
export function receivedHtml(): { subject: string; html: string }[] {
  const dir = mailDir(currentServer());
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      return { subject: subjectOf(raw), html: textPart(raw, 'html') };
    });
}
