// A real SMTP server on loopback that keeps each message it receives in memory, as raw text; it
// may refuse some recipients for good (a 550), as a mail server refuses an unknown address.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export async function memorySmtp({ refuse }: { refuse?: (address: string) => string | null } = {}) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      const refusal = refuse?.(address.address);
      if (refusal) return done(Object.assign(new Error(refusal), { responseCode: 550 }));
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
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as net.AddressInfo).port));
  });
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
