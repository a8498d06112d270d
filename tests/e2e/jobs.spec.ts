// The jobs table seen by admins (docs/product.md §2 /admin/jobs, architecture §14): the queue's
// figures, a dead job's last error, and 'Retry', after which the worker sends it; the kinds of job
// and the sweeps with their policies and last runs (the list: app/.server/job-kinds.ts).
import { signedInAdmin } from './accounts';
import { expect, test } from './fixtures';
import { fixtureDeadJob } from '../support/admin';
import { waitForMail } from '../support/mail';

test('/admin/jobs: the figures, a dead mail with its error, Retry sends it; a forged retry changes nothing', async ({
  page,
  expectAccessible,
}) => {
  await signedInAdmin(page);
  const to = `dead-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ie`;
  const id = await fixtureDeadJob(to);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByText('Oldest owed job')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `mail:dead-letter:${to}` });
  await expect(row).toContainText('Dead');
  await expect(row).toContainText('Greeting never received');
  // Each kind with its tries, its waits and when it is dropped; the sweeps with how often they run.
  const kinds = page.getByRole('region', { name: 'Kinds of job' });
  const mail = kinds.getByRole('row').filter({ hasText: 'Mails owed by a change' });
  await expect(mail.getByRole('cell').nth(1)).toHaveText('5');
  await expect(mail).toContainText('30 seconds, 1 minute, 2 minutes and 4 minutes');
  await expect(mail.getByRole('cell').nth(3)).toHaveText('never');
  const housekeeping = kinds.getByRole('row').filter({ hasText: 'housekeeping' });
  await expect(housekeeping).toContainText('every hour');
  await expect(housekeeping).toContainText('if not run within 1 hour of falling due');
  const release = page
    .getByRole('region', { name: 'Sweeps' })
    .getByRole('row')
    .filter({ hasText: 'Release of no-shows' });
  await expect(release).toContainText('5 seconds');
  await expectAccessible();

  // Forged: an id that is no job's, and one that is not an id; neither retries anything.
  const forged = await page.request.post('/admin/jobs', { form: { intent: 'retry', id: 'nope' } });
  expect(forged.status()).toBe(400);
  const unknown = await page.request.post('/admin/jobs', {
    form: { intent: 'retry', id: '00000000-0000-4000-8000-000000000000' },
    maxRedirects: 0,
  });
  expect(unknown.headers().location).toBe('/admin/jobs?not-dead');
  await page.reload();
  await expect(row).toContainText('Dead');

  await row.getByRole('button', { name: `Retry mail job mail:dead-letter:${to}` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Queued again: it runs within a few seconds.',
  );
  // The worker of the running site sends it (it polls every 5 s).
  expect((await waitForMail(to)).subject).toBe('Dead letter, sent again');
  await page.reload();
  await expect(mail).toContainText(/done: \w+ \d+ \w+ \d{4}, \d\d:\d\d/);
  // The log names it by its kind and when it was first owed, never by its id or key (an address).
  await page.goto('/admin/log');
  const logged = page.getByRole('row').filter({ hasText: 'retried the dead' }).first();
  await expect(logged).toContainText(/mail job first owed \w+ \d+ \w+ \d{4}, \d\d:\d\d/);
  await expect(logged).not.toContainText(id);
  await expect(logged).not.toContainText(to);
});
