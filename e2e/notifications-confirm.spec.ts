import {
  NOTIFICATION_MESSAGES,
  RECIPIENT_TYPE_LABELS as AUDIENCE,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cricket/contracts';
import { expect, test, type Locator, type Page } from './fixtures';
import { choose, signInByApi, submitContact } from './helpers';
import { smtpCatcher } from './smtp-catcher';

const shots = 'e2e/test-results/ux-sends';

async function newTemplate(page: Page, name: string, type: 'email' | 'sms') {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === XSRF_COOKIE)?.value ?? '';
  const res = await page.request.post('/api/notifications/templates', {
    headers: { [XSRF_HEADER]: xsrf },
    data: {
      name,
      type,
      status: 'active',
      subject: type === 'email' ? 'Gates open, {{first_name}}' : null,
      message: 'Hello {{first_name}}, the gates open at 9.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Waits for the dialog's opening animation, so the screenshot shows it as the user reads it. */
const settled = (dialog: Locator) =>
  dialog.evaluate((el) =>
    Promise.all(el.ownerDocument.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );

/** Counts the POST requests the page makes to `url`. */
function countPosts(page: Page, url: RegExp) {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && url.test(r.url())) seen.n += 1;
  });
  return seen;
}

test.describe('sends: confirmation, honest toast, progress, single flight', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a send to active users asks first with the count; with a refusing mail server the toast and the progress say what happened', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const name = `Confirm ${stamp}`;
    await signInByApi(page);
    await newTemplate(page, name, 'email');
    await newTemplate(page, `Text ${stamp}`, 'sms');
    // None may leave before the confirmation.
    const sends = countPosts(page, /\/api\/notifications\/send$/);

    await page.goto('/send-notification');
    const template = page.getByRole('combobox', { name: 'Template' });
    // No SMS transport on the e2e server: its templates are shown, unavailable, with the reason.
    await expect(template.locator('option', { hasText: `Text ${stamp} (SMS)` })).toBeDisabled();
    await expect(
      page.getByText('SMS: Unavailable: no SMS transport is configured on this server'),
    ).toBeVisible();
    await choose(template, `${name} (Email)`);
    await page.getByLabel('Active Users').check();
    const summary = page.getByTestId('recipients-summary');
    await expect(summary).toHaveText(/\d+ recipients?$/);
    const count = Number(
      /([\d,]+) recipients?$/.exec((await summary.textContent())!)![1]!.replace(/,/g, ''),
    );
    expect(count).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'Send Now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send Notification' });
    await expect(dialog).toContainText(
      `Send this email to ${count.toLocaleString('en-US')} active users?`,
    );
    await settled(dialog);
    // A send is a go-ahead, not a loss: the dialog's button is the form's own primary, not red.
    const background = (button: Locator) =>
      button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(dialog.getByRole('button', { name: 'Send Now' }))).toBe(
      await background(page.locator('form button[type="submit"]')),
    );
    await page.screenshot({ path: `${shots}/confirm-1440.png` });
    expect(sends.n).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(sends.n).toBe(0);

    const smtp = smtpCatcher();
    await smtp.refuse({ code: 554, message: '5.7.1 Transaction failed' });
    try {
      await page.getByRole('button', { name: 'Send Now' }).click();
      await dialog.getByRole('button', { name: 'Send Now' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Sending to ${count.toLocaleString('en-US')} recipients` }),
      ).toBeVisible();
      await expect(page.getByText('Notification sent successfully!')).toHaveCount(0);
      expect(sends.n).toBe(1);
      await expect(page).toHaveURL(/\/sent-notifications\/view\?id=\d+/);
      // The send's page opens at its top: title, status and progress in view.
      await expect(page.getByRole('heading', { name, level: 1 })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const progress = page.getByRole('region', { name: 'Progress' });
      await expect(progress).toBeInViewport();
      await expect(progress.getByRole('progressbar', { name: 'Deliveries done' })).toHaveAttribute(
        'aria-valuemax',
        String(count),
      );
      await expect(page.getByRole('status').filter({ hasText: /^Failed$/ })).toBeVisible({
        timeout: 180_000,
      });
      await expect(progress.getByRole('progressbar')).toHaveAttribute(
        'aria-valuenow',
        String(count),
      );
      await expect(progress).toContainText(`${count} of ${count} done (100%)`);
      await expect(progress).toContainText(/per second on average/);
      await page.screenshot({ path: `${shots}/progress-1440.png` });

      // The refusal in words, the raw reply behind Details.
      const row = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr').first();
      await expect(row).toContainText('The mail server refused the message');
      const raw = row.getByText(/^554/);
      await expect(raw).toBeHidden();
      await row.getByText('Details').click();
      await expect(raw).toBeVisible();
    } finally {
      await smtp.refuse(null);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Progress' })).toBeVisible();
    await page.screenshot({ path: `${shots}/progress-390.png` });
    await page.goto('/send-notification');
    await choose(page.getByRole('combobox', { name: 'Template' }), `${name} (Email)`);
    await expect(page.getByTestId('recipients-summary')).toHaveText(/\d+ recipients?$/);
    await page.getByRole('button', { name: 'Send Now' }).click();
    await expect(dialog).toContainText(/^Send Notification.*Send this email to all [\d,]+ users\?/);
    await settled(dialog);
    await page.screenshot({ path: `${shots}/confirm-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(sends.n).toBe(1);
  });

  test('a double click on Send test email sends one mail', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/email-templates');
    // A loaded row (`Open <name>`), not one of the skeleton rows shown while the list loads.
    await page
      .getByRole('table', { name: 'Email templates' })
      .getByRole('row', { name: /^Open / })
      .first()
      .click();
    const view = page.getByRole('dialog', { name: 'View Email Template' });
    const mail = smtpCatcher();
    const before = (await mail.messages()).length;
    const posts = countPosts(page, /\/api\/email-templates\/\d+\/test$/);
    const button = view.getByRole('button', { name: 'Send test email' });
    await button.dblclick();
    await expect(
      page.getByRole('status').filter({ hasText: /^Test email sent to / }),
    ).toBeVisible();
    await expect(button).toBeEnabled();
    // A second request would have left on the second click, before this answer.
    expect(posts.n).toBe(1);
    await expect(page.getByRole('status').filter({ hasText: /^Test email sent to / })).toHaveCount(
      1,
    );
    await expect.poll(async () => (await mail.messages()).length).toBe(before + 1);
  });

  test('a double click on Retry of a failed reply sends once and shows one toast', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const name = `Double Retry ${stamp}`;
    const email = `double.${stamp}@fans.test`;
    const subject = `Tickets ${stamp}`;
    const smtp = smtpCatcher();
    await submitContact(request, name, email, subject);
    await signInByApi(page);
    await page.goto(`/support?email=${encodeURIComponent(email)}`);
    await page.getByRole('row', { name: `Open message from ${name} (unread)` }).click();
    const view = page.getByRole('dialog', { name: 'Contact Message' });
    await view.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: `Reply to ${name}` });
    await reply.getByLabel('Message').fill('Tickets go on sale on Monday.');
    await smtp.refuse({ code: 550, message: '5.1.1 Mailbox unavailable' });
    try {
      await reply.getByRole('button', { name: 'Send Reply' }).click();
      await expect(reply).toBeHidden();
    } finally {
      await smtp.refuse(null);
    }
    const failed = view.getByRole('listitem', { name: `Reply: Re: ${subject}` });
    await expect(failed).toContainText("Not delivered: The recipient's address was refused");
    await failed.getByText('Details').click();
    await expect(failed.getByText(/550.*Mailbox unavailable/)).toBeVisible();

    const posts = countPosts(page, /\/replies\/\d+\/retry$/);
    await failed.getByRole('button', { name: 'Retry' }).dblclick();
    await expect(
      page.getByRole('status').filter({ hasText: `Reply sent to ${name} successfully!` }),
    ).toBeVisible();
    await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(posts.n).toBe(1);
    await expect(page.getByText('Only a failed reply can be sent again')).toHaveCount(0);
    expect((await smtp.messages()).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  test('on a slow network the count of the audience just chosen is counting, never the last one under its name', async ({
    page,
  }) => {
    const name = `Slow count ${Date.now()}`;
    await signInByApi(page);
    await newTemplate(page, name, 'email');
    await page.goto('/send-notification');
    await choose(page.getByRole('combobox', { name: 'Template' }), `${name} (Email)`);
    const summary = page.getByTestId('recipients-summary');
    await expect(summary).toHaveText(new RegExp(`^${AUDIENCE.all} · [\\d,]+ recipients$`));

    // The active users' count is held back, as a slow network would.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/notifications\/recipients\?.*recipient_type=active/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Active Users').check();
    await expect(summary).toHaveText(`${AUDIENCE.active} · counting…`);
    // Asked now, the question names no count it does not have, and cannot be confirmed yet.
    await page.getByRole('button', { name: 'Send Now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send Notification' });
    await expect(dialog).toContainText(NOTIFICATION_MESSAGES.countingRecipients);
    const confirm = dialog.getByRole('button', { name: 'Send Now' });
    await expect(confirm).toBeDisabled();
    release();
    await expect(summary).toHaveText(new RegExp(`^${AUDIENCE.active} · [\\d,]+ recipients?$`));
    const active = /([\d,]+) recipients?$/.exec((await summary.textContent())!)![1]!;
    await expect(dialog).toContainText(`Send this email to ${active} active users?`);
    await expect(confirm).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
