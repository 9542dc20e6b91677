import {
  BULK_SELECTION_LABELS as L,
  ROLE_MESSAGES,
  TEAM_MESSAGES,
  bulkDeleteWords,
} from '@cricket/contracts';
import { expect, test, type Page } from './fixtures';
import { addSquadPlayers, adminApi, choose, newTeam, signInByApi, type AdminCall } from './helpers';

/**
 * Issue 33's bulk actions, from the list kit's bar: select all users matching a filter, set
 * their status and watch the progress; delete a few teams after one confirmation naming the
 * count; reload during a job and find its progress again. Every row acted on is made here (the
 * specs share one database: the admin and the demo data stay as they are).
 */

let seq = 0;
/** Letters only: a person's name takes no digits. */
function tag() {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)
    .replace(/^./, (c) => c.toUpperCase());
}

/** `count` pending users named 'Bulk <family>', made through the API; answers their ids. */
async function pendingUsers(api: AdminCall, family: string, count: number): Promise<number[]> {
  const roles = await api<{ id: number; name: string }[]>('GET', '/api/roles/active');
  const role = roles.find((r) => r.name !== 'admin')!;
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const stamp = `${Date.now() % 1_000_000}${n}`.padStart(8, '0').slice(-8);
    const { user } = await api<{ user: { id: number } }>('POST', '/api/users', {
      first_name: 'Bulk',
      last_name: family,
      email: `bulk.${family.toLowerCase()}.${n}@bulk.test`,
      phone_number: `95${stamp}`,
      role_id: role.id,
      status: 'pending',
    });
    ids.push(user.id);
  }
  return ids;
}

const region = (page: Page) => page.getByRole('region', { name: L.jobRegion });
const bar = (page: Page) => page.getByRole('region', { name: L.region });

test.describe('bulk actions', () => {
  // Making the rows through the API and a job's polling take a while on a loaded machine.
  test.beforeEach(() => test.setTimeout(120_000));

  test('select all users matching a filter, set their status, watch the progress bar', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const family = tag();
    const ids = await pendingUsers(api, family, 12);
    await signInByApi(page);
    await page.goto(`/users?name=${family}`);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row')).toHaveCount(1 + 1 + 10); // headers, filters, a page

    // The page, then every matching row across pages.
    await page.getByRole('checkbox', { name: L.selectPage }).check();
    await expect(bar(page)).toContainText(L.selected(10));
    await bar(page)
      .getByRole('button', { name: L.selectAllMatching(12) })
      .click();
    await expect(bar(page)).toContainText(L.selected(12));
    await expect(bar(page)).toContainText(L.allMatching(12));

    await choose(bar(page).getByLabel(L.statusLabel), 'Suspended');
    await bar(page).getByRole('button', { name: L.setStatus }).click();
    const ask = page.getByRole('alertdialog', { name: 'Set 12 users to Suspended?' });
    await ask.getByRole('button', { name: L.setStatus }).click();

    // The job's progress: a progress bar over the 12 rows, announced politely, then its end.
    const progress = region(page);
    await expect(progress).toBeFocused();
    await expect(page).toHaveURL(/[?&]bulk=\d+/);
    const meter = progress.getByRole('progressbar');
    await expect(meter).toHaveAttribute('aria-valuemax', '12');
    // Twelve rows may end before the first poll: the bar stays, full, beside the summary.
    await expect(meter).toHaveAttribute('aria-valuenow', '12');
    await expect(progress).toContainText('Updated 12 users.');
    // The list refreshed: every row of the filter now shows the new status.
    const rows = table.locator('tbody');
    await expect(rows.getByText('Suspended', { exact: true })).toHaveCount(10);
    await expect(rows.getByText('Pending', { exact: true })).toHaveCount(0);

    await progress.getByRole('button', { name: L.close }).click();
    await expect(progress).toBeHidden();
    await expect(page).not.toHaveURL(/bulk=/);
    for (const id of ids) await api('DELETE', `/api/users/${id}`);
  });

  test('delete a few teams after one confirmation naming the count, by keyboard', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const family = tag();
    for (const n of [1, 2, 3])
      await newTeam(api, { name: `Bulk ${family} ${n}`, team_initials: `BK${n}` });
    await signInByApi(page);
    await page.goto(`/teams?name=${family}`);
    const table = page.getByRole('table', { name: 'Teams' });
    await expect(table.getByRole('row')).toHaveCount(2 + 3);

    // Keyboard alone: Space on each row's checkbox, Tab to the bar's Delete, Enter.
    for (const n of [1, 2]) {
      const box = page.getByRole('checkbox', { name: L.selectRow(`Bulk ${family} ${n}`) });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await expect(page.getByRole('checkbox', { name: L.selectPage })).toHaveJSProperty(
      'indeterminate',
      true,
    );
    await page.getByRole('checkbox', { name: L.selectRow(`Bulk ${family} 3`) }).check();
    await expect(bar(page)).toContainText(L.selected(3));
    const remove = bar(page).getByRole('button', { name: L.delete });
    await remove.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Delete 3 teams?' });
    await expect(ask).toContainText(bulkDeleteWords('teams').warning);
    // Escape closes it and focus is back on Delete; asked again, it deletes.
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: L.delete }).click();

    await expect(region(page)).toContainText('Deleted 3 teams.');
    await expect(table.getByText(TEAM_MESSAGES.empty)).toBeVisible();
  });

  test("remove players from a team's squad: the count follows, the users stay", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const family = tag();
    const { id: teamId } = await newTeam(api, { name: `Squad ${family}`, team_initials: 'SQD' });
    const players = await addSquadPlayers(
      api,
      teamId,
      ['A', 'B', 'C'].map((letter) => `${family} ${letter}`),
    );
    await signInByApi(page);
    await page.goto(`/teams/view?id=${teamId}`);
    await expect(page.getByRole('heading', { name: 'Players (3)' })).toBeVisible();

    await page.getByRole('checkbox', { name: L.selectRow(`${family} A`) }).check();
    await page.getByRole('checkbox', { name: L.selectRow(`${family} B`) }).check();
    await bar(page).getByRole('button', { name: 'Remove' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove 2 players?' });
    await expect(ask).toContainText(bulkDeleteWords('team-players').warning);
    await ask.getByRole('button', { name: 'Remove' }).click();

    await expect(region(page)).toContainText('Removed 2 players.');
    await expect(page.getByRole('heading', { name: 'Players (1)' })).toBeVisible();
    await expect(page.getByText('Total Players').locator('..')).toContainText('1');
    const table = page.getByRole('table', { name: 'Players' });
    await expect(table.getByText(`${family} C`)).toBeVisible();
    await expect(table.getByText(`${family} A`)).toHaveCount(0);
    // They left the squad, not the platform: both can be picked for it again.
    const again = await api<{ data: { id: number; is_in_team: boolean }[] }>(
      'GET',
      `/api/teams/${teamId}/players?page=1&limit=3`,
    );
    expect(again.data.filter((p) => !p.is_in_team).map((p) => p.id)).toEqual(players.slice(0, 2));
    await api('DELETE', `/api/teams/${teamId}`);
  });

  test('a reload during a job finds its progress again from the address', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const family = tag();
    const ids = await pendingUsers(api, family, 30);
    await signInByApi(page);
    await page.goto(`/users?name=${family}`);
    await page.getByRole('checkbox', { name: L.selectPage }).check();
    await bar(page)
      .getByRole('button', { name: L.selectAllMatching(30) })
      .click();
    await choose(bar(page).getByLabel(L.statusLabel), 'Verified');
    await bar(page).getByRole('button', { name: L.setStatus }).click();
    await page
      .getByRole('alertdialog', { name: 'Set 30 users to Verified?' })
      .getByRole('button', { name: L.setStatus })
      .click();
    await expect(region(page).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '30');
    const url = page.url();
    expect(url).toMatch(/[?&]bulk=\d+/);

    await page.reload();
    // The filter and the job stay in the address; the job's region is back, running or ended.
    await expect(page).toHaveURL(url);
    await expect(region(page)).toBeVisible();
    await expect(region(page)).toContainText('Updated 30 users.');
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody');
    await expect(rows.getByText('Verified', { exact: true })).toHaveCount(10);
    for (const id of ids) await api('DELETE', `/api/users/${id}`);
  });

  test('a job whose every row fails says so: the bar is red, the summary too, and each row its reason', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const family = tag();
    const name = `Bulk ${family}`;
    const { role } = await api<{ role: { id: number } }>('POST', '/api/roles', {
      name,
      description: 'Held by a user',
    });
    // A role someone holds cannot be deleted: the job's one row fails with that reason.
    const stamp = `${Date.now() % 100_000_000}`.padStart(8, '0');
    const { user } = await api<{ user: { id: number } }>('POST', '/api/users', {
      first_name: 'Bulk',
      last_name: family,
      email: `bulk.${family.toLowerCase()}@bulk.test`,
      phone_number: `96${stamp}`,
      role_id: role.id,
      status: 'verified',
    });
    await signInByApi(page);
    await page.goto(`/roles?name=${encodeURIComponent(name)}`);
    await page.getByRole('checkbox', { name: L.selectRow(name) }).check();
    await bar(page).getByRole('button', { name: L.delete }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete 1 role?' })
      .getByRole('button', { name: L.delete })
      .click();

    const progress = region(page);
    await expect(progress.getByRole('status')).toContainText('Deleted 0 roles; 1 failed.');
    await expect(progress.getByRole('list', { name: L.failuresHeading })).toHaveText(
      L.failedRow(name, ROLE_MESSAGES.hasUsers),
    );
    // The meter's two parts: none done, all failed.
    const parts = progress.getByRole('progressbar').locator('div');
    await expect(parts.nth(0)).toHaveAttribute('style', /width: 0%/);
    await expect(parts.nth(1)).toHaveAttribute('style', /width: 100%/);
    await expect(progress.getByText('Deleted 0 roles; 1 failed.')).toHaveClass(/text-danger-700/);
    await api('DELETE', `/api/users/${user.id}`);
    await api('DELETE', `/api/roles/${role.id}`);
  });
});
