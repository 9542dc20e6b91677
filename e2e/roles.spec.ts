import {
  fieldLimitReached,
  PERMISSION_CATALOGUE,
  PERMISSIONS_PAGE_SIZE,
  PERMISSIONS_RESET_PAGE_SIZE,
} from '@cricket/contracts';
import { expect, test, type Locator, type Page } from './fixtures';
import { adminApi, signIn, choose, discardChanges } from './helpers';

const TOTAL = PERMISSION_CATALOGUE.length;
const MODULE_COUNT = new Set(PERMISSION_CATALOGUE.map((p) => p.module)).size;
/** The picker's pages at its first size and after a reset (a new permission can add one). */
const PAGES = Math.ceil(TOTAL / PERMISSIONS_PAGE_SIZE);
const RESET_PAGES = Math.ceil(TOTAL / PERMISSIONS_RESET_PAGE_SIZE);

async function openRoles(page: Page) {
  await signIn(page);
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Roles & Permissions', level: 1 })).toBeVisible();
  return page.getByRole('table', { name: 'Roles' });
}

/** Scrolls the picker down, as a user would, until its last page has loaded. */
async function loadAllPermissions(page: Page, panel: Locator) {
  const footer = panel.getByText(`All permissions loaded (${TOTAL} total items)`);
  await panel.locator('fieldset').first().hover();
  await expect(async () => {
    await page.mouse.wheel(0, 5000);
    await expect(footer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('the roles screen', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('lists and filters roles; the admin role has no delete action', async ({ page }) => {
    const table = await openRoles(page);
    const adminRow = table.getByRole('row', { name: 'Open admin' });
    await expect(adminRow).toContainText('Active');
    await expect(adminRow.getByRole('button', { name: 'Edit admin' })).toBeVisible();
    await expect(adminRow.getByRole('button', { name: 'Delete admin' })).toHaveCount(0);
    await expect(
      table
        .getByRole('row', { name: 'Open umpire' })
        .getByRole('button', { name: 'Delete umpire' }),
    ).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search role name' }).fill('UMP');
    await expect(page).toHaveURL(/name=UMP/);
    await expect(table.getByRole('row', { name: /^Open / })).toHaveCount(1);
    await expect(table.getByRole('row', { name: 'Open umpire' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search role name' }).fill('');
    await choose(page.getByLabel('Filter by status'), 'Inactive');
    await expect(table.getByText('No roles found')).toBeVisible();
    await choose(page.getByLabel('Filter by status'), 'All');
    await expect(table.getByRole('row', { name: 'Open admin' })).toBeVisible();
  });

  test('the details panel shows the role and its permissions grouped by module', async ({
    page,
  }) => {
    const table = await openRoles(page);
    await table.getByRole('row', { name: 'Open support staff' }).click();
    const panel = page.getByRole('dialog', { name: 'Role Details' });
    await expect(panel.getByText('Basic Information')).toBeVisible();
    await expect(panel.getByText('Support staff', { exact: true })).toBeVisible();
    await expect(panel.getByText('Back-office staff who look after users and teams')).toBeVisible();
    await expect(panel.getByText('Users (2)')).toBeVisible();
    await expect(panel.getByText('users.update')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await table.getByRole('button', { name: 'View umpire' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Role Details' })
        .getByText('No permissions assigned to this role'),
    ).toBeVisible();
  });

  test('creates, edits and deletes a role through the panels and the picker', async ({ page }) => {
    // Two full scrolls through the catalogue and five round trips: more than the default budget.
    test.setTimeout(90_000);
    const table = await openRoles(page);
    await page.getByRole('button', { name: 'Add Role' }).click();
    let panel = page.getByRole('dialog', { name: 'Create New Role' });
    await expect(panel.getByLabel('Active Role')).toBeChecked();
    await expect(
      panel.getByText(new RegExp(`^Showing \\d+ modules • Page 1 of ${PAGES}$`)),
    ).toBeVisible();
    await expect(panel.getByText('Admin Module', { exact: true })).toBeVisible();
    await expect(panel.getByText('view • users')).toBeVisible();

    // An empty name is refused in the form with the spec's messages.
    await panel.getByRole('button', { name: 'Create Role' }).click();
    await expect(panel.getByText('Role name is required')).toBeVisible();
    await expect(
      page.getByText('Please fix the validation errors before submitting'),
    ).toBeVisible();
    // The name stops at its limit, and says so rather than cutting it silently.
    await panel.getByLabel('Role Name').fill('R'.repeat(51));
    await expect(panel.getByLabel('Role Name')).toHaveValue('R'.repeat(50));
    await expect(panel.getByText(fieldLimitReached(50))).toBeVisible();

    await panel.getByLabel('Role Name').fill('match referee');
    await expect(panel.getByText(fieldLimitReached(50))).toBeHidden();
    await expect(panel.getByText('Role name is required')).toBeHidden();
    await panel.getByLabel('Description').fill('Oversees matches');

    const teamsAll = panel.getByRole('checkbox', { name: 'Select All Teams Module' });
    await panel.getByRole('checkbox', { name: 'teams.view', exact: true }).check();
    await expect(teamsAll).toHaveJSProperty('indeterminate', true);
    await teamsAll.check();
    await expect(teamsAll).toHaveJSProperty('indeterminate', false);
    await expect(panel.getByRole('checkbox', { name: 'teams.delete', exact: true })).toBeChecked();

    await loadAllPermissions(page, panel);
    await expect(
      panel.getByText(new RegExp(`^Showing ${MODULE_COUNT} modules • Page ${PAGES} of ${PAGES}$`)),
    ).toBeVisible();
    await panel.getByRole('checkbox', { name: 'media.upload', exact: true }).check();
    await panel.getByRole('button', { name: 'Create Role' }).click();
    await expect(page.getByText('Role created successfully!')).toBeVisible();
    await expect(panel).toBeHidden();

    const row = table.getByRole('row', { name: 'Open match referee' });
    await expect(row).toContainText('Match referee');
    await expect(row).toContainText('Oversees matches');

    // A duplicate name (any case) is refused with the server's message for the name field.
    await page.getByRole('button', { name: 'Add Role' }).click();
    panel = page.getByRole('dialog', { name: 'Create New Role' });
    // After a reset the picker loads 10 permissions a page.
    await expect(
      panel.getByText(new RegExp(`^Showing \\d+ modules • Page 1 of ${RESET_PAGES}$`)),
    ).toBeVisible();
    await panel.getByLabel('Role Name').fill('MATCH REFEREE');
    await panel.getByRole('button', { name: 'Create Role' }).click();
    await expect(page.getByText('Role name is already in use').first()).toBeVisible();
    await expect(panel.getByLabel('Role Name')).toHaveAttribute('aria-invalid', 'true');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await expect(panel).toBeHidden();

    // Edit: the form comes from the server with the name capitalised and the grants ticked.
    await row.getByRole('button', { name: 'Edit match referee' }).click();
    panel = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(panel.getByLabel('Role Name')).toHaveValue('Match referee');
    // Ten permissions a page: the teams module starts past the first page.
    await loadAllPermissions(page, panel);
    await expect(panel.getByRole('checkbox', { name: 'teams.update', exact: true })).toBeChecked();
    await panel.getByRole('checkbox', { name: 'teams.update', exact: true }).uncheck();
    await panel.getByLabel('Active Role').uncheck();
    await expect(panel.getByRole('checkbox', { name: 'media.upload', exact: true })).toBeChecked();
    await panel.getByRole('button', { name: 'Update Role' }).click();
    await expect(page.getByText('Role updated successfully')).toBeVisible();
    await expect(table.getByRole('row', { name: 'Open Match referee' })).toContainText('Inactive');

    await table.getByRole('row', { name: 'Open Match referee' }).click();
    const details = page.getByRole('dialog', { name: 'Role Details' });
    await expect(details.getByText('Teams (3)')).toBeVisible();
    await expect(details.getByText('Media (1)')).toBeVisible();
    await page.keyboard.press('Escape');

    await table.getByRole('button', { name: 'Delete Match referee' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Role' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete the "Match referee" role? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Role deleted successfully!')).toBeVisible();
    await expect(table.getByRole('row', { name: 'Open Match referee' })).toHaveCount(0);
  });

  test('a role with users cannot be deleted', async ({ page }) => {
    const table = await openRoles(page);
    await table.getByRole('button', { name: 'Delete player' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Role' });
    await expect(dialog).toContainText('are assigned to this role');
    // Confirm cannot be pressed: the dialog says why instead of failing afterwards.
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(table.getByRole('row', { name: 'Open player' })).toBeVisible();
  });
});

test.describe('a role is exactly what its users may do', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a Scorer sees Dashboard and Users only, and gains delete after a grant', async ({
    page,
    browser,
    request,
  }) => {
    // Two browser sessions, an API set-up and a role edit in between.
    test.setTimeout(90_000);
    // The administrator builds the role in the UI.
    const table = await openRoles(page);
    await page.getByRole('button', { name: 'Add Role' }).click();
    const panel = page.getByRole('dialog', { name: 'Create New Role' });
    await panel.getByLabel('Role Name').fill('Scorer');
    await panel.getByLabel('Description').fill('Keeps the score');
    // admin.access is what lets the role's users sign in at all; the picker says so.
    await expect(
      panel.getByText(/can sign in to the back-office only if it has admin\.access/),
    ).toBeVisible();
    for (const name of ['admin.access', 'dashboard.view', 'users.view']) {
      await panel.getByRole('checkbox', { name, exact: true }).check();
    }
    await panel.getByRole('button', { name: 'Create Role' }).click();
    await expect(page.getByText('Role created successfully!')).toBeVisible();
    await expect(table.getByRole('row', { name: 'Open Scorer' })).toBeVisible();

    // A user in that role with a password, and someone for them to delete later.
    const api = await adminApi(request);
    const roles = await api<{ data: { id: number; name: string }[] }>(
      'GET',
      '/api/roles?name=scorer',
    );
    const scorerRole = roles.data.find((r) => r.name === 'Scorer')!;
    const players = await api<{ data: { id: number; name: string }[] }>(
      'GET',
      '/api/roles?name=player',
    );
    const playerRole = players.data.find((r) => r.name === 'player')!;
    const scorer = await api<{ user: { id: number } }>('POST', '/api/users', {
      first_name: 'Sam',
      last_name: 'Scorer',
      email: 'scorer@cricket.test',
      phone_number: '9123400001',
      role_id: scorerRole.id,
      status: 'verified',
    });
    await api('PUT', `/api/users/${scorer.user.id}/password`, {
      password: 'Scorer@123',
      confirm_password: 'Scorer@123',
    });
    await api('POST', '/api/users', {
      first_name: 'Victor',
      last_name: 'Removable',
      email: 'victor@cricket.test',
      phone_number: '9123400002',
      role_id: playerRole.id,
      status: 'verified',
    });

    const scorerContext = await browser.newContext();
    const scorerPage = await scorerContext.newPage();
    await signIn(scorerPage, 'scorer@cricket.test', 'Scorer@123');
    const sidebar = scorerPage.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Users']);
    await expect(sidebar.getByRole('button', { name: 'Settings' })).toHaveCount(0);

    await scorerPage.goto('/roles');
    await expect(scorerPage.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(
      scorerPage.getByText('You do not have permission to perform this action'),
    ).toBeVisible();
    await expect(scorerPage.getByRole('table', { name: 'Roles' })).toHaveCount(0);

    await scorerPage.goto('/users');
    const users = scorerPage.getByRole('table', { name: 'Users' });
    const victor = users.getByRole('row').filter({ hasText: 'Victor Removable' });
    await expect(victor).toBeVisible();
    await expect(scorerPage.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await expect(victor.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    // The administrator grants users.delete while the Scorer is signed in.
    await table.getByRole('button', { name: 'Edit Scorer' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(edit.getByRole('checkbox', { name: 'users.view', exact: true })).toBeChecked();
    await edit.getByRole('checkbox', { name: 'users.delete', exact: true }).check();
    await edit.getByRole('button', { name: 'Update Role' }).click();
    await expect(page.getByText('Role updated successfully')).toBeVisible();

    await scorerPage.reload();
    await victor.getByRole('button', { name: /^Delete/ }).click();
    await scorerPage
      .getByRole('alertdialog', { name: 'Delete User' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(scorerPage.getByText('User deleted successfully')).toBeVisible();
    await expect(victor).toHaveCount(0);
    await expect(scorerPage.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await scorerContext.close();
  });
});
