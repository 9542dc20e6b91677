import { expect, test } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn } from './helpers';

test.describe('signing in and out', () => {
  test('signs in through the form and lands on the dashboard inside the shell', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Welcome, Admin!' })).toBeVisible();
    await expect(page.getByText('Login to your account')).toBeVisible();

    // Signed in by hand: the success toast lasts 2 s (spec §9), so it is checked straight
    // after the click, not after the dashboard has loaded.
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL('/');

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Settings' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('v0.0.1');
    await expect(page.getByRole('link', { name: 'Cricket Admin' })).toHaveAttribute('href', '/');

    // The dashboard's own content comes from GET /api/dashboard.
    await expect(page.getByRole('region', { name: 'Total Users' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Matches Played (Last 6 Months)' }),
    ).toBeVisible();
  });

  test('logs out from the user menu and forgets the session', async ({ page, context }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(ADMIN_EMAIL);
    await expect(menu.getByText('admin', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();

    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === '__token')).toBeUndefined();

    await page.goto('/');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Welcome, Admin!' })).toBeVisible();
  });

  test('shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('checks each field on blur with the spec messages', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');

    await email.focus();
    await email.blur();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await page.reload();
    await email.fill('not-an-email');
    await expect(page.getByText('Please enter a valid email')).toBeHidden();
    await email.blur();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    // After an error the field is checked while typing, so fixing it clears the message.
    await email.fill(ADMIN_EMAIL);
    await expect(page.getByText('Please enter a valid email')).toBeHidden();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');

    await password.fill('123');
    await password.blur();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await password.fill('');
    await expect(page.getByText('Password is required')).toBeVisible();

    // Submitting an invalid form makes no call and stays on the page.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('sends a signed-in visitor from /login to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('sends a signed-out visitor to /login from any screen, keeping the page asked for', async ({
    page,
  }) => {
    await page.goto('/users');
    await expect(page).toHaveURL('/login?next=%2Fusers');
  });
});

test.describe('screens without content yet', () => {
  test('a placeholder page goes back one step', async ({ page }) => {
    await signIn(page);
    await page.goto('/terms-and-conditions');
    await expect(
      page.getByRole('heading', { name: 'Exciting things are on the way!' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL('/');
  });

  test('an unknown path shows not-found inside the shell', async ({ page }) => {
    await signIn(page);
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'No Such Screen',
    );
  });
});
