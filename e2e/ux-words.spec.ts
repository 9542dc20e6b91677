import { expect as baseExpect, test } from './fixtures';
import { LIST_MESSAGES } from '@cricket/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, expectChosen, signInByApi } from './helpers';

// Issue 30: the words the screens speak. Several browsers share two cores: allow time.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('page titles and the breadcrumb', () => {
  test("every page titles its tab '<page> · Cricket Admin'", async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login · Cricket Admin');
    await signInByApi(page);
    for (const [path, title] of [
      ['/', 'Dashboard'],
      ['/users', 'Users'],
      ['/teams', 'Teams'],
      ['/activity-log', 'Activity Log'],
      ['/wa-template-categories', 'Template Categories'],
      ['/no-such-screen', 'Page not found'],
    ]) {
      await page.goto(path!);
      await expect(page).toHaveTitle(`${title} · Cricket Admin`);
    }
    // Navigating inside the app follows too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page).toHaveTitle('Users · Cricket Admin');
  });

  test('no breadcrumb segment of a WhatsApp template leads to Page not found', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/wa/templates/view/1');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByText('WA', { exact: true })).toBeVisible();
    // Home and Templates are the only links; 'WA' and 'View' are words.
    await expect(breadcrumb.getByRole('link')).toHaveCount(2);
    await breadcrumb.getByRole('link', { name: 'Templates' }).click();
    await expect(page).toHaveURL('/wa-templates');
    await expect(page.getByRole('heading', { name: 'WhatsApp Templates', level: 1 })).toBeVisible();
  });
});

test('a deep link opened while signed out opens after signing in', async ({ page }) => {
  await page.goto('/users?status=pending');
  await expect(page).toHaveURL('/login?next=%2Fusers%3Fstatus%3Dpending');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/users?status=pending');
  await expectChosen(page.getByRole('combobox', { name: 'Filter by status' }), 'Pending');

  // Only this site's own paths are followed.
  await page.context().clearCookies();
  await page.goto('/login?next=https%3A%2F%2Fexample.com%2F');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
});

test.describe('values in the address the screen cannot use', () => {
  test('an address value a list cannot use is dropped with a quiet note, not a failed load', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/users?role_id=xyz&status=verified');
    await expect(
      page.getByRole('status').filter({ hasText: LIST_MESSAGES.ignoredFilter }),
    ).toBeVisible();
    await expect(page).toHaveURL('/users?status=verified');
    await expectChosen(page.getByRole('combobox', { name: 'Filter by role' }), 'All');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Invalid input')).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'Users' }).locator('tbody tr').first(),
    ).toBeVisible();
    // A page number below one is the same kind of value.
    await page.goto('/users?page=-1');
    await expect(page).toHaveURL('/users');
    await expect(page.getByText(LIST_MESSAGES.ignoredFilter)).toBeVisible();
    // My Sessions is a list of the same kit, on the profile page.
    await page.goto('/profile?limit=7');
    await expect(page).toHaveURL('/profile');
    await expect(
      page.getByRole('status').filter({ hasText: LIST_MESSAGES.ignoredFilter }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'My sessions' })).toBeVisible();
  });

  test('a start day after the end day is an error on the date filter', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/activity-log?from=2026-02-01&to=2026-01-01');
    const from = page.getByLabel('From day');
    await expect(from).toHaveValue('2026-02-01');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(LIST_MESSAGES.invertedRange)).toBeVisible();
    await expect(page.getByText(LIST_MESSAGES.refusedFilter)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Corrected, the list loads.
    await page.getByLabel('To day').fill('2026-12-31');
    await expect(page.getByText(LIST_MESSAGES.invertedRange)).toHaveCount(0);
    await expect(page.getByText(LIST_MESSAGES.refusedFilter)).toHaveCount(0);
  });

  test('a typed record id stays as typed, with the reason it cannot be used', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/activity-log');
    const id = page.getByLabel('Filter by record id');
    await id.fill('-1');
    await expect(page.getByText('Record id must be a whole number')).toBeVisible();
    await expect(id).toHaveValue('-1');
    await expect(page).toHaveURL(/entity_id=-1/);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});

test.describe('History and the Activity Log in the screens’ words', () => {
  test('a change of owner names both owners, and the actor filter finds part of a name', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { data: owners } = await api<{
      data: { id: number; details: { first_name: string | null; last_name: string | null } }[];
    }>('GET', '/api/users/organizers?page=1&limit=2');
    expect(owners.length).toBe(2);
    const [first, second] = owners.map((o) => ({
      id: o.id,
      name: [o.details.first_name, o.details.last_name].filter(Boolean).join(' '),
    }));
    const name = `Owners XI ${Date.now() % 100000}`;
    const body = { name, location: 'Pune', team_initials: 'OXI', is_active: true };
    const { team } = await api<{ team: { id: number } }>('POST', '/api/teams', {
      ...body,
      owner_id: first!.id,
    });
    await api('PUT', `/api/teams/${team.id}`, { ...body, owner_id: second!.id });

    await signInByApi(page);
    await page.goto(`/teams/view?id=${team.id}`);
    const latest = page.getByRole('region', { name: 'History' }).getByRole('listitem').first();
    await expect(latest).toContainText('Updated by Platform Admin');
    const owner = latest.getByRole('row', { name: /^Owner/ });
    await expect(owner).toContainText(first!.name);
    await expect(owner).toContainText(second!.name);
    await expect(latest).not.toContainText('Owner id');

    // The Activity Log finds the change by part of the actor's name, and links to the team.
    await page.goto(`/activity-log?entity_type=team&entity_id=${team.id}`);
    await page.getByLabel('Filter by actor name or email').fill('platform');
    await expect(page).toHaveURL(/actor=platform/);
    const rows = page.getByRole('table', { name: 'Activity Log' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Platform Admin');
    await expect(rows.first()).toContainText('Owner');
    await rows.first().click();
    const details = page.getByRole('dialog', { name: /^Updated: Team #\d+/ });
    await details.getByRole('link', { name: 'View Team' }).click();
    await expect(page).toHaveURL(`/teams/view?id=${team.id}`);
  });
});
