import { type Preference } from '@cricket/contracts';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, adminApi, dryRun, signInByApi } from './helpers';

/**
 * Issue 32, the dry run: the send form counts, live under the recipients, who would receive
 * a send and who would be skipped; one user unsubscribing from the template's topic makes it
 * one fewer, and the confirmation before the send repeats the numbers.
 */

test('the send form’s dry run counts one fewer once a recipient unsubscribes, and the confirmation repeats it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(page.request);
  const topics = await api<{ data: { id: number; name: string }[] }>(
    'GET',
    '/api/messaging/topics?limit=100',
  );
  const topic = topics.data.find((x) => x.name === 'Match updates')!;
  const { template } = await api<{ template: { id: number } }>(
    'POST',
    '/api/notifications/templates',
    {
      name: `Dry run ${Date.now()}`,
      type: 'email',
      status: 'active',
      subject: 'Fixture change, {{first_name}}',
      message: 'Hello {{first_name}}, Saturday’s match starts at 10.',
      topic_id: topic.id,
    },
  );
  // An active user still subscribed to the topic by email (not the administrator).
  const recipients = await api<{ data: { id: number; email: string }[] }>(
    'GET',
    '/api/notifications/recipients?recipient_type=active&limit=20',
  );
  let chosen: number | null = null;
  for (const r of recipients.data.filter((x) => x.email !== ADMIN_EMAIL)) {
    const { preferences } = await api<{ preferences: Preference[] }>(
      'GET',
      `/api/users/${r.id}/preferences`,
    );
    const email = preferences.find((p) => p.topic_id === topic.id && p.channel === 'email');
    if (email?.subscribed) {
      chosen = r.id;
      break;
    }
  }
  expect(chosen, 'an active user subscribed to Match updates').not.toBeNull();

  await signInByApi(page);
  const before = await dryRun(page, template.id);
  expect(before.willReceive).toBeGreaterThan(1);

  await api('PUT', `/api/users/${chosen}/preferences`, {
    topic_id: topic.id,
    channel: 'email',
    subscribed: false,
    reason: 'Asked not to get match updates',
  });
  await page.reload();
  const after = await dryRun(page, template.id);
  expect(after.willReceive).toBe(before.willReceive - 1);
  expect(after.unsubscribed).toBe(before.unsubscribed + 1);

  // The question before a send to a whole audience repeats the count; nothing is sent.
  await page.getByRole('button', { name: 'Send Now' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send Notification' });
  await expect(dialog).toContainText(after.text);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
