import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, expectChosen } from './helpers';

// Several browsers at once on a shared machine: screens can take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Signs in through the login form and waits for the dashboard. */
async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

const PASSWORD = 'Staff#Pass123';
let seq = 0;

/**
 * A staff member of their own (the admin's password must stay as the other specs expect): a
 * role that may sign in and see the dashboard, and a user in it with a known password.
 */
async function newStaff(request: APIRequestContext) {
  const api = await adminApi(request);
  const catalogue = await api<{ permissions: Record<string, { id: number; name: string }[]> }>(
    'GET',
    '/api/permissions/grouped?page=1&limit=100',
  );
  const ids = Object.values(catalogue.permissions)
    .flat()
    .filter((p) => p.name === 'admin.access' || p.name === 'dashboard.view')
    .map((p) => p.id);
  seq += 1;
  const stamp = `${Date.now() % 1_000_000}${seq}`;
  const { role } = await api<{ role: { id: number } }>('POST', '/api/roles', {
    name: `Account staff ${stamp}`,
    permission_ids: ids,
  });
  const email = `staff${stamp}@account.test`;
  const { user } = await api<{ user: { id: number } }>('POST', '/api/users', {
    first_name: 'Staff',
    last_name: 'Member',
    email,
    phone_number: `9${stamp.padStart(9, '1').slice(-9)}`,
    role_id: role.id,
    status: 'verified',
  });
  await api('PUT', `/api/users/${user.id}/password`, {
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  return { email };
}

async function signedInContext(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

const sessionsList = (page: Page) => page.getByRole('list', { name: 'My sessions' });

test.describe('account and activity', () => {
  // Each test signs in one to three browsers and sets up its own staff member.
  test.setTimeout(150_000);
  test('edits your own name and phone on /profile and the user menu shows it', async ({
    page,
    request,
  }) => {
    const { email } = await newStaff(request);
    await signIn(page, email, PASSWORD);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Account Details' });
    await expect(card).toContainText(email);
    await expect(card).toContainText('Account Created On');

    await card.getByRole('button', { name: 'Edit account details' }).click();
    await expect(card.getByRole('button', { name: 'Close' })).toBeVisible();
    await card.getByLabel('First Name').fill('K');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please fix the validation errors before saving')).toBeVisible();
    await expect(card.getByText('First name must be at least 2 characters')).toBeVisible();

    await card.getByLabel('First Name').fill('Kavya');
    await card.getByLabel('Last Name').fill('Iyer');
    await card.getByLabel('Phone Number').fill('9123456780');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Account details saved successfully!')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Edit account details' })).toBeVisible();
    await expect(card).toContainText('Kavya Iyer');
    await expect(card).toContainText('9123456780');

    const menu = page.getByRole('button', { name: /User menu/ });
    await expect(menu).toContainText('KI');
    await menu.click();
    await expect(page.getByRole('menu')).toContainText('Kavya Iyer');
  });

  test('a password change signs out the other browser, and only the new password works', async ({
    browser,
    request,
  }) => {
    const { email } = await newStaff(request);
    const first = await signedInContext(browser, email);
    const second = await signedInContext(browser, email);

    await first.page.goto('/profile');
    const form = first.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill('Wrong#Pass999');
    await form.getByLabel(/^New Password/).fill('Fresh#Pass456');
    await form.getByLabel('Confirm New Password').fill('Fresh#Pass456');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();

    await form.getByLabel('Current Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      first.page.getByText('Password changed. Your other sessions were signed out.'),
    ).toBeVisible();
    await expect(form.getByLabel('Current Password')).toHaveValue('');
    await expect(sessionsList(first.page).getByRole('listitem')).toHaveCount(1);

    // The second browser's next request is refused, and it is sent to sign in again.
    await second.page.getByRole('button', { name: 'Refresh' }).click();
    await expect(second.page).toHaveURL(/\/login$/);
    await second.page.getByLabel('Email').fill(email);
    await second.page.getByLabel('Password').fill(PASSWORD);
    await second.page.getByRole('button', { name: 'Login' }).click();
    await expect(second.page.getByText('Invalid email or password')).toBeVisible();
    await signIn(second.page, email, 'Fresh#Pass456');

    await first.context.close();
    await second.context.close();
  });

  test('signs out another session from the sessions list', async ({ browser, request }) => {
    const { email } = await newStaff(request);
    const first = await signedInContext(browser, email);
    const second = await signedInContext(browser, email);

    await first.page.goto('/profile');
    const items = sessionsList(first.page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    const mine = items.filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await items
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(first.page.getByText('Session signed out')).toBeVisible();
    await expect(items).toHaveCount(1);

    await second.page.reload();
    await expect(second.page).toHaveURL(/\/login$/);
    await first.context.close();
    await second.context.close();
  });

  test('pages through many sessions, and signing out all the others steps back to page 1', async ({
    browser,
    playwright,
    request,
    baseURL,
  }) => {
    const { email } = await newStaff(request);
    // Eleven sign-ins elsewhere, each in its own cookie jar so each is its own session.
    for (let i = 0; i < 11; i++) {
      const elsewhere = await playwright.request.newContext({
        baseURL,
      });
      // The longest device name the API takes, unbroken, on the newest of them.
      const device = { name: i === 10 ? 'D'.repeat(120) : `Device ${i}`, type: 'mobile' };
      const res = await elsewhere.post('/api/user/login', {
        data: { email, password: PASSWORD, device_info: device },
      });
      expect(res.ok(), await res.text()).toBe(true);
      await elsewhere.dispose();
    }
    const { context, page } = await signedInContext(browser, email);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'My Sessions' });
    const pager = card.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Showing 1-10 of 12 items')).toBeVisible();
    // On a phone the long name is cut short inside its row; the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByText('D'.repeat(120))).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(10);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(pager.getByText('Showing 11-12 of 12 items')).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(2);

    await card.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByText('Other sessions signed out')).toBeVisible();
    await expect(pager.getByText('Showing 1-1 of 1 items')).toBeVisible();
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);
    await expect(sessionsList(page).getByRole('listitem')).toContainText('This device');
    await expect(card.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
    await context.close();
  });

  test('a team edit shows with before and after in the Activity Log and the team History', async ({
    page,
  }) => {
    const before = `Audit Before ${Date.now() % 100000}`;
    const after = before.replace('Before', 'After');
    await signIn(page);
    await page.goto('/teams');
    // Rename the newest team through its Edit panel.
    const table = page.getByRole('table', { name: 'Teams' });
    const firstEdit = table.getByRole('button', { name: /^Edit / }).first();
    await firstEdit.click();
    let panel = page.getByRole('dialog', { name: 'Edit Team' });
    await panel.getByLabel('Team Name').fill(before);
    await panel.getByRole('button', { name: 'Update Team' }).click();
    await expect(page.getByText('Team updated successfully!').first()).toBeVisible();
    await expect(panel).toBeHidden();
    await table.getByRole('button', { name: `Edit ${before}` }).click();
    panel = page.getByRole('dialog', { name: 'Edit Team' });
    await panel.getByLabel('Team Name').fill(after);
    await panel.getByRole('button', { name: 'Update Team' }).click();
    await expect(panel).toBeHidden();

    await page.goto('/activity-log?entity_type=team&action=update');
    const log = page.getByRole('table', { name: 'Activity Log' });
    // Named as the team is called now, beside the id the filter takes.
    const row = log
      .getByRole('row', { name: new RegExp(`^Open Updated Team #\\d+ · ${after}`) })
      .first();
    await expect(row).toContainText(ADMIN_EMAIL);
    await expect(row).toContainText('Team name');
    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expectChosen(page.getByRole('combobox', { name: 'Filter by record type' }), 'Team');
    await row.click();
    const details = page.getByRole('dialog', { name: /^Updated: Team #\d+/ });
    const nameRow = details.getByRole('row', { name: /^Team name/ });
    await expect(nameRow).toContainText(before);
    await expect(nameRow).toContainText(after);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await page.goto('/teams');
    await page.getByRole('row', { name: `Open ${after}` }).click();
    await expect(page).toHaveURL(/\/teams\/view\?id=\d+$/);
    const history = page.getByRole('region', { name: 'History' });
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText('Updated');
    await expect(latest.getByRole('row', { name: /^Team name/ })).toContainText(before);
    await expect(latest.getByRole('row', { name: /^Team name/ })).toContainText(after);
  });
});
