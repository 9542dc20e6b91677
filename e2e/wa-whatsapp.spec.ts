import { WA_TEMPLATE_SUCCESS, WA_WHATSAPP_TEXTS, type WaTemplate } from '@cricket/contracts';
import { expect, test, type Page } from './fixtures';
import { adminApi, choose, signIn } from './helpers';
import { metaApproves } from './whatsapp-standin';

/**
 * Issue 31 in the browser: the app runs connected to WhatsApp's stand-in (globalSetup). A
 * template is submitted after showing what Meta receives, reads Pending, and reads Approved
 * once Meta's signed webhook (sent here, as Meta would) says so.
 */

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });

test.describe('WhatsApp templates connected to WhatsApp', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('submit from the editor and the view page, pending, approved by a signed webhook, synced', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const call = await adminApi(request);
    const { categories } = await call<{
      categories: { _id: number; name: string; icon: string | null }[];
    }>('GET', '/api/wa/template-categories?status=active&limit=1');
    const category = categories[0]!;
    await signIn(page);

    // From the editor: Save and submit shows what Meta receives before anything goes.
    await page.goto('/wa-templates');
    await expect(page.getByRole('button', { name: WA_WHATSAPP_TEXTS.sync })).toBeVisible();
    await page.getByRole('button', { name: 'Create Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Template' });
    const fromEditor = `toss_update_${suffix}`;
    await editor.getByLabel('Template Name').fill(fromEditor);
    await choose(
      editor.getByRole('combobox', { name: 'Category', exact: true }),
      category.icon ? `${category.icon} ${category.name}` : category.name,
    );
    await choose(editor.getByLabel('WhatsApp Category'), 'Utility');
    await expect(editor.getByText(/About something the player asked for/)).toBeVisible();
    await editor
      .getByLabel('Body Text')
      .fill('Hello {{first_name}}, the toss for your match is at 5:30 PM today. Be on time!');
    await editor.getByLabel('Sample for {{first_name}}').fill('Asha');
    await editor.getByRole('button', { name: WA_WHATSAPP_TEXTS.saveAndSubmit }).click();
    const review = page.getByRole('alertdialog', { name: WA_WHATSAPP_TEXTS.reviewTitle });
    const json = review.getByLabel(WA_WHATSAPP_TEXTS.reviewJson);
    await expect(json).toContainText(`"name": "${fromEditor}"`);
    await expect(json).toContainText('"parameter_format": "NAMED"');
    await expect(json).toContainText('"param_name": "first_name"');
    await review.getByRole('button', { name: WA_WHATSAPP_TEXTS.reviewConfirm }).click();
    await expect(toast(page, WA_TEMPLATE_SUCCESS.submitted)).toBeVisible();
    await expect(editor).toBeHidden();
    const editorRow = page.getByRole('row', { name: `Open ${fromEditor}` });
    await expect(editorRow).toContainText('Pending');
    await expect(editorRow).toContainText('Quality pending');

    // From the view page: a template created earlier, never submitted.
    const { template } = await call<{ template: WaTemplate }>('POST', '/api/wa/templates', {
      name: `final_poster_${suffix}`,
      category: category._id,
      type: 'text',
      whatsapp_category: 'MARKETING',
      body_text: 'Hello {{first_name}}, tickets for the final are on sale from today. Grab yours!',
      sample_values: { first_name: 'Asha' },
    });
    await page.goto(`/wa/templates/view/${template._id}`);
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: WA_WHATSAPP_TEXTS.submit }).click();
    const viewReview = page.getByRole('alertdialog', { name: WA_WHATSAPP_TEXTS.reviewTitle });
    await expect(viewReview.getByLabel(WA_WHATSAPP_TEXTS.reviewJson)).toContainText(
      '"category": "MARKETING"',
    );
    await viewReview.getByRole('button', { name: WA_WHATSAPP_TEXTS.reviewConfirm }).click();
    await expect(toast(page, WA_TEMPLATE_SUCCESS.submitted)).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: WA_WHATSAPP_TEXTS.submit })).toHaveCount(0);

    // Meta approves it: the signed webhook, then the page reads Approved.
    const submitted = (
      await call<{ template: WaTemplate }>('GET', `/api/wa/templates/${template._id}`)
    ).template;
    await metaApproves(request, submitted);
    await page.reload();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.getByText(submitted.whatsapp_template_id!)).toBeVisible();

    // The editor no longer offers the status to type: WhatsApp decides it.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(edit.getByLabel('Status', { exact: true })).toBeDisabled();
    await expect(edit.getByText(WA_WHATSAPP_TEXTS.resubmitNote)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Sync: Meta's list read again; the result is told.
    await page.goto('/wa-templates');
    await page.getByRole('button', { name: WA_WHATSAPP_TEXTS.sync }).click();
    await expect(toast(page, /^Synced with WhatsApp: \d+ templates? checked/)).toBeVisible();
    await expect(page.getByRole('row', { name: `Open ${submitted.name}` })).toContainText(
      'Approved',
    );
  });
});
