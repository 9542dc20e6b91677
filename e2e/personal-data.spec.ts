import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import {
  AUDIT_ACTIONS,
  PERSONAL_DATA_MESSAGES,
  PERSONAL_DATA_SUCCESS,
  erasedUserName,
  personalDataFileName,
  type ActiveRole,
  type PersonalDataExport,
  type User,
} from '@cricket/contracts';
import { adminApi, signInByApi } from './helpers';

/** Issue 34 (decision 055): a person's data downloaded from their profile, then erased. */
test('downloads a person’s data from their profile, then erases them: the lists and the activity log say Erased user', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await adminApi(request);
  const roles = await api<ActiveRole[]>('GET', '/api/roles/active');
  const player = roles.find((r) => r.name.toLowerCase() === 'player') ?? roles.at(-1)!;
  const stamp = Date.now().toString().slice(-7);
  // Names take letters only: the stamp's digits as letters.
  const surname = `Hartwell${[...stamp].map((c) => 'abcdefghij'[Number(c)]).join('')}`;
  const email = `rosalind.pd${stamp}@privacy.test`;
  const { user } = await api<{ user: User }>('POST', '/api/users', {
    first_name: 'Rosalind',
    last_name: surname,
    email,
    phone_number: `97${stamp.padStart(8, '0')}`,
    role_id: player.id,
    status: 'verified',
    date_of_birth: '1993-02-11',
    gender: 'Female',
    address: '14 Juniper Walk',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    pincode: '411001',
    profile_picture: null,
  });

  await signInByApi(page);
  await page.goto(`/users/view?id=${user.id}`);
  await expect(page.getByRole('heading', { name: `Rosalind ${surname}` })).toBeVisible();

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: PERSONAL_DATA_MESSAGES.downloadLabel }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(personalDataFileName(user.id));
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as PersonalDataExport;
  expect(file.profile).toMatchObject({
    id: user.id,
    details: { email, address: '14 Juniper Walk' },
  });
  expect(file.audit_about_them.map((a) => a.action)).toContain('create');
  await expect(page.getByText(PERSONAL_DATA_SUCCESS.exported)).toBeVisible();

  await page.getByRole('button', { name: PERSONAL_DATA_MESSAGES.eraseLabel }).click();
  const dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: PERSONAL_DATA_MESSAGES.eraseLabel });
  // Confirm waits for the person's email, typed.
  await expect(confirm).toBeDisabled();
  const typed = dialog.getByLabel(PERSONAL_DATA_MESSAGES.eraseConfirmLabel(email));
  await typed.fill('someone.else@privacy.test');
  await expect(confirm).toBeDisabled();
  await typed.fill(email.toUpperCase());
  await confirm.click();
  await expect(page.getByText(PERSONAL_DATA_SUCCESS.erased(user.id))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: erasedUserName(user.id) })).toBeVisible();
  // Nothing left to edit or erase: the profile says what happened instead.
  await expect(page.getByRole('note')).toContainText("This user's personal data was erased on");
  await expect(page.getByRole('button', { name: PERSONAL_DATA_MESSAGES.eraseLabel })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await page.goto(`/users?name=${encodeURIComponent('Erased user')}`);
  await expect(
    page.getByRole('table', { name: 'Users' }).getByText(erasedUserName(user.id)),
  ).toBeVisible();

  await page.goto(`/activity-log?entity_type=user&entity_id=${user.id}`);
  const trail = page.getByRole('table', { name: 'Activity Log' });
  // The erasure and the records before it stay, each naming the record as it reads now.
  for (const action of [
    AUDIT_ACTIONS.erase,
    AUDIT_ACTIONS.personal_data_export,
    AUDIT_ACTIONS.create,
  ])
    await expect(
      trail.getByRole('row', {
        name: `Open ${action} User #${user.id} · ${erasedUserName(user.id)}`,
      }),
    ).toBeVisible();
  await expect(page.getByText('14 Juniper Walk')).toHaveCount(0);
});
