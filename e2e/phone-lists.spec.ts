import { expect, test } from './fixtures';
import { signInByApi } from './helpers';

test.describe('lists on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('users and teams are stacked cards with their filters above and actions in a menu', async ({
    page,
  }) => {
    await signInByApi(page);
    for (const [path, label] of [
      ['/users', 'Users'],
      ['/teams', 'Teams'],
    ] as const) {
      await page.goto(path);
      const cards = page.getByRole('list', { name: label }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('group', { name: `Filter ${label}` })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `e2e/test-results/phone-${label.toLowerCase()}.png` });

      await cards
        .first()
        .getByRole('button', { name: /^Actions for / })
        .click();
      await expect(page.getByRole('menuitem', { name: /^Delete / })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    }
  });
});
