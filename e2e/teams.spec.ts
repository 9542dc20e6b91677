import {
  EXPORT_LABELS,
  EXPORT_MESSAGES,
  fieldLimitReached,
  jerseyRepeatedMessage,
  ONE_CAPTAIN_MESSAGE,
  TEAM_EXPORT_COLUMNS,
} from '@cricket/contracts';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { adminApi, choose, newTeam, signIn } from './helpers';

/** A 1x1 PNG: enough for the upload's magic-byte check and a preview. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const TEAM = 'E2E Strikers';

/** The value beside a label on the team card (a dt/dd pair). */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

/** Players Count in the teams list, found through the list's own team-name filter. */
async function listCount(page: Page): Promise<string> {
  await page.goto(`/teams?name=${encodeURIComponent(TEAM)}`);
  const row = page.getByRole('row', { name: `Open ${TEAM}` });
  await expect(row).toBeVisible();
  // The first cell is the row's selection checkbox (bulk actions).
  return (await row.getByRole('cell').nth(3).textContent()) ?? '';
}

async function expectCounts(page: Page, teamUrl: string, count: number) {
  expect(await listCount(page)).toBe(String(count));
  await page.goto(teamUrl);
  await expect(page.getByRole('heading', { name: `Players (${count})` })).toBeVisible();
  await expect(detail(page, 'Total Players')).toHaveText(String(count));
}

test.describe('teams on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('create a team, build its squad, edit and remove a player', async ({ page }) => {
    // One long user journey: a dozen page loads on a shared machine.
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/teams');
    await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();

    // Create: validation first, then a logo, the fields and an owner from the picker.
    await page.getByRole('button', { name: 'Add Team' }).click();
    const panel = page.getByRole('dialog', { name: 'Create New Team' });
    await panel.getByRole('button', { name: 'Create Team' }).click();
    await expect(panel.getByText('Team name is required')).toBeVisible();
    await expect(panel.getByText('Location is required')).toBeVisible();
    await expect(panel.getByText('Team initials are required')).toBeVisible();
    await expect(panel.getByText('Owner is required')).toBeVisible();

    await panel
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible();
    // Text stops at its limit as it is typed or pasted, and the field says so.
    await panel.getByLabel('Team Name').fill('N'.repeat(101));
    await expect(panel.getByLabel('Team Name')).toHaveValue('N'.repeat(100));
    await expect(panel.getByText(fieldLimitReached(100))).toBeVisible();
    await panel.getByLabel('Team Name').fill(TEAM);
    await expect(panel.getByText('Team name is required')).toBeHidden();
    await expect(panel.getByText(fieldLimitReached(100))).toBeHidden();
    await panel.getByLabel('Location').fill('Nagpur');
    await panel.getByLabel('Team Initials').pressSequentially('abcdefgh');
    await expect(panel.getByLabel('Team Initials')).toHaveValue('ABCDE');
    await expect(panel.getByLabel('Team Initials')).toHaveAccessibleDescription(
      `e.g. IND, AUS, PBKS ${fieldLimitReached(5)}`,
    );
    await panel.getByLabel('Team Initials').fill('e2es');
    await expect(panel.getByLabel('Team Initials')).toHaveValue('E2ES');

    await panel.getByRole('button', { name: 'Owner', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Select Owner' });
    const owners = picker.getByRole('list', { name: 'Owners' }).getByRole('button');
    await expect(owners.first()).toBeVisible();
    const ownerName = (await owners.first().locator('span span').first().textContent()) ?? '';
    // The search replaces the list with 'Loading...' once its debounce ends: a click before the
    // answer lands can hit the notice instead of the row, so wait for the searched page.
    const firstName = ownerName.split(' ')[0] ?? '';
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.endsWith('/users/organizers') &&
        new URL(response.url()).searchParams.get('search') === firstName,
    );
    await picker.getByLabel('Search owners').fill(firstName);
    await searched;
    await expect(picker.getByRole('status')).toHaveCount(0);
    await picker
      .getByRole('button', { name: new RegExp(ownerName) })
      .first()
      .click();
    await expect(picker).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Owner', exact: true })).toContainText(
      ownerName,
    );

    await panel.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByText('Team created successfully!')).toBeVisible();
    await expect(panel).toBeHidden();

    const row = page.getByRole('row', { name: `Open ${TEAM}` });
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    await row.click();
    await expect(page).toHaveURL(/\/teams\/view\?id=\d+$/);
    const teamUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(page.getByRole('heading', { name: TEAM, level: 1 })).toBeVisible();
    await expect(page.locator('main img[src^="/uploads/team_logos/"]').first()).toBeVisible();
    await expect(detail(page, 'Location')).toHaveText('Nagpur');
    await expect(page.getByRole('region', { name: 'Owner Information' })).toContainText(ownerName);
    await expect(page.getByText('No players found')).toBeVisible();

    // Add three players in one go, with jersey numbers and a captain. Demo people can share
    // a name, so each player is followed by their phone number.
    await page.getByRole('button', { name: 'Add Players' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Players' });
    const available = manage.getByRole('list', { name: 'Available players' }).getByRole('listitem');
    const selectable = available.filter({ has: page.getByRole('button', { name: /^Select / }) });
    await expect(selectable.first().getByRole('button')).toBeEnabled();
    const picked: { name: string; phone: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const item = selectable.first();
      const button = item.getByRole('button');
      const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
      const phone = /\d{10}/.exec((await item.textContent()) ?? '')?.[0] ?? '';
      picked.push({ name, phone });
      await button.click();
      await expect(available.filter({ hasText: phone }).getByRole('button')).toHaveText('Selected');
      await expect(available.filter({ hasText: phone }).getByRole('button')).toBeDisabled();
    }
    const [captain, keeper, leaver] = picked as [
      (typeof picked)[0],
      (typeof picked)[0],
      (typeof picked)[0],
    ];
    await expect(manage.getByText('Selected Players (3)')).toBeVisible();
    await manage.getByRole('button', { name: 'View Selected Players' }).click();
    const selected = page.getByRole('dialog', { name: 'Selected Players (3)' });
    const entry = (phone: string) => selected.getByRole('listitem').filter({ hasText: phone });
    await entry(captain.phone).getByLabel('Jersey Number').fill('7');
    await entry(keeper.phone).getByLabel('Jersey Number').fill('18');
    await entry(captain.phone).getByLabel('Captain').check();
    // The batch's rules are checked in the form, on the field that breaks one: a jersey number
    // given twice, a second captain. Nothing is sent until they are fixed.
    await entry(leaver.phone).getByLabel('Jersey Number').fill('7');
    await entry(keeper.phone).getByLabel('Captain').check();
    await selected.getByRole('button', { name: 'Add All Players (3)' }).click();
    await expect(entry(leaver.phone).getByText(jerseyRepeatedMessage(7))).toBeVisible();
    await expect(entry(keeper.phone).getByText(ONE_CAPTAIN_MESSAGE)).toBeVisible();
    await expect(entry(captain.phone).getByText(jerseyRepeatedMessage(7))).toHaveCount(0);
    await expect(selected).toBeVisible();
    await entry(leaver.phone).getByLabel('Jersey Number').fill('45');
    await entry(keeper.phone).getByLabel('Captain').uncheck();
    await selected.getByRole('button', { name: 'Add All Players (3)' }).click();
    await expect(page.getByText('Players added to team successfully')).toBeVisible();
    await expect(manage).toBeHidden();

    const players = page.getByRole('table', { name: 'Players' });
    const playerRow = (phone: string) => players.getByRole('row').filter({ hasText: phone });
    await expect(players.getByRole('row')).toHaveCount(4);
    await expect(players.getByRole('row').nth(1)).toContainText(captain.phone);
    await expect(players.getByRole('row').nth(1)).toContainText('Captain');
    await expect(playerRow(keeper.phone)).toContainText('18');
    await expect(detail(page, 'Captain')).toContainText(captain.name);
    await expect(detail(page, 'Captain')).toContainText('#7');
    await expectCounts(page, teamUrl, 3);

    // The picker now marks them In Team.
    await page.getByRole('button', { name: 'Add Players' }).click();
    await expect(available.filter({ hasText: keeper.phone }).getByRole('button')).toHaveText(
      'In Team',
    );
    await expect(available.filter({ hasText: keeper.phone }).getByRole('button')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(manage).toBeHidden();

    // Edit a player's jersey: out of range first, then a valid number.
    await playerRow(keeper.phone)
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Player' });
    await expect(edit.getByLabel('Jersey Number')).toHaveValue('18');
    await edit.getByLabel('Jersey Number').fill('100');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Jersey number must be between 1 and 99')).toBeVisible();
    await edit.getByLabel('Jersey Number').fill('99');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Player updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(playerRow(keeper.phone)).toContainText('99');
    await expectCounts(page, teamUrl, 3);

    // Remove a player.
    await playerRow(leaver.phone)
      .getByRole('button', { name: /^Remove / })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Player' });
    await expect(confirm).toContainText(
      'Are you sure you want to remove this player from the team? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Player removed successfully')).toBeVisible();
    await expect(playerRow(leaver.phone)).toHaveCount(0);
    await expectCounts(page, teamUrl, 2);

    // The team and its squad survive a reload of the details page.
    await page.reload();
    await expect(page.getByRole('heading', { name: TEAM, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Players (2)' })).toBeVisible();
    await expect(playerRow(keeper.phone)).toContainText('99');
    await expect(playerRow(captain.phone)).toContainText('Captain');
  });

  test('the list filters by status and deletes a team after confirmation', async ({
    page,
    request,
  }) => {
    // Its own team to delete: a demo team may have fixtures by now (other specs make
    // tournaments of them), and a team with match history is never deleted.
    const name = `Deletable ${Date.now().toString(36)}`;
    await newTeam(await adminApi(request), { name, team_initials: 'DEL', is_active: false });
    await signIn(page);
    await page.goto('/teams');
    await choose(page.getByLabel('Filter by status'), 'Inactive');
    await expect(page).toHaveURL(/status=false/);
    const rows = page.getByRole('table', { name: 'Teams' }).getByRole('row', { name: /^Open / });
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.getByRole('cell').nth(4).all())
      await expect(cell).toHaveText('Inactive');

    await page.getByLabel('Filter by team name').fill('no such team at all');
    await expect(page.getByText('No teams found')).toBeVisible();
    await page.getByLabel('Filter by team name').fill(name);
    const row = page.getByRole('row', { name: `Open ${name}` });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Team' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this team? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Team deleted successfully!')).toBeVisible();
    await expect(page.getByRole('row', { name: `Open ${name}` })).toHaveCount(0);
  });
});

test.describe('sorting the teams list', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a header sorts ascending, then descending, then back; the sort survives a reload', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/teams');
    const table = page.getByRole('table', { name: 'Teams' });
    const rows = table.getByRole('row', { name: /^Open / });
    await expect(rows.first()).toBeVisible();
    const header = table.getByRole('columnheader', { name: 'Team Name' });
    const names = async () =>
      (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map(
        (label) => label.replace(/^Open /, '').toLowerCase(),
      );
    const sorted = (list: string[], way: 1 | -1) =>
      [...list].sort((a, b) => way * (a < b ? -1 : a > b ? 1 : 0));

    await expect(header).toHaveAttribute('aria-sort', 'none');
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(async () => {
      const now = await names();
      expect(now).toEqual(sorted(now, 1));
    }).toPass();

    await header.getByRole('button').click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => {
      const now = await names();
      expect(now).toEqual(sorted(now, -1));
    }).toPass();

    await page.reload();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => {
      const now = await names();
      expect(now).toEqual(sorted(now, -1));
    }).toPass();

    // From the keyboard: the header is a button; a third press gives the list's own order.
    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(page).not.toHaveURL(/sort=/);

    // A key the list does not sort by is dropped from the address with the quiet note.
    await page.goto('/teams?sort=password');
    await expect(page.getByText('Ignored an invalid filter in the address')).toBeVisible();
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('on a phone the cards sort from a Sort by choice', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/teams');
    await expect(page.getByRole('listitem', { name: /^Open / }).first()).toBeVisible();
    await choose(page.getByLabel('Sort by'), 'Players Count (descending)');
    await expect(page).toHaveURL(/sort=players_count&order=desc|order=desc&sort=players_count/);
    await context.close();
  });
});

test.describe('teams on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list and the details page fit without sideways page scrolling', async ({ page }) => {
    await signIn(page);
    await page.goto('/teams');
    await expect(page.getByRole('listitem', { name: /^Open / }).first()).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page
      .getByRole('listitem', { name: /^Open / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Players \(\d+\)$/ })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test.describe('exporting the teams list', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('export the filtered list and read the file', async ({ page, request }) => {
    const api = await adminApi(request);
    const { data: owners } = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/users/organizers?page=1&limit=1',
    );
    // Three teams the filter finds, one it does not, and a name a spreadsheet would run.
    const town = `Exportville ${Date.now() % 1_000_000}`;
    const names = ['Export Alpha XPT', 'Export Bravo XPT', '=Export Formula XPT'];
    for (const name of [...names, 'Export Charlie XPT']) {
      await api('POST', '/api/teams', {
        name,
        location: name.includes('Charlie') ? 'Elsewhere' : town,
        team_initials: 'XPT',
        is_active: true,
        add_me: false,
        logo_url: null,
        owner_id: owners[0]!.id,
      });
    }
    await signIn(page);
    await page.goto(`/teams?location=${encodeURIComponent(town)}&sort=created_at&order=desc`);
    await expect(page.getByRole('row', { name: 'Open Export Alpha XPT' })).toBeVisible();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: EXPORT_LABELS.button }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^teams-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText(EXPORT_MESSAGES.done(3))).toBeVisible();
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe(Object.values(TEAM_EXPORT_COLUMNS).join(','));
    // Newest first, as the list shows it; the formula is neutralised.
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      "'=Export Formula XPT",
      'Export Bravo XPT',
      'Export Alpha XPT',
    ]);
  });
});
