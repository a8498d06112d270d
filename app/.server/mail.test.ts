// sendMail against real mail servers on loopback (docs/architecture.md §2): one that refuses a
// recipient for good, one that greets and then never answers, and one that takes the message. A
// refusal is permanent with the server's words; a silent server fails within the timeouts.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { memorySmtp } from '../../tests/support/memory-smtp';

let smtp: Awaited<ReturnType<typeof memorySmtp>>;
let hung: net.Server;
let received: string[] = [];
let mail: typeof import('./mail');

let hungPort: number;

beforeAll(async () => {
  smtp = await memorySmtp({
    refuse: (address) =>
      address.startsWith('nobody@') ? '5.1.1 <nobody@example.ie>: Recipient address rejected' : null,
  });
  received = smtp.received;
  // Accepts, greets, then never answers a word.
  hung = net.createServer((socket) => socket.write('220 hung.example.ie ESMTP\r\n'));
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  hungPort = (hung.address() as net.AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`;
  process.env.SMTP_TIMEOUT_SECONDS = '1';
  process.env.JOB_LEASE_SECONDS = '5';
  mail = await import('./mail');
});

afterAll(async () => {
  await smtp.close();
  hung.close();
});

const message = (to: string) => ({ to, subject: 'Booking confirmed', text: 'Hello', html: '<p>Hello</p>' });

test('a message the server takes is sent; a 5xx refusal is permanent, with the server’s words', async () => {
  await mail.sendMail(message('ana@example.ie'));
  expect(received.some((raw) => raw.includes('Subject: Booking confirmed'))).toBe(true);
  const refused = await mail.sendMail(message('nobody@example.ie')).catch((error) => error);
  expect(refused).toBeInstanceOf(mail.MailError);
  expect(refused).toMatchObject({ permanent: true });
  expect(refused.message).toMatch(/550 5\.1\.1 <nobody@example\.ie>: Recipient address rejected/);
});

test('a server that greets and then says nothing fails the send within its timeouts, for a retry', async () => {
  // The transporter is made with the first message: a module of its own for the hung server.
  const { vi } = await import('vitest');
  vi.resetModules();
  process.env.SMTP_URL = `smtp://127.0.0.1:${hungPort}?ignoreTLS=true`;
  const silent = await import('./mail');
  const started = Date.now();
  const failed = await silent.sendMail(message('ana@example.ie')).catch((error) => error);
  const took = Date.now() - started;
  expect(failed).toBeInstanceOf(silent.MailError);
  expect(failed).toMatchObject({ permanent: false });
  expect(failed.message).toBe('the mail server did not answer within 1 s');
  // SMTP_TIMEOUT_SECONDS=1: one wait of a second, well under the 2 s a whole message may take.
  expect(took).toBeGreaterThanOrEqual(900);
  expect(took).toBeLessThan(2_500);
});
