// Credits as admins run them (docs/product.md §10 'Credits'): an admin creates a credit on
// /admin/credits, grants 5 of it to a member (who is mailed), sees the member's ledger, and an
// adjustment that would take the lot below 0 is refused next to its field; the grant is in the
// ledger's CSV. JavaScript on and off.
import crypto from 'node:crypto';
import { signedInAdmin } from './accounts';
import { expect, test } from './fixtures';
import { fixtureMember } from '../support/admin';
import { waitForMail } from '../support/mail';

test('an admin creates GPU tokens, grants 5 to a member and sees their ledger', async ({
  page,
  expectAccessible,
}) => {
  const member = await fixtureMember('credit');
  // Unique per run: the js and nojs projects share the server's store, and a credit's name is unique.
  const name = `GPU tokens ${crypto.randomBytes(3).toString('hex')}`;
  await signedInAdmin(page);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Credits' }).getByRole('link').click();
  await expect(page).toHaveURL('/admin/credits');

  const create = page.getByRole('region', { name: 'New credit' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Unit').fill('token');
  await create.getByRole('button', { name: 'Create credit' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Credit created.');
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByRole('row', { name: new RegExp(name) })).toContainText('token');
  await expectAccessible();

  const grant = page.getByRole('form', { name: 'Grant to a member' });
  await grant.getByLabel('Member’s username').fill(`@${member.username}`);
  await grant.getByLabel('Credit').selectOption({ label: name });
  await grant.getByLabel('Amount').fill('5');
  await grant.getByLabel('Reason').fill('Hackathon prize');
  await grant.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Granted. The member is mailed.');

  const lots = page.getByRole('region', { name: `Lots of @${member.username}` });
  await expect(lots.getByRole('row', { name: new RegExp(name) })).toContainText('never');
  await expect(lots.getByRole('cell', { name: '5', exact: true })).toHaveCount(2);
  const ledger = page.getByRole('region', { name: `Ledger of @${member.username}` });
  await expect(ledger).toContainText('Granted 5');
  await expect(ledger).toContainText('Hackathon prize');
  await expectAccessible();

  // Taking more than the lot has: refused at the field, nothing changes.
  const change = lots.getByLabel('Change by');
  await change.fill('-9');
  await lots.getByLabel('Reason').fill('Typo');
  await lots.getByRole('button', { name: /^Adjust the/ }).click();
  await expect(page.getByText(`This lot has 5 ${name} left: it cannot go below 0.`)).toBeVisible();
  await expect(lots.getByLabel('Change by')).toHaveAttribute('aria-invalid', 'true');
  await expect(lots.getByRole('cell', { name: '5', exact: true })).toHaveCount(2);

  // 'Download CSV': the ledger for a spreadsheet, the grant in it.
  const csv = await page.request.get('/admin/credits.csv');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const body = (await csv.body()).toString('utf8');
  expect(body.startsWith('\uFEFFDate (Dublin),Date (UTC),Username,Credit,')).toBe(true);
  expect(body).toMatch(new RegExp(`,${member.username},${name},[\\w-]{36},Granted,5,5,,Hackathon prize,`));

  const mail = await waitForMail(member.email, (each) => each.subject === `You were granted 5 ${name}`);
  expect(mail.text).toContain('Hackathon prize. They do not expire.');
});
