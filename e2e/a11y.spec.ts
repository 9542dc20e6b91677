import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInByApi } from './helpers';

/**
 * axe-core over every screen, and every panel, dialog and menu a screen opens, at the desktop
 * and the phone size: no serious or critical violation. One test per size walks them all and
 * reports every finding at once, so a run shows the whole picture, not the first failure.
 */

interface Visit {
  path: string;
  /** Buttons on the screen that open a panel or dialog, by accessible name. */
  opens?: readonly string[];
  /** Open the first row (a panel or a record's page) and check that too. */
  openRow?: boolean;
  /** Open the first row's action of this name (its menu on a phone) and check what it opens. */
  action?: RegExp;
}

const VISITS: readonly Visit[] = [
  { path: '/' },
  { path: '/users', opens: ['Add User'], openRow: true, action: /^Delete / },
  { path: '/teams', opens: ['Add Team'], openRow: true },
  { path: '/roles', opens: ['Add Role'], openRow: true },
  { path: '/notification-templates', opens: ['Add Template'], action: /^Edit / },
  { path: '/send-notification' },
  { path: '/sent-notifications' },
  { path: '/email-templates', opens: ['Add Template'], openRow: true },
  { path: '/wa-template-categories', opens: ['Create Category'], openRow: true },
  { path: '/wa-templates', opens: ['Create Template'], openRow: true },
  { path: '/matches' },
  { path: '/tournaments' },
  { path: '/support', openRow: true },
  { path: '/activity-log', openRow: true },
  { path: '/profile' },
];

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Loads finished and one-off animations (a panel sliding in) ended: colours are final. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByLabel('Loading page')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

for (const size of SIZES) {
  test.describe(`axe at ${size.viewport.width}×${size.viewport.height}`, () => {
    // A missing control fails in seconds, not at the end of the whole walk's time-out.
    test.use({ viewport: size.viewport, actionTimeout: 20_000 });

    test(`every screen, panel, dialog and menu on the ${size.name}`, async ({ page }) => {
      test.setTimeout(240_000);
      const phone = size.name === 'phone';
      const found: string[] = [];
      async function scan(where: string) {
        await settle(page);
        const started = Date.now();
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations) {
          if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
          const nodes = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
          found.push(`${where}: ${violation.id} (${violation.impact}) ${nodes}`);
          if (process.env.AXE_LOG) console.log(found.at(-1));
        }
        if (process.env.AXE_LOG) console.log(`${where}: ${Date.now() - started} ms`);
      }
      async function closeLayer(layer: Locator) {
        await page.keyboard.press('Escape');
        await expect(layer).toBeHidden();
      }

      await signInByApi(page);
      for (const visit of VISITS) {
        await page.goto(visit.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await scan(visit.path);

        for (const name of visit.opens ?? []) {
          await page.getByRole('button', { name, exact: true }).click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await scan(`${visit.path} › ${name}`);
          await closeLayer(dialog);
        }

        const firstRow = page.getByRole(phone ? 'listitem' : 'row', { name: /^Open / }).first();
        if (visit.action) {
          if (phone) {
            await page
              .getByRole('button', { name: /^Actions for / })
              .first()
              .click();
            const menu = page.getByRole('menu');
            await expect(menu).toBeVisible();
            await scan(`${visit.path} › row actions menu`);
            await menu.getByRole('menuitem', { name: visit.action }).click();
          } else {
            await page.getByRole('button', { name: visit.action }).first().click();
          }
          const layer = page.getByRole('dialog').or(page.getByRole('alertdialog'));
          await expect(layer).toBeVisible();
          await scan(`${visit.path} › ${visit.action.source}`);
          await closeLayer(layer);
        }

        if (visit.openRow) {
          const before = page.url();
          await firstRow.click();
          const dialog = page.getByRole('dialog');
          await expect
            .poll(async () => page.url() !== before || (await dialog.isVisible()))
            .toBe(true);
          if (!(await dialog.isVisible())) {
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          }
          await scan(`${visit.path} › first row`);
          if (await dialog.isVisible()) await closeLayer(dialog);
        }
      }

      // The shell's own layers, once.
      await page.goto('/');
      await page.getByRole('button', { name: /User menu/ }).click();
      const userMenu = page.getByRole('menu');
      await expect(userMenu).toBeVisible();
      await scan('user menu');
      await closeLayer(userMenu);
      if (phone) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation' });
        await expect(drawer).toBeVisible();
        await scan('navigation drawer');
        await closeLayer(drawer);
      }
      await page.goto('/wa/templates/view/1');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await scan('/wa/templates/view/1');

      expect(found, found.join('\n')).toEqual([]);
    });
  });
}
