import { expect, test } from './fixtures';
import { UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_SUCCESS } from '@cricket/contracts';
import { adminApi, dryRun, signInByApi } from './helpers';
import { smtpCatcher, type CaughtMail } from './smtp-catcher';

test.use({ viewport: { width: 390, height: 844 } });

test('a delivered email’s unsubscribe link opens the preference page; the change shows on the user’s profile and in the send form’s dry run', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const stamp = `${Date.now() % 1_000_000}`;
  const email = `unsub${stamp}@unsubscribe.test`;
  const roles = await api<{ id: number; name: string }[]>('GET', '/api/roles/active');
  const { user } = await api<{ user: { id: number } }>('POST', '/api/users', {
    first_name: 'Nisha',
    last_name: 'Rao',
    email,
    phone_number: `7${stamp.padStart(9, '3')}`,
    role_id: roles.find((r) => r.name !== 'admin')!.id,
    status: 'verified',
  });
  const topics = await api<{ data: { id: number; name: string }[] }>(
    'GET',
    '/api/messaging/topics?name=Match%20updates',
  );
  const matches = topics.data.find((t) => t.name === 'Match updates')!;
  const { template } = await api<{ template: { id: number; subject: string; message: string } }>(
    'POST',
    '/api/notifications/templates',
    {
      name: `Fixture news ${stamp}`,
      type: 'email',
      subject: 'Fixtures for {{first_name}}',
      message: 'Dear {{first_name}}, Saturday’s match starts at 10.',
      status: 'active',
      topic_id: matches.id,
    },
  );
  await api('POST', '/api/notifications/send', {
    template_id: template.id,
    recipient_type: 'specific',
    recipient_ids: [user.id],
    subject: template.subject,
    message: template.message,
    send_immediately: true,
    // Delivered now whatever the hour: the demo's quiet hours would hold it otherwise.
    respect_quiet_hours: false,
  });

  // The back-office, in a browser of its own: the send form's dry run before the unsubscribe.
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await office.newPage();
  await signInByApi(desk);
  const before = await dryRun(desk, template.id);

  // The email as the SMTP server received it: the one-click header and the footer's link.
  const catcher = smtpCatcher();
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await catcher.messages()).find((m) => m.to.includes(email));
        return mail !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(mail!.listUnsubscribe).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/public\/unsubscribe\/[\w-]+>, <mailto:/,
  );
  const link = /(http:\/\/\S+\/u\/[\w-]+)/.exec(mail!.text)?.[1];
  expect(link, mail!.text).toBeTruthy();

  // Not signed in: the page is the person's own.
  await page.goto(link!);
  await expect(
    page.getByRole('heading', { name: UNSUBSCRIBE_MESSAGES.title, level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_MESSAGES.greeting('Nisha'))).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_MESSAGES.accountNote)).toBeVisible();
  const box = page.getByRole('checkbox', { name: 'Match updates by Email' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByLabel(UNSUBSCRIBE_MESSAGES.reasonLabel).fill('Too many fixture emails');
  await page.getByRole('button', { name: UNSUBSCRIBE_MESSAGES.save }).click();
  await expect(
    page.getByRole('status').filter({ hasText: UNSUBSCRIBE_SUCCESS.saved }),
  ).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Team news by Email' })).toBeChecked();

  // The back-office shows it on the user's profile, with its source and reason.
  await desk.goto(`/users/view?id=${user.id}`);
  await expect(desk.getByRole('checkbox', { name: 'Match updates by Email' })).not.toBeChecked();
  const history = desk.getByRole('list', { name: 'Consent history' });
  await expect(history).toContainText('Unsubscribed from Match updates by Email');
  await expect(history).toContainText('Preference page');
  await expect(history).toContainText('Too many fixture emails');

  // And the send form's dry run counts one fewer, one more unsubscribed.
  const after = await dryRun(desk, template.id);
  expect(after.willReceive).toBe(before.willReceive - 1);
  expect(after.unsubscribed).toBe(before.unsubscribed + 1);
  await office.close();
});

test('a link that is not valid says so and changes nothing', async ({ page }) => {
  await page.goto('/u/not-a-real-token');
  await expect(
    page.getByRole('heading', { name: UNSUBSCRIBE_MESSAGES.notFoundTitle, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(UNSUBSCRIBE_MESSAGES.notFound);
});
