import { expect, test, type Page } from './fixtures';
import { choose, expectChosen, signIn } from './helpers';

const dashboardRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/dashboard') seen.push(r.url());
  });
  return seen;
};

test.describe('dashboard on the demo season', () => {
  test('shows the four cards, both charts as SVG and the three lists', async ({ page }) => {
    await signIn(page);
    for (const card of ['Total Users', 'Total Matches', 'Total Tournaments', 'Community Posts']) {
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^\d+ active$/)).toBeVisible();

    const bar = page.getByRole('region', { name: 'Matches Played (Last 6 Months)' });
    const pie = page.getByRole('region', { name: 'Player Roles Distribution' });
    await expect(bar.locator('.recharts-wrapper > svg')).toBeVisible();
    await expect(pie.locator('.recharts-wrapper > svg')).toBeVisible();
    await expect(pie.locator('.recharts-pie-sector').first()).toBeAttached();
    await expect(bar.locator('.recharts-bar-rectangle').first()).toBeAttached();
    // Each chart's text alternative: six months, and the squad roles.
    await expect(bar.getByRole('table').getByRole('row')).toHaveCount(7);
    await expect(pie.getByRole('table').getByRole('rowheader', { name: 'Batsman' })).toBeAttached();

    const matches = page.getByRole('region', { name: 'Recent Matches' });
    await expect(matches.getByRole('listitem')).toHaveCount(5);
    await expect(matches.getByText('Live', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Recent Users' }).getByRole('listitem'),
    ).toHaveCount(5);
    const top = page.getByRole('region', { name: 'Top Player Performance' });
    await expect(top.getByRole('row')).toHaveCount(6);
    await expect(top.getByText(/^(Excellent|Good)$/).first()).toBeVisible();
  });

  test('Refresh asks again; a failing API shows the error and Retry recovers', async ({ page }) => {
    await signIn(page);
    const seen = dashboardRequests(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(1);

    // A reload of / would come with the dashboard's answer in the page (decision 083): load
    // another screen afresh, so the dashboard has nothing cached, and go there from the menu.
    await page.goto('/profile');
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Server down' } }),
    );
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Error Loading Dashboard' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Failed to load dashboard data. Please try again.')).toBeVisible();
    await page.unroute('**/api/dashboard');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Total Matches', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Error Loading Dashboard' })).toBeHidden();
  });

  test('View All opens /matches, whose filters narrow the list and survive a reload', async ({
    page,
  }) => {
    await signIn(page);
    await page
      .getByRole('region', { name: 'Recent Matches' })
      .getByRole('link', { name: /view all/i })
      .click();
    await expect(page).toHaveURL('/matches');
    await expect(page.getByRole('heading', { name: 'Matches', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Matches' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const pager = page.getByText(/Showing 1-10 of \d+/);
    const total = Number((await pager.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(50);

    await choose(page.getByRole('combobox', { name: 'Filter by status' }), 'Completed');
    await page.getByRole('searchbox', { name: 'Search by team name' }).fill('mumbai');
    await expect(page).toHaveURL(/status=completed/);
    await expect(page).toHaveURL(/search=mumbai/);
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toContainText('Mumbai Mavericks');
    const narrowed = async () => {
      const count = await rows.count();
      const texts = await rows.allTextContents();
      return {
        count,
        ok:
          texts.length > 0 &&
          texts.every((t) => t.includes('Mumbai Mavericks') && t.includes('won')),
      };
    };
    await expect.poll(async () => (await narrowed()).ok).toBe(true);
    const before = await narrowed();
    expect(before.count).toBeGreaterThan(0);
    await expect(page.getByText(/Showing 1-\d+ of \d+ items/)).not.toHaveText(
      `Showing 1-10 of ${total} items`,
    );

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search by team name' })).toHaveValue(
      'mumbai',
    );
    await expectChosen(page.getByRole('combobox', { name: 'Filter by status' }), 'Completed');
    await expect.poll(async () => (await narrowed()).ok).toBe(true);
    await expect(page.getByText(`of ${total} items`)).toHaveCount(0);
  });
});
