import { SEARCH_MESSAGES } from '@cricket/contracts';
import { expect, test } from './fixtures';
import { adminApi, signInByApi } from './helpers';

interface TeamRow {
  id: number;
  name: string;
}

test.describe('the top bar search', () => {
  test('Ctrl+K finds a team as you type and Enter opens it', async ({ page }) => {
    const api = await adminApi(page.request);
    const teams = await api<{ data: TeamRow[] }>('GET', '/api/teams?limit=1');
    const team = teams.data[0]!;
    await signInByApi(page);
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: SEARCH_MESSAGES.label });
    await expect(box).toBeFocused();
    await box.pressSequentially(team.name.slice(0, 6));
    const results = page.getByRole('listbox', { name: SEARCH_MESSAGES.label });
    const option = results
      .getByRole('group', { name: 'Teams' })
      .getByRole('option', { name: team.name });
    await expect(option).toBeVisible();
    // The arrows move the highlight through every result, and it wraps.
    const options = results.getByRole('option');
    const count = await options.count();
    const target = await options.evaluateAll(
      (els, name) => els.findIndex((el) => el.textContent?.startsWith(name)),
      team.name,
    );
    for (let i = 0; i < target; i += 1) await box.press('ArrowDown');
    await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
    expect(count).toBeGreaterThan(0);
    await box.press('Enter');
    await expect(page).toHaveURL(`/teams/view?id=${team.id}`);
    await expect(page.getByRole('heading', { name: team.name, level: 1 })).toBeVisible();
  });

  test('/ focuses it, a short or unknown text says so, Escape gives focus back', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/teams');
    const add = page.getByRole('button', { name: 'Add Team' });
    await add.focus();
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: SEARCH_MESSAGES.label });
    await expect(box).toBeFocused();
    await box.fill('q');
    const results = page.getByRole('listbox', { name: SEARCH_MESSAGES.label });
    await expect(results).toContainText(SEARCH_MESSAGES.tooShort);
    await box.fill('qqqzzzxxx');
    await expect(results).toContainText(SEARCH_MESSAGES.nothingFound('qqqzzzxxx'));
    await box.press('Escape');
    await expect(results).toBeHidden();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(add).toBeFocused();
  });

  test('on a phone the results fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: SEARCH_MESSAGES.label });
    await box.fill('ad');
    const results = page.getByRole('listbox', { name: SEARCH_MESSAGES.label });
    await expect(results.getByRole('option').first()).toBeVisible();
    const box1 = await results.boundingBox();
    expect(box1!.x).toBeGreaterThanOrEqual(0);
    expect(box1!.x + box1!.width).toBeLessThanOrEqual(390);
  });
});
