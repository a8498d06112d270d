// The admin's project writes on the real store (SQLite, and PostgreSQL in the second unit run), in
// a database of their own: other test files count projects.
import { expect, test } from 'vitest';
import { ownDatabase } from '../../../tests/support/own-database';
import { newMember, storedAsset } from '../../../tests/support/store-fixtures';
import { listProjects, projectById, projectByIdOrSlug } from '../store/projects';
import { ProjectFormSchema, type ProjectForm } from '~/lib/schemas';
import { deleteProject, saveProject } from './projects';

const db = await ownDatabase('projects');

const noImages = { banner: null, logo: null };
const boss = { username: 'Boss' };
const form = (input: Record<string, unknown>): ProjectForm => ProjectFormSchema.parse(input);

const member = async () => (await newMember(db, 'team', { fullname: 'Team Member' })).username;
const image = () => storedAsset(db);
const assetExists = async (id: string) =>
  Boolean(await db.selectFrom('assets').select('id').where('id', '=', id).executeTakeFirst());

test('a project is created with its team in order, then edited; both are logged', async () => {
  const [ana, ben] = [await member(), await member()];
  const created = await saveProject(
    db,
    null,
    form({
      name: 'Tide Sensor',
      tags: 'IoT, Marine,  , IoT',
      featured: true,
      team: [{ username: ben.toUpperCase(), role: 'Firmware' }, {}, { username: ana, role: 'Lead' }],
    }),
    noImages,
    boss,
  );
  expect(created).toMatchObject({ status: 'saved', slug: 'tide-sensor' });
  const id = (created as { id: string }).id;
  let [project] = (await listProjects(db)).filter((p) => p.id === id);
  expect(project).toMatchObject({ name: 'Tide Sensor', featured: true, tags: ['IoT', 'Marine'], url: '' });
  expect(project.members.map((m) => [m.user.username, m.role])).toEqual([
    [ben, 'Firmware'],
    [ana, 'Lead'],
  ]);

  const edited = await saveProject(
    db,
    id,
    form({ name: 'Tide Sensor', slug: 'tide', url: 'https://tide.example', team: [{ username: ana }] }),
    noImages,
    boss,
  );
  expect(edited).toEqual({ status: 'saved', id, slug: 'tide' });
  [project] = (await listProjects(db)).filter((p) => p.id === id);
  expect(project).toMatchObject({ slug: 'tide', featured: false, tags: [], url: 'https://tide.example' });
  expect(project.members.map((m) => m.user.username)).toEqual([ana]);
  // One project read alone is the same as in the list, its team included.
  expect(await projectById(db, id)).toEqual(project);
  expect(await projectByIdOrSlug(db, 'tide')).toEqual(project);
  expect(await projectByIdOrSlug(db, id)).toEqual(project);
  expect(await projectById(db, 'tide')).toBeNull();
  expect(await projectByIdOrSlug(db, 'no-such-project')).toBeNull();
  const log = await db
    .selectFrom('audit_log')
    .select(['action', 'target'])
    .where('detail', '=', 'Tide Sensor')
    .orderBy('created_at')
    .execute();
  expect(log).toEqual([
    { action: 'project.create', target: 'project tide-sensor' },
    { action: 'project.update', target: 'project tide' },
  ]);
});

test('unknown or repeated team members and a taken slug are errors next to their fields; nothing changes', async () => {
  const ana = await member();
  const before = (await listProjects(db)).length;
  await saveProject(db, null, form({ name: 'Taken Name' }), noImages, boss);
  const refused = await saveProject(
    db,
    null,
    form({
      name: 'Another',
      slug: 'taken-name',
      team: [{ username: ana }, { username: 'nobody_here' }, { username: ana.toUpperCase() }],
    }),
    noImages,
    boss,
  );
  expect(refused).toEqual({
    status: 'invalid',
    fieldErrors: {
      slug: ['Another project has the address /portfolio/taken-name'],
      'team[1].username': ['No member has this username'],
      'team[2].username': ['This member is already on the team'],
    },
  });
  // A name whose slug is taken says so next to the name.
  expect(await saveProject(db, null, form({ name: 'Taken  name!' }), noImages, boss)).toMatchObject({
    status: 'invalid',
    fieldErrors: { name: ['Another project has the address /portfolio/taken-name'] },
  });
  expect((await listProjects(db)).length).toBe(before + 1);
  expect(await saveProject(db, 'ffffffffffff', form({ name: 'Ghost' }), noImages, boss)).toEqual({
    status: 'not-found',
  });
});

test('a website saved before only http and https were accepted is not shown', async () => {
  const saved = (await saveProject(
    db,
    null,
    { ...form({ name: 'Old Script' }), url: 'javascript:alert(1)' },
    noImages,
    boss,
  )) as { id: string };
  const project = (await listProjects(db)).find(({ id }) => id === saved.id);
  expect(project?.url).toBe('');
});

test('removing a banner deletes it unless another project shows it; deleting a project keeps its members', async () => {
  const ana = await member();
  const [shared, own] = [await image(), await image()];
  const first = (await saveProject(db, null, form({ name: 'First Light' }), noImages, boss)) as {
    id: string;
  };
  const second = (await saveProject(
    db,
    null,
    form({ name: 'Second Light', team: [{ username: ana }] }),
    noImages,
    boss,
  )) as {
    id: string;
  };
  await db
    .updateTable('projects')
    .set({ banner_id: shared })
    .where('id', 'in', [first.id, second.id])
    .execute();
  await db.updateTable('projects').set({ logo_id: own }).where('id', '=', second.id).execute();

  await saveProject(db, first.id, form({ name: 'First Light', removeBanner: true }), noImages, boss);
  expect(await assetExists(shared)).toBe(true); // the second project still shows it

  expect(await deleteProject(db, second.id, boss)).toEqual({ name: 'Second Light' });
  expect(await deleteProject(db, second.id, boss)).toBeNull();
  expect(await assetExists(shared)).toBe(false);
  expect(await assetExists(own)).toBe(false);
  expect(
    await db.selectFrom('project_members').select('user_id').where('project_id', '=', second.id).execute(),
  ).toEqual([]);
  expect(
    await db.selectFrom('users').select('id').where('username_key', '=', ana).executeTakeFirst(),
  ).toBeTruthy();
});
