import { expect, test } from './fixtures';
import { MATCH_MESSAGES } from '@cricket/contracts';
import { choose, signIn } from './helpers';

test.describe('tournaments on the demo season', () => {
  test('the sidebar opens the list, latest start first, with filters and an empty state', async ({
    page,
  }) => {
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Tournaments' })
      .click();
    await expect(page).toHaveURL(/\/tournaments$/);
    await expect(page.getByRole('heading', { name: 'Tournaments', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Tournaments'),
    ).toHaveAttribute('aria-current', 'page');

    const table = page.getByRole('table', { name: 'Tournaments' });
    for (const header of ['Name', 'Status', 'Start date', 'End date', 'Matches']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const rows = table.locator('tbody tr');
    // The demo season: the upcoming one starts last, the completed one first (tournaments.spec.ts
    // adds a league of 2020, which sorts after them).
    await expect(rows.nth(2)).toBeVisible();
    await expect(rows.nth(0)).toContainText('Champions Trophy');
    await expect(rows.nth(0)).toContainText('Upcoming');
    await expect(rows.nth(1)).toContainText('Premier League');
    await expect(rows.nth(2)).toContainText('Winter Cup');
    await expect(rows.nth(2).getByRole('cell').last()).toHaveText('24');

    await choose(page.getByLabel('Filter by status'), 'Live');
    await expect(page).toHaveURL(/status=live/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Premier League');

    await page.getByLabel('Search by tournament name').fill('cup');
    await expect(page).toHaveURL(/search=cup/);
    await expect(page.getByText(MATCH_MESSAGES.tournamentsEmpty)).toBeVisible();
  });
});
