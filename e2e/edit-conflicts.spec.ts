import { RECORD_VERSION_MESSAGES, TEAM_SUCCESS } from '@cricket/contracts';
import { expect, test, type Browser, type Page } from './fixtures';
import { adminApi, newTeam, signInByApi } from './helpers';

/** Issue 33, edit conflicts (decision 059): no save overwrites a colleague's unseen. */

/** A signed-in administrator in a browser context of its own, on the team's edit panel. */
async function editorOf(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page);
  await page.goto(`/teams?name=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const panel = page.getByRole('dialog', { name: 'Edit Team' });
  await expect(panel.getByLabel('Team Name')).toHaveValue(name);
  return { context, page, panel };
}

const saved = (page: Page) => expect(page.getByText(TEAM_SUCCESS.updated)).toBeVisible();

test('two administrators edit one team: the second save meets the first, and Reload takes it', async ({
  browser,
  request,
}) => {
  const api = await adminApi(request);
  const name = `Conflict XI ${Date.now() % 100000}`;
  const { id: teamId } = await newTeam(api, { name, team_initials: 'CXI' });

  const first = await editorOf(browser, name);
  const second = await editorOf(browser, name);

  // The first saves a new location.
  await first.panel.getByLabel('Location').fill('Nagpur');
  await first.panel.getByRole('button', { name: 'Update Team' }).click();
  await saved(first.page);
  await expect(first.panel).toBeHidden();

  // The second, still on what it read before, changes the initials and the location.
  await second.panel.getByLabel('Team Initials').fill('SEC');
  await second.panel.getByLabel('Location').fill('Mumbai');
  await second.panel.getByRole('button', { name: 'Update Team' }).click();
  const notice = second.panel.getByRole('alert').filter({
    hasText: RECORD_VERSION_MESSAGES.changed,
  });
  await expect(notice).toBeVisible();
  // Only the field the first changed, theirs beside this form's.
  const rows = notice.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveText(/Location\s*Nagpur\s*Mumbai/);
  await expect(second.panel).toBeVisible();
  // Nothing was saved over theirs.
  expect(
    (
      await api<{ team: { location: string; team_initials: string } }>(
        'GET',
        `/api/teams/${teamId}`,
      )
    ).team,
  ).toMatchObject({ location: 'Nagpur', team_initials: 'CXI' });

  // Reload takes their version; a save from it goes through.
  await notice.getByRole('button', { name: RECORD_VERSION_MESSAGES.reload }).click();
  await expect(notice).toBeHidden();
  await expect(second.panel.getByLabel('Location')).toHaveValue('Nagpur');
  await expect(second.panel.getByLabel('Team Initials')).toHaveValue('CXI');
  await second.panel.getByLabel('Team Initials').fill('SEC');
  await second.panel.getByRole('button', { name: 'Update Team' }).click();
  await saved(second.page);
  expect(
    (
      await api<{ team: { location: string; team_initials: string } }>(
        'GET',
        `/api/teams/${teamId}`,
      )
    ).team,
  ).toMatchObject({ location: 'Nagpur', team_initials: 'SEC' });

  await first.context.close();
  await second.context.close();
});

test('a role loaded after its panel opens is versioned too: Reload takes their description', async ({
  browser,
  request,
}) => {
  const api = await adminApi(request);
  const name = `conflict role ${Date.now() % 100000}`;
  const { role } = await api<{ role: { id: number } }>('POST', '/api/roles', {
    name,
    description: 'First words',
  });

  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signInByApi(page);
    await page.goto(`/roles?name=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(panel.getByLabel('Description')).toHaveValue('First words');
    return { context, page, panel };
  };
  const first = await open();
  const second = await open();

  await first.panel.getByLabel('Description').fill('Their words');
  await first.panel.getByRole('button', { name: 'Update Role' }).click();
  await expect(first.panel).toBeHidden();

  await second.panel.getByLabel('Description').fill('My words');
  await second.panel.getByRole('button', { name: 'Update Role' }).click();
  const notice = second.panel
    .getByRole('alert')
    .filter({ hasText: RECORD_VERSION_MESSAGES.changed });
  await expect(notice.getByRole('row').nth(1)).toHaveText(/Description\s*Their words\s*My words/);
  await notice.getByRole('button', { name: RECORD_VERSION_MESSAGES.reload }).click();
  await expect(second.panel.getByLabel('Description')).toHaveValue('Their words');

  await first.context.close();
  await second.context.close();
  // Gone again: the roles list's first page is the roles spec's to fill.
  await api('DELETE', `/api/roles/${role.id}`);
});

test('a delete of a team someone changed since the list showed it is refused, and Reload shows theirs', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const name = `Stale XI ${Date.now() % 100000}`;
  const { id: teamId, body } = await newTeam(api, { name, team_initials: 'SXI' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page);
  await page.goto(`/teams?name=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Team' });
  await expect(dialog).toBeVisible();

  // A colleague changes the team while the question is open.
  await api('PUT', `/api/teams/${teamId}`, { ...body, location: 'Nagpur' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const notice = dialog.getByRole('alert').filter({ hasText: RECORD_VERSION_MESSAGES.changed });
  await expect(notice).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  // Nothing was deleted.
  expect(
    (await api<{ team: { location: string } }>('GET', `/api/teams/${teamId}`)).team,
  ).toMatchObject({ location: 'Nagpur' });

  // Reload reads the list again; asked afresh, the delete goes through.
  await notice.getByRole('button', { name: RECORD_VERSION_MESSAGES.reload }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(TEAM_SUCCESS.deleted)).toBeVisible();
});
