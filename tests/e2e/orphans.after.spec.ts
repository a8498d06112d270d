// Runs in the "after-all" project, once the js and nojs journeys are done: after their deletes and replacements,
// every file under DATA_DIR/assets belongs to an asset row, every row has its file, and no
// temporary upload is left in DATA_DIR/uploads (including after refused and failed forms).
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '../support/servers';
import { expect, seededDb, test } from './fixtures';

test('no orphan upload is left in DATA_DIR', async () => {
  const root = path.join(dataDir('seeded'), 'assets');
  const onDisk = new Set<string>();
  for (const prefix of fs.readdirSync(root)) {
    for (const id of fs.readdirSync(path.join(root, prefix))) onDisk.add(id);
  }
  const rows = new Set(
    (seededDb().prepare('select id from assets').all() as { id: string }[]).map((row) => row.id),
  );
  expect([...onDisk].filter((id) => !rows.has(id))).toEqual([]);
  expect([...rows].filter((id) => !onDisk.has(id))).toEqual([]);
  const temp = path.join(dataDir('seeded'), 'uploads');
  expect(fs.existsSync(temp) ? fs.readdirSync(temp) : []).toEqual([]);
});
