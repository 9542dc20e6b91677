import { expect, test, type Page } from './fixtures';
import {
  fieldLimitReached,
  FIRST_READS,
  NEW_PASSWORD_MESSAGES,
  PROFILE_READ,
} from '@cricket/contracts';
import { signIn, signInByApi, choose, discardChanges, expectChosen } from './helpers';

/** A 1×1 PNG: a real image for the profile picture upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
// Column `index` of the list, counted after the row's selection checkbox (bulk actions).
const column = (page: Page, index: number) => bodyRows(page).locator(`td:nth-child(${index + 1})`);
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

/** Waits until every cell of a column passes, once the new rows have loaded. */
async function expectEvery(page: Page, index: number, check: (text: string) => boolean) {
  await expect
    .poll(async () => {
      if ((await table(page).getAttribute('aria-busy')) === 'true') return false;
      const cells = await column(page, index).allTextContents();
      return cells.length > 0 && cells.every(check);
    })
    .toBe(true);
}

async function openUsers(page: Page) {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  // The first load shows ten skeleton rows too: wait for the real ones.
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(bodyRows(page)).toHaveCount(10);
}

/** Goes to page 2 so a filter change can be seen to reset to page 1. */
async function toPageTwo(page: Page) {
  await pager(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pager(page).getByText(/^Page 2 of/)).toBeVisible();
}

async function expectBackOnPageOne(page: Page) {
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(pager(page).getByText(/^Page 1 of/)).toBeVisible();
}

test.describe('users list', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a signed-in load paints the first page from the reads in the HTML, then pages from the API', async ({
    page,
  }) => {
    await signInByApi(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await openUsers(page);
    await expect(pager(page).getByText(/^Showing 1-10 of \d+ items$/)).toBeVisible();
    await expect(page.getByLabel('Filter by role')).toContainText('Admin');
    for (const read of [PROFILE_READ, ...FIRST_READS['/users']!]) {
      expect(asked, `${read} came with the page`).not.toContain(read);
    }

    await toPageTwo(page);
    await expect(bodyRows(page)).toHaveCount(10);
    expect(asked.some((url) => url.startsWith('/api/users?page=2'))).toBe(true);
    // Back on page 1 later, the screen asks the server: the page's copy was used once.
    await pager(page).getByRole('button', { name: 'Page 1' }).click();
    await expectBackOnPageOne(page);
  });

  test('filters by name, phone, role and status; each narrows the rows, resets to page 1 and survives a reload', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await openUsers(page);
    const everyone = await pager(page)
      .getByText(/^Showing 1-10 of \d+ items$/)
      .textContent();

    await toPageTwo(page);
    await page.getByLabel('Search by name').fill('sharma');
    await expect(page).toHaveURL(/[?&]name=sharma/);
    await expectBackOnPageOne(page);
    await expect(pager(page).getByText(/^Showing/)).not.toHaveText(everyone!);
    await expectEvery(page, 1, (name) => name.toLowerCase().includes('sharma'));
    await page.reload();
    await expect(page.getByLabel('Search by name')).toHaveValue('sharma');
    await expectEvery(page, 1, (name) => name.toLowerCase().includes('sharma'));
    await page.getByLabel('Search by name').fill('');
    await expect(page).not.toHaveURL(/name=/);

    const phone = (await column(page, 2).first().textContent())!;
    await toPageTwo(page);
    await page.getByLabel('Search by phone number').fill(phone.slice(2, 8));
    await expect(page).toHaveURL(new RegExp(`phone_number=${phone.slice(2, 8)}`));
    await expectBackOnPageOne(page);
    await expectEvery(page, 2, (value) => value.includes(phone.slice(2, 8)));
    await expect(column(page, 2)).toContainText([phone]);
    await page.getByLabel('Search by phone number').fill('');
    await expect(page).not.toHaveURL(/phone_number=/);

    await toPageTwo(page);
    await choose(page.getByLabel('Filter by role'), 'Umpire');
    await expect(page).toHaveURL(/[?&]role_id=\d+/);
    await expectBackOnPageOne(page);
    await expectEvery(page, 3, (role) => role === 'Umpire');

    await toPageTwo(page);
    await choose(page.getByLabel('Filter by status'), 'Pending');
    await expect(page).toHaveURL(/[?&]status=pending/);
    await expectBackOnPageOne(page);
    await expectEvery(page, 4, (status) => status === 'Pending');
    await expectEvery(page, 3, (role) => role === 'Umpire');

    const narrowed = await pager(page)
      .getByText(/^Showing/)
      .textContent();
    await page.reload();
    await expectChosen(page.getByLabel('Filter by role'), 'Umpire');
    await expectChosen(page.getByLabel('Filter by status'), 'Pending');
    await expect(pager(page).getByText(/^Showing/)).toHaveText(narrowed!);

    await page.getByLabel('Search by name').fill('no such person anywhere');
    await expect(table(page).getByText('No users found')).toBeVisible();
    await expect(pager(page).getByText('No items to display')).toBeVisible();
  });

  test('sorts by Full Name from its header, and the sort survives a reload', async ({ page }) => {
    await signIn(page);
    await openUsers(page);
    const header = table(page).getByRole('columnheader', { name: 'Full Name' });
    const names = async () =>
      (await column(page, 1).allTextContents()).map((name) => name.trim().toLowerCase());
    // The embedded database compares names as code points, as JavaScript does.
    const inOrder = (list: string[], way: 1 | -1) =>
      list.every(
        (name, k) => k === 0 || name === list[k - 1] || name > list[k - 1]! === (way === 1),
      );

    await header.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => expect(inOrder(await names(), -1)).toBe(true)).toPass();

    await page.reload();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(async () => expect(inOrder(await names(), -1)).toBe(true)).toPass();
    // The next page carries on from the last name of this one.
    const last = (await names()).at(-1)!;
    await pager(page).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(async () => {
      const next = await names();
      expect(next.length).toBeGreaterThan(0);
      expect(inOrder([last, ...next], -1)).toBe(true);
    }).toPass();
  });

  test('pages through with the pagination bar', async ({ page }) => {
    await signIn(page);
    await openUsers(page);
    const firstOnPageOne = await column(page, 1).first().textContent();
    await expect(pager(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await pager(page).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager(page).getByText(/^Showing 11-20 of \d+ items$/)).toBeVisible();

    await pager(page).getByRole('button', { name: 'Last page' }).click();
    await expect(pager(page).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const [, pageNo, pages] = /Page (\d+) of (\d+)/.exec(
      (await pager(page)
        .getByText(/^Page \d+ of/)
        .textContent())!,
    )!;
    expect(pageNo).toBe(pages);

    await pager(page).getByRole('button', { name: 'First page' }).click();
    await expect(column(page, 1).first()).toHaveText(firstOnPageOne!);

    await choose(pager(page).getByLabel('Rows per page'), '20');
    await expect(page).toHaveURL(/[?&]limit=20/);
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(pager(page).getByText(/^Showing 1-20 of \d+ items$/)).toBeVisible();
  });
});

test.describe('a user from creation to deletion', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('create with a picture, view, edit (cancel restores), set a password that signs in, delete', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString().slice(-6);
    const email = `kavya.iyengar.${stamp}@example.in`;
    const phone = `98${stamp}10`.slice(0, 10);

    await signIn(page);
    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const panel = page.getByRole('dialog', { name: 'Create New User' });
    await expect(panel).toBeVisible();
    await panel
      .getByLabel('Profile Picture')
      .setInputFiles({ name: 'kavya.png', mimeType: 'image/png', buffer: PNG });
    await expect(panel.getByRole('img', { name: 'Chosen profile' })).toBeVisible();
    await expect(panel.getByText('PNG, JPG up to 2MB')).toBeVisible();
    await panel.getByLabel('First Name').fill('Kavya');
    await panel.getByLabel('Last Name').fill('Iyengar');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Phone Number').fill(`+91${phone}`);
    await expect(panel.getByLabel('Phone Number')).toHaveValue(phone);
    await panel.getByLabel('Date of Birth').fill('1994-03-07');
    await choose(panel.getByLabel('Gender'), 'Female');
    await choose(panel.getByLabel('Role'), 'Support staff');
    await expectChosen(panel.getByLabel('Status'), 'Pending');
    await choose(panel.getByLabel('Status'), 'Verified');
    await panel.getByLabel('Address').fill('14, Anna Salai');
    await panel.getByLabel('City').fill('Chennai');
    await panel.getByLabel('State').fill('Tamil Nadu');
    await panel.getByLabel('Country').fill('India');
    await panel.getByLabel('Pincode').fill('600002');
    await panel.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(panel).toBeHidden();

    // Newest first: the new user heads the list.
    await expect(column(page, 1).first()).toHaveText('Kavya Iyengar');
    await expect(column(page, 2).first()).toHaveText(phone);
    await expect(column(page, 4).first()).toHaveText('Verified');
    await page.getByRole('row', { name: 'Open Kavya Iyengar' }).click();
    await expect(page).toHaveURL(/\/users\/view\?id=\d+/);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Kavya Iyengar' })).toBeVisible();
    await expect(main.getByRole('img', { name: 'Kavya Iyengar' })).toHaveAttribute(
      'src',
      /^\/uploads\/profile_pictures\/.+\.png$/,
    );
    const picture = await main.getByRole('img', { name: 'Kavya Iyengar' }).getAttribute('src');
    expect((await page.request.get(picture!)).status()).toBe(200);
    // The History section below repeats these values, so look in the details card.
    const details = page.getByRole('region', { name: 'User Details' });
    await expect(details.getByText(email)).toBeVisible();
    await expect(details.getByText(phone)).toBeVisible();
    await expect(details.getByText('Mar 7 1994')).toBeVisible();
    await expect(details.getByText('Female')).toBeVisible();
    await expect(details.getByText('14, Anna Salai')).toBeVisible();
    await expect(details.getByText('Tamil Nadu')).toBeVisible();
    await expect(details.getByText('600002')).toBeVisible();
    await expect(
      details.getByText(/^[A-Z][a-z]{2} \d{1,2} \d{4}, \d{1,2}:\d{2} (AM|PM)$/),
    ).toBeVisible();
    await expect(details.getByText('Account Created On')).toBeVisible();

    // Edit, then cancel: the next opening shows the saved values again.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('First Name')).toHaveValue('Kavya');
    await edit.getByLabel('First Name').fill('Changed');
    await edit.getByLabel('City').fill('Madurai');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(edit.getByLabel('First Name')).toHaveValue('Kavya');
    await expect(edit.getByLabel('City')).toHaveValue('Chennai');
    await expect(edit.getByLabel('Date of Birth')).toHaveValue('1994-03-07');
    await expect(edit.getByRole('img', { name: 'Chosen profile' })).toHaveAttribute(
      'src',
      picture!,
    );

    await edit.getByLabel('City').fill('Coimbatore');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(details.getByText('Coimbatore')).toBeVisible();
    const latest = page.getByRole('region', { name: 'History' }).getByRole('listitem').first();
    await expect(latest.getByRole('row', { name: /^City/ })).toContainText('Chennai');
    await expect(latest.getByRole('row', { name: /^City/ })).toContainText('Coimbatore');
    await page.reload();
    await expect(details.getByText('Coimbatore')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Kavya Iyengar' })).toBeVisible();

    // Set a password: the rule of every new password (8 characters, typed twice), then one she
    // signs in with.
    await page.getByRole('button', { name: 'Set Password' }).click();
    const password = page.getByRole('dialog', { name: 'Set Password' });
    await password.getByLabel(/^New Password/).fill('Kavya@1');
    await password.getByLabel('Confirm New Password').fill('Kavya@2');
    await password.getByRole('button', { name: 'Set Password' }).click();
    await expect(password.getByText(NEW_PASSWORD_MESSAGES.tooShort)).toBeVisible();
    await expect(password.getByText(NEW_PASSWORD_MESSAGES.confirmMismatch)).toBeVisible();
    await expect(
      page.getByText('Please fix the validation errors before submitting'),
    ).toBeVisible();
    await password.getByLabel(/^New Password/).fill('Kavya@2024');
    await password.getByLabel('Confirm New Password').fill('Kavya@2024');
    await expect(password.getByText(NEW_PASSWORD_MESSAGES.tooShort)).toBeHidden();
    await password.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await expect(password).toBeHidden();
    const profileUrl = page.url();

    // Support staff may view and edit users but not create or delete them.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, email, 'Kavya@2024');
    await openUsers(page);
    await expect(page.getByRole('button', { name: 'Add User' })).toBeHidden();
    await expect(table(page).getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(table(page).getByRole('button', { name: /^View / })).toHaveCount(10);
    await page.goto(profileUrl);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signIn(page);

    // Delete: Cancel keeps her, Confirm removes her.
    await page.goto(`/users?name=${encodeURIComponent('kavya iyengar')}`);
    await expect(bodyRows(page).first()).toContainText('Kavya Iyengar');
    const before = await bodyRows(page).count();
    await page.getByRole('button', { name: 'Delete Kavya Iyengar' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete User' });
    await expect(
      dialog.getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(bodyRows(page)).toHaveCount(before);
    await page.getByRole('button', { name: 'Delete Kavya Iyengar' }).first().click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goto(`/users?phone_number=${phone}`);
    await expect(table(page).getByText('No users found')).toBeVisible();
    await page.goto(profileUrl);
    await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  });
});

test.describe('the create panel validates like the spec', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('every §5 message appears for its bad input and clears when the field is edited', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const panel = page.getByRole('dialog', { name: 'Create New User' });
    const submit = () => panel.getByRole('button', { name: 'Create User' }).click();

    await submit();
    await expect(
      page.getByText('Please fix the validation errors before submitting'),
    ).toBeVisible();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Please select a role',
    ]) {
      await expect(panel.getByText(message)).toBeVisible();
    }
    await choose(panel.getByLabel('Role'), 'Player');
    await expect(panel.getByText('Please select a role')).toBeHidden();

    const today = new Date();
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const tenYearsAgo = new Date(today.getFullYear() - 10, today.getMonth(), 1);
    const cases: [field: string, bad: string, message: string, good: string][] = [
      ['First Name', '   ', 'First name is required', 'Kavya'],
      ['First Name', 'K4vya', 'First name should contain only letters', 'Kavya'],
      ['First Name', 'K', 'First name must be at least 2 characters', 'Kavya'],
      ['Last Name', '   ', 'Last name is required', 'Iyengar'],
      ['Last Name', 'Iyer!', 'Last name should contain only letters', 'Iyengar'],
      ['Last Name', 'I', 'Last name must be at least 2 characters', 'Iyengar'],
      ['Email', 'kavya@', 'Please enter a valid email address', 'kavya.validation@example.in'],
      ['Phone Number', '12345', 'Please enter a valid mobile number', '9876501234'],
      ['Date of Birth', '1800-01-01', 'Please enter a valid date', '1994-03-07'],
      [
        'Date of Birth',
        `${today.getFullYear() + 1}-01-01`,
        'Date of birth cannot be in the future',
        '1994-03-07',
      ],
      ['Date of Birth', iso(tenYearsAgo), 'User must be at least 13 years old', '1994-03-07'],
      ['Pincode', '6000', 'Please enter a valid pincode (6 digits)', '600002'],
    ];
    for (const [field, bad, message, good] of cases) {
      await panel.getByLabel(field).fill(bad);
      await submit();
      await expect(panel.getByText(message), `${field}: ${bad}`).toBeVisible();
      await expect(
        page.getByText('Please fix the validation errors before submitting').first(),
      ).toBeVisible();
      await panel.getByLabel(field).fill(good);
      await expect(panel.getByText(message), `${field} cleared`).toBeHidden();
    }

    // Names stop at 50 characters, and say so.
    await panel.getByLabel('First Name').fill('K'.repeat(51));
    await expect(panel.getByLabel('First Name')).toHaveValue('K'.repeat(50));
    await expect(panel.getByText(fieldLimitReached(50))).toBeVisible();
    await panel.getByLabel('First Name').fill('Kavya');
    await expect(panel.getByText(fieldLimitReached(50))).toBeHidden();

    // Digits only, at most 10 (phone) and 6 (pincode); a pasted +91 is dropped.
    await panel.getByLabel('Phone Number').fill('98a76-54321099');
    await expect(panel.getByLabel('Phone Number')).toHaveValue('9876543210');
    await panel.getByLabel('Phone Number').fill('+91 98765 01234');
    await expect(panel.getByLabel('Phone Number')).toHaveValue('9876501234');
    await panel.getByLabel('Pincode').fill('60a0002999');
    await expect(panel.getByLabel('Pincode')).toHaveValue('600002');
    await expect(panel.getByLabel('Date of Birth')).toHaveAttribute('max', iso(today));

    // The picture is checked before anything is uploaded.
    const picture = panel.getByLabel('Profile Picture');
    await picture.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(panel.getByText('Please select a valid image file')).toBeVisible();
    await picture.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(2_097_153)]),
    });
    await expect(panel.getByText('Image size should be less than 2MB')).toBeVisible();
    await expect(panel.getByText('Please select a valid image file')).toBeHidden();
    await picture.setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG });
    await expect(panel.getByText('Image size should be less than 2MB')).toBeHidden();

    // The server's own checks land on the field too: the admin's email is taken.
    await panel.getByLabel('Email').fill('admin@cricket.test');
    await submit();
    await expect(panel.getByText('Email is already in use')).toBeVisible();
    // Under the field and in the toast.
    await expect(page.getByText('Email is already in use')).toHaveCount(2);
    await panel.getByLabel('Email').fill('kavya.validation@example.in');
    await expect(panel.getByText('Email is already in use')).toBeHidden();

    // Cancel closes, once the changes are given up, and the next opening is an empty form again.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(panel.getByLabel('First Name')).toHaveValue('');
    await expectChosen(panel.getByLabel('Status'), 'Pending');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
});
