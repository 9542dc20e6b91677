import { expect, test } from './fixtures';
import { choose, signIn } from './helpers';

test.describe('suppressions', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('suppress an address by hand, find it by filter, remove it with a reason', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const address = `e2e-${Date.now()}@suppress.test`;
    await signIn(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Messaging' }).click();
    await page.getByRole('link', { name: 'Suppressions' }).click();
    await expect(page.getByRole('heading', { name: 'Suppressions', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Suppress Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suppress an Address' });
    await choose(dialog.getByLabel('Channel'), 'Email');
    await dialog.getByLabel('Address').fill('not-an-address');
    await dialog.getByLabel('Reason').fill('Asked not to be emailed');
    await dialog.getByRole('button', { name: 'Suppress', exact: true }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Address').fill(address.toUpperCase());
    await dialog.getByRole('button', { name: 'Suppress', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Address suppressed' })).toBeVisible();

    // Stored lower-cased, and found by part of it after a reload.
    await page.goto(`/suppressions?address=${encodeURIComponent(address.slice(0, 12))}`);
    const table = page.getByRole('table', { name: 'Suppressed addresses' });
    const row = table.getByRole('row').filter({ hasText: address });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Added by an administrator');
    await expect(row).toContainText('Suppressed');

    await row.getByRole('button', { name: `Remove ${address}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove from Suppression List' });
    const remove = confirm.getByRole('button', { name: 'Remove', exact: true });
    await expect(remove).toBeDisabled();
    await confirm.getByLabel('Reason').fill('Confirmed by phone: wants the emails');
    await remove.click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Address removed from the suppression list' }),
    ).toBeVisible();
    await expect(row).toContainText('Removed');
    await expect(row.getByRole('button', { name: `Remove ${address}` })).toHaveCount(0);
  });
});
