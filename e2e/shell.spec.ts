import { expect, test } from './fixtures';
import { discardChanges, signIn } from './helpers';

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
    await expect(breadcrumb.getByText('WA Template Categories')).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(wa).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Template Categories' })).toBeHidden();
    // Icons only: each says its name beside it on hover.
    await sidebar.getByRole('link', { name: 'Teams' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Teams' })).toBeVisible();

    // In the collapsed sidebar a group icon opens the sidebar and the group together, and
    // keeps the keyboard's focus.
    await wa.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    await expect(wa).toHaveAttribute('aria-expanded', 'true');
    await expect(wa).toBeFocused();
  });

  test('the user menu works from the keyboard and gives focus back on Escape', async ({ page }) => {
    await signIn(page);
    const button = page.getByRole('button', { name: 'User menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('admin@cricket.test');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // Opened again it is the same menu, on its first item, and the arrow keys move on.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });

  test('the theme follows the system, is switched from the user menu and remembered', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const pageColour = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const dark = await pageColour();

    await page.getByRole('button', { name: /User menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
    await menu.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    // The menu stays open on the choice; the page behind has changed colour.
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toBeChecked();
    expect(await pageColour()).not.toBe(dark);
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // A choice made outlasts the system's: dark stays.
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('the user menu stays shut when the person clicks elsewhere while it loads, and says when it cannot load', async ({
    page,
  }) => {
    let held: (() => void) | undefined;
    await page.route(/user-menu-dropdown-[\w-]+\.js$/, async (route) => {
      await new Promise<void>((resolve) => (held = resolve));
      await route.continue();
    });
    await signIn(page);
    const button = page.getByRole('button', { name: 'User menu' });
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
    held?.();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('menu')).toBeHidden();
    await button.click();
    await expect(page.getByRole('menu')).toBeVisible();

    const other = await page.context().newPage();
    await other.route(/user-menu-dropdown-[\w-]+\.js$/, (route) => route.abort());
    await other.goto('/');
    await other.getByRole('button', { name: 'User menu' }).click();
    await expect(
      other.getByText('The menu could not be loaded. Check your connection and try again.'),
    ).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await other.close();
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
    // Close drops the edit once Discard is answered: nothing is sent and the saved name is
    // shown again.
    await page.getByRole('button', { name: 'Close' }).click();
    await discardChanges(page);
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

    // Widened to the desktop layout, the drawer gives way to the sidebar.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(drawer).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('button', { name: 'Settings' }).click();
    await drawer.getByRole('link', { name: 'Role & Permissions' }).click();
    await expect(page).toHaveURL('/roles');
    await expect(drawer).toBeHidden();
  });

  test('the pager keeps to one line', async ({ page }) => {
    await signIn(page);
    await page.goto('/users?limit=5&page=3');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const first = await pager.getByRole('button', { name: 'First page' }).boundingBox();
    const last = await pager.getByRole('button', { name: 'Last page' }).boundingBox();
    expect(last!.y).toBe(first!.y);
    expect(last!.x + last!.width).toBeLessThanOrEqual(375);
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
