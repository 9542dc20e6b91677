import { expect, test } from './fixtures';
import {
  MESSAGING_TOPIC_MESSAGES,
  MESSAGING_TOPIC_SUCCESS,
  PREFERENCE_MESSAGES,
  PREFERENCE_SUCCESS,
} from '@cricket/contracts';
import { adminApi, choose, expectChosen, newVerifiedUser, signInByApi } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('Settings › Messaging topics lists the seeded topics and creates one', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/messaging-topics');
  await expect(page.getByRole('heading', { name: 'Messaging topics', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Messaging topics' });
  for (const name of ['Match updates', 'Team news', 'Club announcements', 'Offers and promotions'])
    await expect(table.getByText(name, { exact: true })).toBeVisible();

  const name = `Youth coaching ${Date.now() % 1_000_000}`;
  await page.getByRole('button', { name: 'Create Topic' }).click();
  const panel = page.getByRole('dialog', { name: 'Create Topic' });
  await panel.getByLabel('Topic Name').fill(name);
  await panel.getByLabel('On for new users').uncheck();
  await panel.getByRole('button', { name: 'Create Topic' }).click();
  await expect(page.getByText(MESSAGING_TOPIC_SUCCESS.created)).toBeVisible();
  await page.getByLabel('Filter by name').fill(name);
  await expect(table.locator('tbody tr').filter({ hasText: name })).toContainText('Off');
});

test("the profile's Messaging section unsubscribes, asks why before resubscribing, and keeps the history", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const stamp = `${Date.now() % 1_000_000}`;
  const userId = await newVerifiedUser(api, {
    first_name: 'Consent',
    last_name: 'Player',
    email: `consent${stamp}@messaging.test`,
    phone_number: `8${stamp.padStart(9, '2')}`,
  });

  await signInByApi(page);
  await page.goto(`/users/view?id=${userId}`);
  const matchesByEmail = page.getByRole('checkbox', { name: 'Match updates by Email' });
  await expect(matchesByEmail).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: 'Offers and promotions by SMS' }),
  ).not.toBeChecked();
  await expect(page.getByText(PREFERENCE_MESSAGES.historyEmpty)).toBeVisible();

  await matchesByEmail.click();
  await expect(page.getByText(PREFERENCE_SUCCESS.updated)).toBeVisible();
  await expect(matchesByEmail).not.toBeChecked();
  const history = page.getByRole('list', { name: PREFERENCE_MESSAGES.historyTitle });
  await expect(history).toContainText('Unsubscribed from Match updates by Email');

  await matchesByEmail.click();
  const ask = page.getByRole('alertdialog', {
    name: PREFERENCE_MESSAGES.resubscribeTitle('Match updates', 'Email'),
  });
  await expect(ask.getByRole('button', { name: 'Resubscribe' })).toBeDisabled();
  await ask.getByLabel(PREFERENCE_MESSAGES.reasonLabel).fill('Asked at the club desk');
  await ask.getByRole('button', { name: 'Resubscribe' }).click();
  await expect(ask).toBeHidden();
  await expect(matchesByEmail).toBeChecked();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Asked at the club desk');
});

test("a notification template's Purpose is an account message by default, or an active topic", async ({
  page,
  request,
}) => {
  const name = `Fixture news ${Date.now() % 1_000_000}`;
  await signInByApi(page);
  await page.goto('/notification-templates');
  await page.getByRole('button', { name: 'Add Template' }).click();
  const panel = page.getByRole('dialog', { name: 'Create Template' });
  const purpose = panel.getByLabel(MESSAGING_TOPIC_MESSAGES.topicLabel);
  await expectChosen(purpose, MESSAGING_TOPIC_MESSAGES.accountOption);
  await panel.getByLabel('Template Name').fill(name);
  await panel.getByLabel('Subject').fill('Fixtures this week');
  await panel.getByLabel('Message').fill('Hello {{first_name}}, the fixtures are out.');
  await choose(purpose, 'Match updates');
  await panel.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Template created successfully')).toBeVisible();

  const api = await adminApi(request);
  const topics = await api<{ data: { id: number; name: string }[] }>(
    'GET',
    '/api/messaging/topics?name=Match%20updates',
  );
  const templates = await api<{ data: { name: string; topic_id: number | null }[] }>(
    'GET',
    `/api/notifications/templates?name=${encodeURIComponent(name)}`,
  );
  expect(templates.data[0]!.topic_id).toBe(topics.data[0]!.id);
});
