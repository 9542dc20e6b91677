import { expect, test } from './fixtures';
import {
  MESSAGING_SETTINGS_MESSAGES,
  MESSAGING_SETTINGS_SUCCESS,
  QUIET_HOURS_TEXTS,
  TIME_ZONE_TEXTS,
} from '@cricket/contracts';
import { adminApi, choose, newVerifiedUser, signInByApi, type AdminCall } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

interface Settings {
  quiet_hours_start: string;
  quiet_hours_end: string;
  time_zone: string;
}

/** What the demo seeds (21:00–08:00 in Asia/Kolkata) is put back after a test changed it. */
const restore = (api: AdminCall, s: Settings) =>
  api('PUT', '/api/messaging/settings', {
    quiet_hours_start: s.quiet_hours_start,
    quiet_hours_end: s.quiet_hours_end,
    time_zone: s.time_zone,
  });

/** A fixed-offset zone where it is now between 02:00 and 04:00: inside 21:00–08:00 all day. */
function nightZone(): string {
  const hour = new Date().getUTCHours();
  // Etc/GMT-N is UTC+N (POSIX signs); 3 a.m. there needs N = 3 - hour (mod 24, within -12..+14).
  let offset = (3 - hour + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

test('Settings › Messaging topics shows the quiet hours and changes them', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const { settings } = await api<{ settings: Settings }>('GET', '/api/messaging/settings');
  try {
    await signInByApi(page);
    await page.goto('/messaging-topics');
    const section = page.getByRole('region', { name: MESSAGING_SETTINGS_MESSAGES.title });
    await expect(section).toContainText(
      MESSAGING_SETTINGS_MESSAGES.window(settings.quiet_hours_start, settings.quiet_hours_end),
    );
    await expect(section).toContainText(settings.time_zone);

    await section.getByRole('button', { name: MESSAGING_SETTINGS_MESSAGES.edit }).click();
    const panel = page.getByRole('dialog', { name: MESSAGING_SETTINGS_MESSAGES.title });
    await panel.getByLabel(MESSAGING_SETTINGS_MESSAGES.startLabel).fill('22:30');
    await choose(panel.getByLabel(MESSAGING_SETTINGS_MESSAGES.timeZoneLabel), 'Europe/London');
    await panel.getByRole('button', { name: MESSAGING_SETTINGS_MESSAGES.save }).click();
    await expect(page.getByText(MESSAGING_SETTINGS_SUCCESS.updated)).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(section).toContainText(
      MESSAGING_SETTINGS_MESSAGES.window('22:30', settings.quiet_hours_end),
    );
    await expect(section).toContainText('Europe/London');
  } finally {
    await restore(api, settings);
  }
});

test("a user's time zone is chosen on the user form and shown on the profile", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const stamp = `${Date.now() % 1_000_000}`;
  const id = await newVerifiedUser(api, {
    first_name: 'Zoned',
    last_name: 'Player',
    email: `zoned${stamp}@quiet.test`,
    phone_number: `7${stamp.padStart(9, '3')}`,
  });

  await signInByApi(page);
  await page.goto(`/users/view?id=${id}`);
  await expect(page.getByText(TIME_ZONE_TEXTS.organisationDefault)).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await choose(edit.getByLabel(TIME_ZONE_TEXTS.label), 'Asia/Tokyo');
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Asia/Tokyo', { exact: true })).toBeVisible();
});

test("the send form respects quiet hours by default, and the send's page says who waits", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const { settings } = await api<{ settings: Settings }>('GET', '/api/messaging/settings');
  const stamp = `${Date.now() % 1_000_000}`;
  const topics = await api<{ data: { id: number; name: string }[] }>(
    'GET',
    '/api/messaging/topics?name=Match%20updates',
  );
  try {
    await restore(api, { ...settings, quiet_hours_start: '21:00', quiet_hours_end: '08:00' });
    const nightOwl = await newVerifiedUser(api, {
      first_name: 'Night',
      last_name: 'Owl',
      email: `night${stamp}@quiet.test`,
      phone_number: `6${stamp.padStart(9, '4')}`,
      time_zone: nightZone(),
    });
    const { template } = await api<{ template: { id: number } }>(
      'POST',
      '/api/notifications/templates',
      {
        name: `Night fixture ${stamp}`,
        type: 'email',
        subject: 'Fixture',
        message: 'Hello {{first_name}}',
        status: 'active',
        topic_id: topics.data[0]!.id,
      },
    );

    await signInByApi(page);
    await page.goto(`/send-notification?template_id=${template.id}`);
    const respect = page.getByRole('checkbox', { name: QUIET_HOURS_TEXTS.respectLabel });
    await expect(respect).toBeChecked();
    await expect(page.getByText(QUIET_HOURS_TEXTS.respectHint)).toBeVisible();

    const { send } = await api<{ send: { id: number } }>('POST', '/api/notifications/send', {
      template_id: template.id,
      recipient_type: 'specific',
      recipient_ids: [nightOwl],
      subject: 'Fixture',
      message: 'Hello {{first_name}}',
    });
    await page.goto(`/sent-notifications/view?id=${send.id}`);
    await expect(
      page.getByText(new RegExp(`^${QUIET_HOURS_TEXTS.waiting(1, '')}\\S`)),
    ).toBeVisible();
    await api('POST', `/api/notifications/sends/${send.id}/cancel`);
  } finally {
    await restore(api, settings);
  }
});
