import { RESULT_MESSAGES, RESULT_SUCCESS, TOURNAMENT_SUCCESS } from '@cricket/contracts';
import { expect, test } from './fixtures';
import { adminApi, newTeam, signIn } from './helpers';

/*
 * Issue 36, its first part: a league made from the screens, its round-robin generated, a result
 * entered and confirmed, and the points table moving. Its dates lie in 2020, so the demo
 * season keeps the top of the tournaments list that matches.spec.ts reads.
 */
test('a league: create it, generate its fixtures, enter and confirm a result, see the table move', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const prefix = `Fx${Date.now() % 100_000}`;
  const teams = ['Ashes', 'Bails', 'Crease', 'Dukes'].map((name) => `${prefix} ${name}`);
  for (const [i, name] of teams.entries())
    await newTeam(api, { name, team_initials: `F${i}`, location: `${name} Ground` });

  await signIn(page);
  await page.goto('/tournaments');
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  const panel = page.getByRole('dialog', { name: 'Create Tournament' });
  await panel.getByLabel('Tournament Name').fill(`${prefix} League`);
  // 2020-01-04 was a Saturday: four teams need three match days.
  await panel.getByLabel('Start Date').fill('2020-01-04');
  await panel.getByLabel('End Date').fill('2020-03-31');
  await panel.getByLabel('Search teams').fill(prefix);
  const choices = panel.getByRole('list', { name: 'Teams to choose from' });
  await expect(choices.getByRole('checkbox')).toHaveCount(4);
  // One team only is refused by the form, naming the field.
  await choices.getByLabel(teams[0]!).check();
  await panel.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(panel.getByText('Please choose at least two teams')).toBeVisible();
  for (const name of teams.slice(1)) await choices.getByLabel(name).check();
  await expect(panel.getByRole('list', { name: 'Chosen teams' }).getByRole('listitem')).toHaveCount(
    4,
  );
  await panel.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(page.getByText(TOURNAMENT_SUCCESS.created)).toBeVisible();
  await expect(page).toHaveURL(/\/tournaments\/view\?id=\d+/);
  await expect(page.getByRole('heading', { name: `${prefix} League`, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Generate Fixtures' }).click();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText(TOURNAMENT_SUCCESS.generated(6))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fixtures (6)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Fixtures' })).toHaveCount(0);
  const fixtures = page.getByRole('table', { name: 'Fixtures' });
  const first = fixtures.locator('tbody tr').first();
  const [home, away] = (await first.getByRole('cell').nth(1).innerText()).split(' v ');

  const table = page.getByRole('table', { name: 'Points table' });
  const rowOf = (team: string) => table.getByRole('row').filter({ hasText: team });
  await expect(rowOf(home!).getByRole('cell').nth(8)).toHaveText('0');

  await first.getByRole('button', { name: /^Enter Result/ }).click();
  const modal = page.getByRole('dialog', { name: `${home} v ${away}` });
  const fill = async (team: string, values: string[]) => {
    for (const [i, label] of ['runs', 'wickets', 'overs', 'balls'].entries())
      await modal.getByLabel(`${team} ${label}`).fill(values[i]!);
  };
  await fill(home!, ['160', '6', '21', '0']);
  await fill(away!, ['150', '10', '18', '3']);
  await modal.getByRole('button', { name: 'Save Result' }).click();
  await expect(page.getByText(RESULT_MESSAGES.oversBeyondQuota(20))).toBeVisible();
  await modal.getByLabel(`${home} overs`).fill('20');
  await modal.getByRole('button', { name: 'Save Result' }).click();
  await expect(page.getByText(RESULT_SUCCESS.entered)).toBeVisible();
  await expect(first).toContainText(`${home} won`);
  // Entered, not yet confirmed: the table has not moved.
  await expect(rowOf(home!).getByRole('cell').nth(2)).toHaveText('0');

  await first.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByText(RESULT_SUCCESS.locked)).toBeVisible();
  await expect(first).toContainText('Confirmed');
  // P W L T NR Pen Pts NRR: 160 in 20 overs against 150 all out, counted as 20 overs.
  await expect(table.getByRole('row').nth(1)).toContainText(home!);
  await expect(rowOf(home!).getByRole('cell').nth(8)).toHaveText('2');
  await expect(rowOf(home!).getByRole('cell').nth(9)).toHaveText('+0.500');
  await expect(rowOf(away!).getByRole('cell').nth(4)).toHaveText('1');
  await expect(rowOf(away!).getByRole('cell').nth(9)).toHaveText('-0.500');
});
