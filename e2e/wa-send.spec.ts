import {
  WA_SEND_SUCCESS,
  WA_SEND_TEXTS,
  WA_TEMPLATE_SUCCESS,
  WA_WHATSAPP_TEXTS,
  type SendDetails,
  type WaTemplate,
} from '@cricket/contracts';
import { expect, test, type Page } from './fixtures';
import { adminApi, signIn, signInByApi } from './helpers';
import { metaApproves, metaReports } from './whatsapp-standin';

/**
 * Issue 31's send in the browser: a template submitted and approved by Meta's signed webhook is
 * sent to two users from the WhatsApp send form; Meta's status webhooks for the wamids its
 * stand-in answered then bring Delivered and Read to the send's page, which is not reloaded.
 */

/** A count of the send's Progress card ('Delivered', 'Read', 'Sent'). */
const countOf = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('WhatsApp sends connected to WhatsApp', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('submit, approve by a signed webhook, send to two users, see delivered and read arrive', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const call = await adminApi(request);
    const { categories } = await call<{ categories: { _id: number }[] }>(
      'GET',
      '/api/wa/template-categories?status=active&limit=1',
    );
    const { template } = await call<{ template: WaTemplate }>('POST', '/api/wa/templates', {
      name: `gate_times_${Date.now().toString(36)}`,
      category: categories[0]!._id,
      type: 'text',
      whatsapp_category: 'UTILITY',
      body_text: 'Hello {{first_name}}, the gates open at 4 PM for {{stand}}. See you there!',
      sample_values: { first_name: 'Asha', stand: 'the North Stand' },
    });
    await signIn(page);

    // Submitted from its page: Pending until Meta decides.
    await page.goto(`/wa/templates/view/${template._id}`);
    await page.getByRole('button', { name: WA_WHATSAPP_TEXTS.submit }).click();
    await page
      .getByRole('alertdialog', { name: WA_WHATSAPP_TEXTS.reviewTitle })
      .getByRole('button', { name: WA_WHATSAPP_TEXTS.reviewConfirm })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: WA_TEMPLATE_SUCCESS.submitted }),
    ).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: WA_SEND_TEXTS.action })).toHaveCount(0);

    await metaApproves(
      request,
      (await call<{ template: WaTemplate }>('GET', `/api/wa/templates/${template._id}`)).template,
    );
    await page.reload();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();

    // The Send action opens the form for this template.
    await page.getByRole('link', { name: WA_SEND_TEXTS.action, exact: true }).click();
    await expect(page).toHaveURL(`/send-whatsapp?template_id=${template._id}`);
    await expect(page.getByRole('heading', { name: WA_SEND_TEXTS.title, level: 1 })).toBeVisible();
    await page.getByLabel('Specific Users').check();
    const users = page.getByRole('list', { name: 'Users' });
    await users.getByRole('checkbox').nth(0).check();
    await users.getByRole('checkbox').nth(1).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    const first = (await page
      .getByRole('list', { name: 'Selected users' })
      .getByRole('listitem')
      .first()
      .textContent())!.trim();
    // {{first_name}} is filled from each user; {{stand}} is the same text for everyone.
    await page.getByLabel(WA_SEND_TEXTS.valueFor('stand')).fill('the Pavilion End');
    await expect(page.getByTestId('whatsapp-preview')).toContainText(
      `Hello ${first.split(' ')[0]}, the gates open at 4 PM for the Pavilion End.`,
    );
    await page.getByRole('button', { name: 'Send Now' }).click();
    await expect(page.getByText(WA_SEND_SUCCESS.sending(2))).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/sent-notifications\/view\?id=\d+/);
    const sendId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(countOf(page, 'Sent')).toHaveText('2', { timeout: 30_000 });
    await expect(countOf(page, 'Delivered')).toHaveText('0');
    await expect(countOf(page, 'Read')).toHaveText('0');

    // The wamids the stand-in answered, as the send's deliveries recorded them.
    const { deliveries } = await call<SendDetails>('GET', `/api/notifications/sends/${sendId}`);
    const messages = deliveries.data.map((d) => ({
      wamid: d.provider_message_id!,
      recipient: d.address!.replace(/\D/g, ''),
    }));
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m.wamid).toMatch(/^wamid\./);

    // Meta reports them on the phones, then read: the page follows without a reload.
    for (const m of messages) await metaReports(request, 'delivered', m);
    await expect(countOf(page, 'Delivered')).toHaveText('2');
    await expect(countOf(page, 'Read')).toHaveText('0');
    for (const m of messages) await metaReports(request, 'read', m);
    await expect(countOf(page, 'Read')).toHaveText('2');
    const rows = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr');
    await expect(rows.filter({ hasText: /Read .+ [AP]M/ })).toHaveCount(2);
  });

  test('a sender who may not browse WhatsApp templates still gets the send form of one', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const catalogue = await api<{ permissions: Record<string, { id: number; name: string }[]> }>(
      'GET',
      '/api/permissions/grouped?page=1&limit=100',
    );
    const granted = ['admin.access', 'notifications.send'];
    const permissionIds = Object.values(catalogue.permissions)
      .flat()
      .filter((p) => granted.includes(p.name))
      .map((p) => p.id);
    expect(permissionIds).toHaveLength(granted.length);
    const stamp = `${Date.now() % 1_000_000}`;
    const { role } = await api<{ role: { id: number } }>('POST', '/api/roles', {
      name: `WhatsApp sender ${stamp}`,
      permission_ids: permissionIds,
    });
    const email = `sender${stamp}@wa.test`;
    const password = 'Sender@12345';
    const { user } = await api<{ user: { id: number } }>('POST', '/api/users', {
      first_name: 'Wa',
      last_name: 'Sender',
      email,
      phone_number: `8${stamp.padStart(9, '1')}`,
      role_id: role.id,
      status: 'verified',
    });
    await api('PUT', `/api/users/${user.id}/password`, {
      password,
      confirm_password: password,
    });
    const { templates } = await api<{ templates: WaTemplate[] }>(
      'GET',
      '/api/wa/templates?limit=100',
    );
    const approved = templates.find((t) => t.status === 'approved')!;

    await signInByApi(page, email, password);
    await page.goto(`/send-whatsapp?template_id=${approved._id}`);
    await expect(page.getByRole('heading', { name: WA_SEND_TEXTS.title, level: 1 })).toBeVisible();
    const preview = page.getByRole('complementary', { name: 'Live Preview' });
    await expect(preview).toContainText(approved.name);
    await expect(page.getByText(WA_SEND_TEXTS.loadFailed)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  });
});
