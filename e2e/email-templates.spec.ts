import { expect, test, type Request } from './fixtures';
import { ADMIN_EMAIL, choose, signIn } from './helpers';
import { smtpCatcher } from './smtp-catcher';

test.describe('email templates', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('create a template, find it again after a reload, send a test, edit and delete it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const name = `E2E Template ${Date.now()}`;
    await signIn(page);
    await page.goto('/email-templates');
    await expect(page.getByRole('heading', { name: 'Email Templates', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add Template' }).click();
    const panel = page.getByRole('dialog', { name: 'Create Email Template' });
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(panel.getByText('Template name is required')).toBeVisible();
    await expect(panel.getByText('Content is required')).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Please fix the validation errors before submitting' }),
    ).toBeVisible();

    await panel.getByLabel('Template Name').fill(name);
    await panel.getByLabel('Subject').fill('Hello {{first_name}}');
    await choose(panel.getByLabel('Template Type'), 'Reminder');
    await panel.getByLabel('Description').fill('Made by the e2e test');
    // An unknown placeholder is refused with the field's message, as the API would.
    await panel.getByLabel('Content').fill('<p>Hi {{team}}</p>');
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(panel.getByText(/Unknown variable \{\{team\}\}/)).toBeVisible();
    await panel.getByLabel('Content').fill('<h1>Hi {{first_name}}</h1><p>Mail to {{email}}</p>');
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(panel).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Template created successfully!' }),
    ).toBeVisible();

    // Kept on the server: a reload filtered by its name still lists it, as a draft.
    await page.goto(`/email-templates?name=${encodeURIComponent(name)}`);
    const row = page.getByRole('row', { name: `Open ${name}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Draft');
    await expect(
      page.getByRole('table', { name: 'Email templates' }).locator('tbody tr'),
    ).toHaveCount(1);

    // View: the preview is filled with sample values; the test email reaches the SMTP server.
    await row.click();
    await expect(page).toHaveURL(/\/email-templates\/\d+\?name=/);
    const view = page.getByRole('dialog', { name: 'View Email Template' });
    const preview = page.frameLocator(`iframe[title="Preview of ${name}"]`);
    await expect(preview.getByRole('heading', { name: 'Hi Asha' })).toBeVisible();
    const mail = smtpCatcher();
    const before = (await mail.messages()).length;
    await view.getByRole('button', { name: 'Send test email' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Test email sent to ${ADMIN_EMAIL}` }),
    ).toBeVisible();
    await expect.poll(async () => (await mail.messages()).length).toBe(before + 1);
    const sent = (await mail.messages()).at(-1)!;
    expect(sent.to).toEqual([ADMIN_EMAIL]);
    expect(sent.html).toContain('Mail to admin@cricket.test');

    // Edit from the view panel; the edit has its own address and survives a reload.
    await view.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/email-templates\/\d+\/edit/);
    await page.reload();
    const edit = page.getByRole('dialog', { name: 'Edit Email Template' });
    await expect(edit.getByLabel('Template Name')).toHaveValue(name);
    await choose(edit.getByLabel('Status'), 'Active');
    await edit.getByLabel('Subject').fill('Welcome back {{first_name}}');
    await edit.getByRole('button', { name: 'Update Template' }).click();
    await expect(edit).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Template updated successfully!' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/email-templates\?name=/);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Welcome back {{first_name}}');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Template' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete this template? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${name} deleted successfully!` }),
    ).toBeVisible();
    await expect(page.getByText('No email templates found')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No email templates found')).toBeVisible();
  });

  test('a template with a script, an onerror image and a remote image runs nothing and loads nothing', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `E2E Hostile ${Date.now()}`;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Every image the browser tries, and anything leaving this server: Chromium reports a
    // request the policy blocks too, so each must end blocked, none with an answer.
    const tried: string[] = [];
    const answered: string[] = [];
    const failures: string[] = [];
    const watched = (r: Request) =>
      r.resourceType() === 'image' || !r.url().startsWith('http://127.0.0.1:');
    page.on('request', (r) => watched(r) && tried.push(r.url()));
    page.on('response', (r) => watched(r.request()) && answered.push(r.url()));
    page.on('requestfailed', (r) => watched(r) && failures.push(r.failure()?.errorText ?? ''));
    await signIn(page);
    await page.goto('/email-templates');
    await page.getByRole('button', { name: 'Add Template' }).click();
    const panel = page.getByRole('dialog', { name: 'Create Email Template' });
    await panel.getByLabel('Template Name').fill(name);
    await panel.getByLabel('Subject').fill('Hostile');
    await panel
      .getByLabel('Content')
      .fill(
        '<p>Visible text</p><script>alert(1)</script>' +
          '<img src="x" onerror="alert(2)">' +
          `<img src="http://remote.example.test/pixel.png" alt="remote">` +
          `<img src="${new URL('/pixel-same-host.png', page.url()).href}" alt="same host">`,
      );
    await panel.getByRole('button', { name: 'Create Template' }).click();
    await expect(panel).toBeHidden();

    await page.goto(`/email-templates?name=${encodeURIComponent(name)}`);
    await page.getByRole('row', { name: `Open ${name}` }).click();
    const frame = page.frameLocator(`iframe[title="Preview of ${name}"]`);
    await expect(frame.getByText('Visible text')).toBeVisible();
    await expect(frame.getByAltText('remote')).toBeAttached();
    const iframe = page.locator(`iframe[title="Preview of ${name}"]`);
    await expect(iframe).toHaveAttribute('sandbox', '');
    // Nothing of the template is in the page's own document.
    await expect(page.locator('body').getByText('Visible text')).toHaveCount(0);
    // Give an image load or a script the chance to happen: reopen the view once more.
    await page.reload();
    await expect(frame.getByText('Visible text')).toBeVisible();
    expect(dialogs).toEqual([]);
    expect(answered).toEqual([]);
    await expect.poll(() => failures.length).toBe(tried.length);
    // Chromium names the policy's block either way, depending on where it stopped the request.
    for (const reason of failures) expect(reason).toMatch(/BLOCKED_BY_CSP|^csp$/);
  });
});
