// `tsx tests/support/add-asset.ts <file> <name>`: stores a file as an attachment of no one in the
// store of DATA_DIR, as the seed does, and prints its id (for tests that need a large public file).
import fs from 'node:fs';
import { prepareAsset } from '../../app/.server/assets';
import { db } from '../../app/.server/db';

const [file, filename] = process.argv.slice(2);
const asset = await prepareAsset({ path: file, filename, ownerId: null, kind: 'file' });
await db.insertInto('assets').values(asset.row).execute();
fs.rmSync(file, { force: true });
console.log(asset.row.id);
await db.destroy();
