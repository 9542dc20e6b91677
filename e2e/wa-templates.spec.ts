import { WA_RULE_MESSAGES } from '@cricket/contracts';
import { expect, test, type Locator, type Page } from './fixtures';
import { choose, discardChanges, signIn } from './helpers';

/** A 1×1 PNG, uploaded as the template's header image. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const WA_NAME_MESSAGE =
  'Template name may contain only lowercase letters, numbers and underscores (e.g. match_reminder)';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const fieldError = (panel: Locator, text: string) => panel.getByText(text, { exact: true });

test.describe('WhatsApp templates and categories', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a category, an image template checked against WhatsApp rules, and a category kept while in use', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const suffix = Date.now().toString(36);
    const categoryName = 'Match Updates';
    const slug = `match-updates-${suffix}`;
    await signIn(page);

    // Categories: the slug follows the name, and stays editable.
    await page.goto('/wa-template-categories');
    await expect(page.getByRole('heading', { name: 'Template Categories' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Category' }).click();
    const create = page.getByRole('dialog', { name: 'Create Category' });
    await create.getByLabel('Category Name').fill(categoryName);
    await expect(create.getByLabel('Slug')).toHaveValue('match-updates');
    // The demo data already holds 'match-updates': a second one is refused by name.
    await create.getByRole('button', { name: 'Create Category' }).click();
    await expect(create.getByText('A category with this slug already exists')).toBeVisible();
    await create.getByLabel('Slug').fill(slug);
    await create.getByLabel('Icon (Emoji)').fill('⚡');
    await create.getByLabel('Display Order').fill('7');
    await create.getByRole('button', { name: 'Create Category' }).click();
    await expect(create).toBeHidden();
    await expect(toast(page, 'Category created successfully')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Filter by slug' }).fill(slug);
    const categoryRow = page.getByRole('row', { name: `View ${categoryName}` });
    await expect(categoryRow).toHaveCount(1);
    await expect(categoryRow).toContainText(slug);

    // Templates: an image template with media, a footer, two buttons and samples.
    await page.goto('/wa-templates');
    await page.getByRole('button', { name: 'Create Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Template' });
    const name = `match_reminder_${suffix}`;
    await editor.getByLabel('Template Name').fill(`Match Reminder ${suffix}`);
    // The live checklist refuses the name, and the form offers the name WhatsApp accepts.
    await expect(editor.getByText(WA_NAME_MESSAGE)).toBeVisible();
    await editor.getByRole('button', { name: `Use ‘${name}’` }).click();
    await expect(editor.getByLabel('Template Name')).toHaveValue(name);

    await choose(
      editor.getByRole('combobox', { name: 'Category', exact: true }),
      `⚡ ${categoryName}`,
    );
    await choose(editor.getByLabel('Type', { exact: true }), 'Image');
    await editor.locator('input[type=file]').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: PNG_1PX,
    });
    await expect(editor.getByText('banner.png')).toBeVisible();

    const body = editor.getByLabel('Body Text');
    await body.fill('Hello ');
    await editor.getByRole('button', { name: '{{name}}' }).click();
    await expect(body).toHaveValue('Hello {{name}}');
    await body.press('End');
    await body.pressSequentially(', your match starts at 6 PM today. Good luck!');
    await editor.getByLabel('Footer Text').fill('Reply STOP to opt out');
    await editor.getByRole('button', { name: 'Add Button' }).click();
    await editor.getByLabel('Button 1 text').fill('Count me in');
    await editor.getByRole('button', { name: 'Add Button' }).click();
    await choose(editor.getByLabel('Button 2 type'), 'Visit website (URL)');
    await editor.getByLabel('Button 2 text').fill('Match details');
    await editor.getByLabel('Button 2 URL').fill('https://cricket.example.com/m/{{match_id}}');
    await editor.getByLabel('Sample for {{name}}').fill('Asha');
    await editor.getByLabel('Sample for {{match_id}}').fill('42');

    // The preview shows the message as WhatsApp would, samples filled in.
    const preview = editor.getByRole('figure', { name: 'WhatsApp preview' });
    await expect(preview).toContainText('Hello Asha, your match starts at 6 PM today. Good luck!');
    await expect(preview).toContainText('Reply STOP to opt out');
    await expect(preview).toContainText('Count me in');
    await expect(preview).toContainText('Match details');
    await expect(preview.getByRole('img', { name: 'Template header' })).toBeVisible();
    const checklist = editor.getByRole('list', { name: 'WhatsApp rules checklist' });
    await expect(checklist.locator('[data-status=fail]')).toHaveCount(0);

    await editor.getByRole('button', { name: 'Create Template' }).click();
    await expect(editor).toBeHidden();
    await expect(toast(page, 'Template created successfully')).toBeVisible();

    // The row opens the template's own page, which survives a reload.
    await page.getByRole('searchbox', { name: 'Filter by template name' }).fill(name);
    await page.getByRole('row', { name: `Open ${name}` }).click();
    await expect(page).toHaveURL(/\/wa\/templates\/view\/\d+$/);
    await page.reload();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const viewPreview = page.getByRole('figure', { name: 'WhatsApp preview' });
    await expect(viewPreview).toContainText('Hello Asha, your match starts at 6 PM today.');
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();

    // Edit: status to approved; then each refusal shows its message.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(edit.getByLabel('Type', { exact: true })).toBeDisabled();
    await choose(edit.getByLabel('Status', { exact: true }), 'Approved');
    await edit.getByRole('button', { name: 'Update Template' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Template updated successfully')).toBeVisible();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const rules = edit.getByRole('heading', { name: /^WhatsApp rules/ });
    await expect(rules).toContainText('(all met)');
    // An empty button stops a save, and the checklist says so as it is added (a quick reply
    // after the URL button also mixes the groups, until it moves up).
    await edit.getByRole('button', { name: 'Add Button' }).click();
    await expect(rules).toContainText('(2 to fix)');
    const failing = edit
      .getByRole('list', { name: 'WhatsApp rules checklist' })
      .locator('[data-status=fail]');
    await expect(failing.filter({ hasText: WA_RULE_MESSAGES.buttonTextRequired })).toHaveCount(1);
    await edit.getByLabel('Button 3 text').fill('Not this time');
    await expect(failing.filter({ hasText: WA_RULE_MESSAGES.buttonTextRequired })).toHaveCount(0);
    await edit.getByRole('button', { name: 'Move button 3 up' }).click();
    await expect(rules).toContainText('(all met)');
    // At 3 of 3, Add Button stops and says why.
    await expect(edit.getByRole('button', { name: 'Add Button' })).toBeDisabled();
    await expect(edit.getByRole('button', { name: 'Add Button' })).toHaveAccessibleDescription(
      WA_RULE_MESSAGES.buttonsMax,
    );

    // Body, footer and button texts stop at their limits.
    await edit.getByLabel('Body Text').fill(`Hello ${'x'.repeat(1019)}`);
    await expect(edit.getByLabel('Body Text')).toHaveValue(`Hello ${'x'.repeat(1018)}`);
    await edit.getByLabel('Footer Text').fill('f'.repeat(61));
    await expect(edit.getByLabel('Footer Text')).toHaveValue('f'.repeat(60));
    await edit.getByLabel('Button 2 text').fill('b'.repeat(26));
    await expect(edit.getByLabel('Button 2 text')).toHaveValue('b'.repeat(25));
    await edit.getByLabel('Template Name').fill('Match Reminder');
    await edit.getByRole('button', { name: 'Update Template' }).click();
    await expect(toast(page, 'Please fix all errors before submitting')).toBeVisible();
    // Under the field, and in the checklist beside the preview.
    await expect(fieldError(edit, WA_NAME_MESSAGE)).toHaveCount(2);
    await expect(rules).toContainText('(1 to fix)');
    // The changes are thrown away only when the question is answered.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await expect(edit).toBeHidden();

    // The category is in use: deleting it is refused, saying why.
    await page.goto(`/wa-template-categories?slug=${slug}`);
    await page.getByRole('button', { name: `Delete ${categoryName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Category' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete this category? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      toast(page, 'This category is used by 1 template and cannot be deleted.'),
    ).toBeVisible();
    // A refused delete leaves the dialog open; the category is still listed behind it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: `View ${categoryName}` })).toHaveCount(1);
  });
});
