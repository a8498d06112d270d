// Clients that ask for a large file and never read it (docs/architecture.md §6): the server must
// send a body only as fast as the client takes it, not read the whole file into memory for each
// of them; and a client that leaves lets go of the file. A server of its own, so its memory is
// this test's alone.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startApp } from '../support/app-server';
import { freePort } from '../support/browser';
import { runScript } from '../support/scripts';

const READERS = 8;
const FILE_BYTES = 24 * 1024 * 1024;

/** The server process's resident memory, in bytes. */
const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** How many of the process's open files are `file`'s folder's. */
const openFilesUnder = (pid: number, dir: string) =>
  fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('slow readers of a large attachment do not hold its bytes in the server', async () => {
  test.slow(); // a server of its own and a 24 MB file
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-slow-readers-'));
  const app = await startApp(dataDir, await freePort());
  const sockets: net.Socket[] = [];
  try {
    const source = path.join(dataDir, 'big.bin');
    fs.writeFileSync(source, crypto.randomBytes(FILE_BYTES));
    const added = await runScript('tests/support/add-asset.ts', { DATA_DIR: dataDir }, source, 'big.bin');
    expect(added.code, added.stderr).toBe(0);
    const url = new URL(`${app.url}/assets/${added.last}`);
    // Read once in full, so the code on the way is loaded before the measurement.
    expect((await (await fetch(url)).arrayBuffer()).byteLength).toBe(FILE_BYTES);
    await sleep(500);
    const before = residentBytes(app.pid);

    for (let i = 0; i < READERS; i += 1) {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.pause(); // never reads: the answer piles up wherever the server lets it
      socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      sockets.push(socket);
    }
    // Time for a server without back-pressure to read every file through (it takes well under 1 s).
    await sleep(3000);
    const grown = residentBytes(app.pid) - before;
    expect(
      grown / READERS,
      `resident memory grew by ${(grown / 1024 / 1024).toFixed(1)} MB for ${READERS} readers`,
    ).toBeLessThan(3 * 1024 * 1024);

    // The readers leave: the server closes the file of each.
    const assets = path.join(dataDir, 'assets');
    expect(openFilesUnder(app.pid, assets)).toBeGreaterThan(0);
    for (const socket of sockets) socket.destroy();
    await expect.poll(() => openFilesUnder(app.pid, assets), { timeout: 5000 }).toBe(0);
  } finally {
    for (const socket of sockets) socket.destroy();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
