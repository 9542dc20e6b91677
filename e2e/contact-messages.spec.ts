import { expect, test, type Page } from './fixtures';
import { signIn, submitContact } from './helpers';
import { smtpCatcher } from './smtp-catcher';

/** The message's id, through the same list the screen uses (the signed-in page's cookie). */
async function messageId(page: Page, subject: string) {
  const res = await page.request.get(
    `/api/contact-messages?subject=${encodeURIComponent(subject)}`,
  );
  const body = (await res.json()) as { data: { data: { id: number }[] } };
  return body.data.data[0]!.id;
}

const header = (page: Page) => page.getByText(/^Unread: \d+$/);
/** Total and Unread as the page header shows them. */
async function counts(page: Page) {
  const number = async (label: string) =>
    Number(
      /\d+/.exec((await page.getByText(new RegExp(`^${label}: \\d+$`)).textContent()) ?? '')?.[0],
    );
  return { total: await number('Total'), unread: await number('Unread') };
}

test.describe('contact messages', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a message from the website arrives unread, opens as read and is answered by real email', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const name = `Riya Website ${stamp}`;
    const email = `riya.${stamp}@fans.test`;
    const subject = `Final tickets ${stamp}`;
    await signIn(page);
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Contact Messages', level: 1 })).toBeVisible();
    await expect(header(page)).toBeVisible();
    const before = await counts(page);

    await submitContact(request, name, email, subject);
    await page.reload();
    await expect
      .poll(() => counts(page))
      .toEqual({ total: before.total + 1, unread: before.unread + 1 });
    const unreadRow = page.getByRole('row', { name: `Open message from ${name} (unread)` });
    await expect(unreadRow).toBeVisible();
    await expect(unreadRow).toContainText('Unread');

    // Filters narrow the list to this message, and Unread/Read split it.
    await page.goto(`/support?subject=${encodeURIComponent(subject)}&status=unread`);
    await expect(
      page.getByRole('table', { name: 'Contact messages' }).locator('tbody tr'),
    ).toHaveCount(1);
    await page.goto(`/support?subject=${encodeURIComponent(subject)}&status=read`);
    await expect(page.getByText('No contact messages found')).toBeVisible();

    await page.goto(`/support?email=${encodeURIComponent(email)}`);
    await page.getByRole('row', { name: `Open message from ${name} (unread)` }).click();
    const view = page.getByRole('dialog', { name: 'Contact Message' });
    await expect(view.getByText('When do tickets for the final go on sale?')).toBeVisible();
    await expect(view.getByText('Read', { exact: true })).toBeVisible();
    await expect(view.getByText('No replies yet')).toBeVisible();

    await view.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: `Reply to ${name}` });
    await expect(reply.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
    await reply.getByLabel('Message').fill('too short');
    await reply.getByRole('button', { name: 'Send Reply' }).click();
    await expect(reply.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Please fix the validation errors before sending' }),
    ).toBeVisible();
    await reply.getByLabel('Message').fill('Tickets go on sale on Monday at 10 am. See you there!');
    await reply.getByRole('button', { name: 'Send Reply' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Reply sent to ${name} successfully!` }),
    ).toBeVisible();
    await expect(reply).toBeHidden();

    // The thread shows the reply, sent.
    const thread = page.getByRole('dialog', { name: 'Contact Message' });
    const sentReply = thread.getByRole('listitem', { name: `Reply: Re: ${subject}` });
    await expect(sentReply).toContainText('Sent');
    await expect(sentReply).toContainText('Tickets go on sale on Monday');

    // The mail reached the SMTP server, to the sender, threaded under the original message.
    const id = await messageId(page, subject);
    const mail = (await smtpCatcher().messages()).filter((m) => m.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Re: ${subject}`);
    expect(mail[0]!.inReplyTo).toBe(`<contact-${id}@cricket.test>`);
    expect(mail[0]!.references).toEqual([`<contact-${id}@cricket.test>`]);
    expect(mail[0]!.text).toContain('Tickets go on sale on Monday');

    // Read now: the row no longer stands out and Unread is back where it was.
    await thread.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(
      page.getByRole('row', { name: `Open message from ${name}`, exact: true }),
    ).toBeVisible();
    await expect
      .poll(() => counts(page))
      .toEqual({ total: before.total + 1, unread: before.unread });

    await page.getByRole('button', { name: `Delete message from ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Message' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: `Message from ${name} deleted successfully!` }),
    ).toBeVisible();
    await expect(page.getByText('No contact messages found')).toBeVisible();
  });

  test('a mail server that refuses shows the error and keeps the reply failed until a retry', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const name = `Refused Sender ${stamp}`;
    const email = `refused.${stamp}@fans.test`;
    const subject = `Refund ${stamp}`;
    const smtp = smtpCatcher();
    await submitContact(request, name, email, subject);
    await signIn(page);
    await page.goto(`/support?email=${encodeURIComponent(email)}`);
    await page.getByRole('row', { name: `Open message from ${name} (unread)` }).click();
    const view = page.getByRole('dialog', { name: 'Contact Message' });
    await view.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: `Reply to ${name}` });
    await reply.getByLabel('Message').fill('We are looking into your refund today.');

    await smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
    try {
      await reply.getByRole('button', { name: 'Send Reply' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Error sending reply' }),
      ).toBeVisible();
      await expect(page.getByText(/Reply sent to/)).toHaveCount(0);
      // The server kept the reply as failed: the form closes (sending it again would store a
      // second copy) and the thread shows what was typed, with its Retry.
      await expect(reply).toBeHidden();
      const failed = view.getByRole('listitem', { name: `Reply: Re: ${subject}` });
      await expect(failed).toContainText('We are looking into your refund today.');
      await expect(failed).toContainText('Failed');
      await expect(view.getByRole('listitem', { name: /^Reply: / })).toHaveCount(1);
      await expect(failed).toContainText(/Not delivered: .*Mailbox unavailable/);
      expect((await smtp.messages()).filter((m) => m.to.includes(email))).toHaveLength(0);
    } finally {
      await smtp.refuse(null);
    }

    const failed = view.getByRole('listitem', { name: `Reply: Re: ${subject}` });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Reply sent to ${name} successfully!` }),
    ).toBeVisible();
    await expect(failed).toContainText('Sent');
    await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect((await smtp.messages()).filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
