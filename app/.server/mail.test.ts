// sendMail against real mail servers on loopback (docs/architecture.md §2): one that refuses a
// recipient for good, one that greets and then never answers, and one that takes the message. A
// refusal is permanent with the server's words; a silent server fails within the timeouts.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SMTPServer } from 'smtp-server';

let smtp: SMTPServer;
let hung: net.Server;
const received: string[] = [];
let mail: typeof import('./mail');

/** A port on loopback for `server`, once it listens. */
const listen = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => server.listen(port, '127.0.0.1', () => resolve(port)));
    });
  });

let hungPort: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      if (address.address.startsWith('nobody@'))
        return done(
          Object.assign(new Error('5.1.1 <nobody@example.ie>: Recipient address rejected'), {
            responseCode: 550,
          }),
        );
      done();
    },
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        done();
      });
    },
  });
  const port = await listen(smtp);
  // Accepts, greets, then never answers a word.
  hung = net.createServer((socket) => socket.write('220 hung.example.ie ESMTP\r\n'));
  hungPort = await listen(hung);
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  process.env.SMTP_TIMEOUT_SECONDS = '1';
  process.env.JOB_LEASE_SECONDS = '5';
  mail = await import('./mail');
});

afterAll(async () => {
  await new Promise((resolve) => smtp.close(() => resolve(null)));
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
