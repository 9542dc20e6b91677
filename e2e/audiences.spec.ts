import { AUDIENCE_SUCCESS, AUDIENCE_TEXTS, NOTIFICATION_MESSAGES } from '@cricket/contracts';
import { expect, test } from './fixtures';
import { adminApi, choose, newTeam, newVerifiedUser, signInByApi } from './helpers';
import { smtpCatcher } from './smtp-catcher';

/*
 * Issue 36, saved audiences: an audience made on its screen counts its people live, and a send
 * to it reaches exactly them, one of whom joined the team after the audience was saved.
 */
test('an audience counts its people live, and a send to it reaches exactly them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const n = Date.now() % 1_000_000;
  // First by name, so the rule's team select (the first 100 by name) holds it.
  const teamName = `Aa Audience ${n}`;
  const { id: teamId } = await newTeam(api, { name: teamName, team_initials: 'AUD' });
  const roles = await api<{ id: number; name: string }[]>('GET', '/api/roles/active');
  const player = roles.find((r) => r.name === 'player')!.id;
  const person = (k: number) =>
    newVerifiedUser(api, {
      role_id: player,
      first_name: `Aud${'abc'[k - 1]}`,
      last_name: 'Member',
      email: `aud${k}.${n}@audience.test`,
      phone_number: `8${String(n).padStart(6, '0')}${k}0${k}`.slice(0, 10),
    });
  const join = (userId: number) =>
    api('POST', `/api/teams/${teamId}/players/multiple`, {
      players: [
        {
          user_id: userId,
          player_name: null,
          player_role: null,
          batting_style: null,
          bowling_style: null,
          jersey_number: null,
          is_captain: false,
          is_wicket_keeper: false,
        },
      ],
    });
  const first = await person(1);
  await join(first);
  await join(await person(2));

  await signInByApi(page);
  await page.goto('/audiences');
  await page.getByRole('button', { name: AUDIENCE_TEXTS.create }).click();
  const form = page.getByRole('dialog', { name: AUDIENCE_TEXTS.create });
  const audienceName = `Squad of ${teamName}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(audienceName);
  await choose(form.getByRole('combobox', { name: 'Rule 1' }), 'Plays for team');
  // The team is picked from the whole list, searched: there may be more teams than one page.
  await form.getByRole('button', { name: /^Team/ }).click();
  const picker = page.getByRole('dialog', { name: 'Select Team' });
  await picker.getByRole('searchbox', { name: 'Search teams' }).fill(teamName);
  await picker.getByRole('button', { name: new RegExp(`^${teamName}`) }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByRole('button', { name: /^Team/ })).toContainText(teamName);
  await expect(form.getByText(AUDIENCE_TEXTS.count(2))).toBeVisible();
  // Not in the team: the count turns to everyone else, and back.
  await form.getByRole('checkbox', { name: 'Not' }).check();
  await expect(form.getByText(AUDIENCE_TEXTS.count(2))).toBeHidden();
  await form.getByRole('checkbox', { name: 'Not' }).uncheck();
  await expect(form.getByText(AUDIENCE_TEXTS.count(2))).toBeVisible();
  await form.getByRole('button', { name: 'Create Audience' }).click();
  await expect(page.getByText(AUDIENCE_SUCCESS.created)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(audienceName) })).toBeVisible();
  // Opened again, the rule names its team (the API says what each rule's record is called).
  await page.getByRole('row', { name: new RegExp(audienceName) }).click();
  const edit = page.getByRole('dialog', { name: /audience/i });
  await expect(edit.getByRole('button', { name: /^Team/ })).toContainText(teamName);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // Someone joins after the audience was saved: the send includes them.
  const late = await person(3);
  await join(late);

  const { template } = await api<{ template: { id: number } }>(
    'POST',
    '/api/notifications/templates',
    {
      name: `Audience news ${n}`,
      type: 'email',
      status: 'active',
      subject: 'Nets on Thursday',
      message: 'Hello {{first_name}}, nets are on Thursday at six.',
      topic_id: null,
    },
  );
  await page.goto(`/send-notification?template_id=${template.id}`);
  await page.getByLabel('Saved Audience').check();
  await choose(page.getByRole('combobox', { name: /^Audience/ }), audienceName);
  await page.getByRole('button', { name: 'Send Now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send Notification' });
  await expect(confirm).toContainText(NOTIFICATION_MESSAGES.confirmSend('email', 3, 'audience'));
  await confirm.getByRole('button', { name: 'Send Now' }).click();

  await expect(async () => {
    const mails = (await smtpCatcher().messages()).filter(
      (m) =>
        m.subject === 'Nets on Thursday' && m.to.some((to) => to.endsWith(`.${n}@audience.test`)),
    );
    expect(mails.flatMap((m) => m.to).sort()).toEqual(
      [1, 2, 3].map((k) => `aud${k}.${n}@audience.test`),
    );
  }).toPass({ timeout: 30_000 });
});
