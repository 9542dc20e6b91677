import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('the shell on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('menu groups expand, and only while the sidebar is not collapsed', async ({ page }) => {
    await signIn(page);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    const wa = sidebar.getByRole('button', { name: 'WA' });

    await expect(wa).toHaveAttribute('aria-expanded', 'false');
    await wa.click();
    await expect(wa).toHaveAttribute('aria-expanded', 'true');
    await sidebar.getByRole('link', { name: 'Template Categories' }).click();
    await expect(page).toHaveURL('/wa-template-categories');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByText('Wa Template Categories')).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(wa).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Template Categories' })).toBeHidden();
    // Icons only: each says its name beside it on hover.
    await sidebar.getByRole('link', { name: 'Teams' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Teams' })).toBeVisible();

    // In the collapsed sidebar a group icon opens the sidebar and the group together.
    await wa.click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    await expect(wa).toHaveAttribute('aria-expanded', 'true');
  });

  test('the user menu works from the keyboard and gives focus back on Escape', async ({ page }) => {
    await signIn(page);
    const button = page.getByRole('button', { name: 'User menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('admin@cricket.test');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // Opened again it is the same menu, and its items are reached with the arrow keys.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });

  test('the profile screen toggles editing, and Close leaves without saving', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'Account Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('admin@cricket.test')).toBeVisible();

    await page.getByRole('button', { name: 'Edit account details' }).click();
    await page.getByLabel('First Name').fill('Changed');
    // Close drops the edit: nothing is sent and the saved name is shown again.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Edit account details' })).toBeVisible();
    await expect(page.getByText('Account details saved successfully!')).toBeHidden();
    await page.getByRole('button', { name: 'Edit account details' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('Platform');
  });
});

test.describe('the shell on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar is a drawer that closes on Escape and after following a link', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('button', { name: 'Settings' }).click();
    await drawer.getByRole('link', { name: 'Role & Permissions' }).click();
    await expect(page).toHaveURL('/roles');
    await expect(drawer).toBeHidden();
  });

  test('the breadcrumb keeps only the last segment, after an ellipsis on deep paths', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/wa/templates/view/12');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByText('12')).toBeVisible();
    await expect(breadcrumb.getByText('…')).toBeVisible();
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toBeHidden();
    await expect(breadcrumb.getByRole('link', { name: 'Templates' })).toBeHidden();

    await page.goto('/users/view');
    await expect(breadcrumb.getByText('View')).toBeVisible();
    await expect(breadcrumb.getByText('…')).toBeHidden();
  });

  test('the dashboard fits the screen without sideways page scrolling', async ({ page }) => {
    await signIn(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
