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
    // The demo season, latest start first: the upcoming one, the live one, the completed one
    // (other specs' tournaments, dated 2030 and later, list above them).
    const demo = ['Champions Trophy', 'Premier League', 'Winter Cup'];
    await expect(rows.filter({ hasText: demo[2] })).toHaveCount(1);
    const names = await rows.locator('td:first-child').allInnerTexts();
    const at = demo.map((name) => names.findIndex((n) => n.includes(name)));
    expect(at).not.toContain(-1);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    await expect(rows.filter({ hasText: demo[0] })).toContainText('Upcoming');
    await expect(rows.filter({ hasText: demo[2] }).getByRole('cell').last()).toHaveText('24');

    // Live: the demo's, and any other spec's whose first results are in (a status follows its
    // results); every row says Live.
    await choose(page.getByLabel('Filter by status'), 'Live');
    await expect(page).toHaveURL(/status=live/);
    await expect(rows.filter({ hasText: 'Premier League' })).toHaveCount(1);
    await expect(rows.filter({ hasNotText: 'Live' })).toHaveCount(0);

    await page.getByLabel('Search by tournament name').fill('winter');
    await expect(page).toHaveURL(/search=winter/);
    await expect(page.getByText(MATCH_MESSAGES.tournamentsEmpty)).toBeVisible();
  });
});
