import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { config } from '../config';
import { db } from '../db';
import { upsertMember } from './members';
import { importProjectsFile } from './project-import';
import { listProjects } from './projects';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};
const assetFiles = () =>
  fs.existsSync(path.join(config.DATA_DIR, 'assets'))
    ? fs.readdirSync(path.join(config.DATA_DIR, 'assets'), { recursive: true }).length
    : 0;

beforeAll(async () => {
  await upsertMember(db, {
    username: 'Ada_L',
    email: 'ada@example.ie',
    fullname: 'Ada Lovelace',
    bio: '',
    qualifications: [],
    avatarId: null,
    bannerId: null,
  });
  fs.writeFileSync(
    path.join(dir, 'banner.png'),
    await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => db.destroy());

const project = {
  slug: 'engine',
  name: 'Analytical Engine',
  description: 'Mechanical computing.',
  url: 'https://engine.example',
  featured: true,
  tags: ['Computing', 'Hardware'],
  banner: 'banner.png',
  members: [{ username: 'ada_l', role: 'Programmer' }],
};

/** The audit log's entries about one project (created sorts before updated). */
const auditOf = (slug: string) =>
  db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'detail'])
    .where('target', '=', `project ${slug}`)
    .orderBy('action')
    .execute();

// Other test files share this database: count only what this one adds.
const assetCount = async () =>
  Number(
    (
      await db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

test('imports, then upserts by slug without duplicating', async () => {
  const assetsBefore = await assetCount();
  const file = write('ok.json', [project]);
  expect(await importProjectsFile(db, file)).toEqual({ created: 1, updated: 0 });
  expect(await importProjectsFile(db, write('again.json', [{ ...project, name: 'Engine II' }]))).toEqual({
    created: 0,
    updated: 1,
  });
  const projects = (await listProjects(db)).filter((imported) => imported.slug === 'engine');
  expect(projects).toHaveLength(1);
  expect(projects[0]).toMatchObject({ name: 'Engine II', featured: true, tags: ['Computing', 'Hardware'] });
  expect(projects[0].members).toEqual([
    { role: 'Programmer', user: { username: 'Ada_L', fullname: 'Ada Lovelace', avatar: null } },
  ]);
  expect(await assetCount()).toBe(assetsBefore + 1);
  // Every admin change is logged, from the CLI too.
  expect(await auditOf('engine')).toEqual([
    { actor: 'admin CLI', action: 'project.create', detail: 'Analytical Engine' },
    { actor: 'admin CLI', action: 'project.update', detail: 'Engine II' },
  ]);
});

test.each([
  ['not json', '{oops', /is not valid JSON/],
  ['not an array', { slug: 'x' }, /projects expected array/i],
  ['bad slug', [{ ...project, slug: 'Bad Slug' }], /projects\[0\]\.slug must be lower-case/],
  ['bad url', [{ ...project, url: 'nope' }], /projects\[0\]\.url/],
  ['javascript url', [{ ...project, url: 'javascript:alert(1)' }], /projects\[0\]\.url must start with http/],
  ['data url', [{ ...project, url: 'data:text/html,<b>x</b>' }], /projects\[0\]\.url must start with http/],
  ['unknown field', [{ ...project, colour: 'red' }], /unrecognized key/i],
  ['repeated slug', [project, project], /projects\[1\]\.slug is repeated/],
  ['missing image', [{ ...project, banner: 'missing.png' }], /image file missing.png not found/],
  [
    'unknown member',
    [
      { ...project, slug: 'new-one' },
      { ...project, slug: 'other', members: [{ username: 'ghost', role: '' }] },
    ],
    /unknown username "ghost"/,
  ],
])('a malformed file (%s) is refused whole with a one-line reason', async (_, content, message) => {
  const before = { projects: (await listProjects(db)).length, files: assetFiles() };
  const banner = path.join(dir, 'fresh.png');
  fs.writeFileSync(
    banner,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer(),
  );
  const withFreshImage = Array.isArray(content)
    ? content.map((entry) => ({ ...entry, logo: 'fresh.png' }))
    : content;
  const error = await importProjectsFile(db, write('bad.json', withFreshImage)).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).not.toContain('\n');
  expect((await listProjects(db)).length).toBe(before.projects);
  expect(assetFiles()).toBe(before.files);
  // Refused whole: not even the project before the bad one is logged.
  expect(await auditOf('new-one')).toEqual([]);
});
