import { expect, test, type Page } from './fixtures';
import { choose, signIn } from './helpers';

/** Made by the first test and sent again by the second (they run in order). */
const TEMPLATE = 'E2E Reminder';

/** The browser's local date-time `minutes` from now, as a datetime-local field wants it. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, minutes);

async function chooseTemplate(page: Page) {
  await choose(page.getByRole('combobox', { name: 'Template' }), `${TEMPLATE} (Email)`);
}

async function pickUsers(page: Page, count: number) {
  await page.getByLabel('Specific Users').check();
  const users = page.getByRole('list', { name: 'Users' });
  for (let i = 0; i < count; i++) {
    await users.getByRole('checkbox').nth(i).check();
  }
  await expect(page.getByText(`${count} selected`)).toBeVisible();
}

test.describe('notifications', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1440, height: 900 } });

  test('create an email template, send it to two users, watch the preview and the send reach sent', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page.goto('/notification-templates');
    await page.getByRole('button', { name: 'Add Template' }).click();
    const panel = page.getByRole('dialog', { name: 'Create Template' });
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(panel.getByText('Template name is required')).toBeVisible();
    await panel.getByLabel('Template Name').fill(TEMPLATE);
    await panel.getByLabel('Subject').fill('Match day, {{first_name}}');
    await panel.getByLabel('Message').fill('Hello {{team}}!');
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(panel.getByText(/Unknown variable \{\{team\}\}/)).toBeVisible();
    await panel.getByLabel('Message').fill('Hello {{first_name}}, the gates open at 9.');
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(page.getByText('Template created successfully')).toBeVisible();
    await expect(page.getByRole('cell', { name: TEMPLATE, exact: true })).toBeVisible();

    await page.goto('/send-notification');
    const preview = page.getByRole('complementary', { name: 'Live Preview' });
    await expect(preview.getByText('No template selected')).toBeVisible();
    await chooseTemplate(page);
    await expect(preview.getByText(TEMPLATE)).toBeVisible();
    await pickUsers(page, 2);
    await expect(preview.getByTestId('recipients-summary')).toHaveText(
      'Specific users · 2 recipients',
    );
    const first = (await page
      .getByRole('list', { name: 'Selected users' })
      .getByRole('listitem')
      .first()
      .textContent())!.trim();
    const firstName = first.split(' ')[0]!;
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Hi {{first_name}}, toss at 9:30');
    await expect(preview.getByTestId('message-preview')).toContainText(
      `Hi ${firstName}, toss at 9:30`,
    );
    await message.pressSequentially('!');
    await expect(preview.getByTestId('message-preview')).toContainText(
      `Hi ${firstName}, toss at 9:30!`,
    );
    await expect(preview.getByTestId('delivery-line')).toHaveText(
      'Email · Will be sent immediately',
    );

    await page.getByRole('button', { name: 'Send Now' }).click();
    // The request records the send and its deliveries; on a loaded machine it can take a while.
    await expect(page.getByText('Sending to 2 recipients')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/sent-notifications\/view\?id=\d+/);
    await expect(page.getByRole('status').filter({ hasText: /^Sent$/ })).toBeVisible({
      timeout: 30_000,
    });
    const rows = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'sent' })).toHaveCount(2);
    await expect(rows.first()).toContainText('<notification-');

    await page.goto('/sent-notifications');
    await expect(
      page.getByRole('table', { name: 'Sent notifications' }).locator('tbody tr').first(),
    ).toContainText(TEMPLATE);
  });

  test('schedule a send a minute ahead and cancel it', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page.goto('/send-notification');
    await chooseTemplate(page);
    await pickUsers(page, 1);
    await page.getByLabel('Send immediately').uncheck();
    await page.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(page.getByText('Please select a scheduled time')).toBeVisible();
    await page.getByLabel('Scheduled Time').fill(await localInput(page, 2));
    const preview = page.getByRole('complementary', { name: 'Live Preview' });
    await expect(preview.getByTestId('delivery-line')).toContainText('Scheduled for');
    await page.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Scheduled for .*\d/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Scheduled$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Send' });
    await dialog.getByRole('button', { name: 'Cancel Send' }).click();
    await expect(page.getByText('Notification send cancelled')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Cancelled$/ })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Cancelled');
  });
});
