import { DISCARD_CHANGES } from '@cricket/contracts';
import { expect, test, type Page } from './fixtures';
import { signInByApi } from './helpers';

/** The form kit's question before unsaved work is thrown away (issue 30). */
const question = (page: Page) => page.getByRole('alertdialog', { name: DISCARD_CHANGES.title });
const keepEditing = (page: Page) =>
  question(page).getByRole('button', { name: DISCARD_CHANGES.cancel }).click();
const discard = (page: Page) =>
  question(page).getByRole('button', { name: DISCARD_CHANGES.confirm }).click();

async function openWaEditor(page: Page) {
  await page.getByRole('button', { name: 'Create Template' }).click();
  const editor = page.getByRole('dialog', { name: 'Create Template' });
  await expect(editor.getByLabel('Template Name')).toBeVisible();
  return editor;
}

test.describe('unsaved work', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the WhatsApp template editor asks before Escape or a click outside throws changes away', async ({
    page,
  }, testInfo) => {
    await signInByApi(page);
    await page.goto('/wa-templates');
    let editor = await openWaEditor(page);
    const name = editor.getByLabel('Template Name');
    await name.fill('match_reminder');

    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await expect(question(page)).toContainText(DISCARD_CHANGES.description);
    await page.screenshot({ path: testInfo.outputPath('discard-1440x900.png') });
    await keepEditing(page);
    await expect(question(page)).toBeHidden();
    await expect(editor).toBeVisible();
    await expect(name).toHaveValue('match_reminder');
    await expect(name).toBeFocused();

    // A click on the dimmed page beside the panel asks the same.
    await page.mouse.click(100, 450);
    await expect(question(page)).toBeVisible();
    await keepEditing(page);
    await expect(editor).toBeVisible();
    await expect(name).toBeFocused();
    await page.mouse.click(100, 450);
    await discard(page);
    await expect(editor).toBeHidden();

    // The work is gone: the next opening is an empty form, and closing it asks nothing.
    editor = await openWaEditor(page);
    await expect(editor.getByLabel('Template Name')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    editor = await openWaEditor(page);
    await page.mouse.click(100, 450);
    await expect(editor).toBeHidden();
    await expect(question(page)).toBeHidden();
  });

  test('Back from an edit panel with changes asks; without changes it just goes back', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/email-templates');
    const edit = page.getByRole('dialog', { name: 'Edit Email Template' });
    const openEdit = async () => {
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page).toHaveURL(/\/email-templates\/\d+\/edit$/);
      await expect(edit.getByLabel('Subject')).not.toHaveValue('');
    };

    // Unchanged: Back closes the panel and nothing is asked.
    await openEdit();
    await page.goBack();
    await expect(page).toHaveURL(/\/email-templates$/);
    await expect(edit).toBeHidden();
    await expect(question(page)).toBeHidden();

    // Changed: Back asks first; 'Keep editing' stays on the panel's address with the work.
    await openEdit();
    const editUrl = page.url();
    const subject = edit.getByLabel('Subject');
    await subject.fill('A subject worth keeping');
    await page.goBack();
    await expect(question(page)).toBeVisible();
    await keepEditing(page);
    await expect(page).toHaveURL(editUrl);
    await expect(edit).toBeVisible();
    await expect(subject).toHaveValue('A subject worth keeping');
    await expect(subject).toBeFocused();

    await page.goBack();
    await discard(page);
    await expect(page).toHaveURL(/\/email-templates$/);
    await expect(edit).toBeHidden();
    await openEdit();
    await expect(subject).not.toHaveValue('A subject worth keeping');
  });

  test("Send Notification's Reset asks before typed work goes; a reload or closed tab asks the browser's question", async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/send-notification');
    const message = page.getByRole('textbox', { name: 'Message' });
    const reset = page.getByRole('button', { name: 'Reset' });
    await message.fill('Rain delay at the ground');

    await reset.click();
    await expect(question(page)).toBeVisible();
    await keepEditing(page);
    await expect(message).toHaveValue('Rain delay at the ground');

    // Closing the tab with the work: the browser asks; staying keeps the page and the work.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await expect(message).toHaveValue('Rain delay at the ground');

    await reset.click();
    await discard(page);
    await expect(message).toHaveValue('');

    // Nothing to lose: Reset asks nothing, and a reload goes ahead unasked.
    await reset.click();
    await expect(question(page)).toBeHidden();
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload();
    await expect(message).toBeVisible();
    expect(asked).toEqual(['beforeunload']);
  });

  test('on a phone the question fits the screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page);
    await page.goto('/wa-templates');
    const editor = await openWaEditor(page);
    await editor.getByLabel('Template Name').fill('match_reminder');
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    const box = await question(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(
      question(page).getByRole('button', { name: DISCARD_CHANGES.confirm }),
    ).toBeInViewport();
    await expect(
      question(page).getByRole('button', { name: DISCARD_CHANGES.cancel }),
    ).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('discard-390x844.png') });
    await discard(page);
    await expect(editor).toBeHidden();
  });
});
