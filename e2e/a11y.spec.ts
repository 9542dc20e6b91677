import axe, { type AxeResults, type RunOptions } from 'axe-core';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
  type ViewportSize,
} from './fixtures';
import {
  BULK_SELECTION_LABELS,
  DISCARD_CHANGES,
  KNOCKOUT_LABELS,
  PERSONAL_DATA_MESSAGES,
  RECORD_VERSION_MESSAGES,
  SEARCH_MESSAGES,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_SUCCESS,
  WA_WHATSAPP_TEXTS,
} from '@cricket/contracts';
import { signUnsubscribeToken } from '../apps/api/src/lib/unsubscribe-token';
import { adminApi, ADMIN_EMAIL, ADMIN_PASSWORD, E2E_UNSUBSCRIBE_SECRET } from './helpers';
import { serverURL } from './servers';

/**
 * axe-core over every screen, and every panel, dialog and menu a screen opens, at the desktop
 * and the phone size: no serious or critical violation. The screens come in a few groups, one
 * test each, so one missing control fails its group and not the whole sweep. Each test walks
 * its group at both sizes and reports every finding at once (with the nodes' selectors).
 *
 * One signed-in browser context per size is made once and its page reused by every test (a
 * context and a sign-in per test cost more than the scans), and a group walks both sizes side
 * by side. Every state is scanned in both themes (issue 33) by flipping the system's colour
 * setting, which the app follows, so a state is walked to once, not once per theme. axe-core
 * runs as one `axe.run` in the page and reports violations only: @axe-core/playwright's default
 * mode opened a blank tab for every scan to merge frames' results, which this app (no
 * cross-origin frames) does not need and which, on a loaded machine, sometimes failed to open;
 * collecting the passing checks too took a third longer.
 */

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

type Theme = 'light' | 'dark';

interface Sweep {
  page: Page;
  phone: boolean;
  /** Scans the page as it is now and records its serious and critical violations. */
  scan: (where: string) => Promise<void>;
}

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

/**
 * The rules a theme can change: the two themes differ only in colours, so the dark pages are
 * scanned for these alone (the whole rule set on them took a third of the sweep for nothing).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const rulesFor = (theme: Theme) => (theme === 'dark' ? COLOUR_RULES : undefined);

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

async function findings(page: Page, where: string, rules?: string[]): Promise<string[]> {
  await settle(page);
  // axe goes into the page once per load and is run there directly. @axe-core/playwright put
  // its 500 kB source in again before every scan, and each fresh copy ran cold: a scan took
  // about a third longer, and the sweep scans hundreds of states.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(rules && { runOnly: { type: 'rule', values: rules } }),
  };
  const violations = await page.evaluate(
    (options) =>
      window.axe!.run(document, options).then(({ violations }: AxeResults) =>
        violations
          .filter(({ impact }) => impact === 'serious' || impact === 'critical')
          .map(({ id, impact, help, nodes }) => ({
            id,
            impact,
            help,
            targets: nodes.map((node) => node.target.join(' ')),
          })),
      ),
    options,
  );
  return violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}, ${violation.help}) at ` +
      violation.targets.join(' | '),
  );
}

// The groups are independent, and the sweep is the run's largest file: both servers share it.
test.describe.configure({ mode: 'parallel' });

/**
 * Scans the page as it is in the theme it is drawn in, then flips the system's colour setting
 * and scans it again in the other (the default choice follows the system, so this also checks
 * that the app does). The walk goes on in the second theme.
 */
async function inBothThemes(page: Page, where: string): Promise<string[]> {
  const html = page.locator('html');
  const first = ((await html.getAttribute('data-theme')) ?? 'light') as Theme;
  const found: string[] = [];
  for (const theme of first === 'dark'
    ? (['dark', 'light'] as const)
    : (['light', 'dark'] as const)) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(html).toHaveAttribute('data-theme', theme);
    found.push(...(await findings(page, `${where} (${theme})`, rulesFor(theme))));
  }
  return found;
}

const pages = new Map<string, Page>();
let contexts: BrowserContext[] = [];

async function newContext(
  browser: Browser,
  info: TestInfo,
  viewport: ViewportSize,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({
    // Made outside a test's fixtures (beforeAll too): the worker's server is named here.
    baseURL: serverURL(info.parallelIndex),
    viewport,
    colorScheme: 'light',
    storageState,
  });
  contexts.push(context);
  return context;
}

test.beforeAll(async ({ browser }, info) => {
  const [first, ...others] = SIZES;
  const signedIn = await newContext(browser, info, first.viewport);
  const login = await signedIn.request.post('/api/user/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const state = await signedIn.storageState();
  pages.set(first.name, await signedIn.newPage());
  for (const size of others) {
    const context = await newContext(browser, info, size.viewport, state);
    pages.set(size.name, await context.newPage());
  }
});

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
  pages.clear();
});

/**
 * Runs `walk` at both sizes side by side, each on its size's page (axe runs in each page's own
 * renderer, so the two overlap), then fails with every finding of both.
 */
async function sweep(walk: (sweep: Sweep) => Promise<void>) {
  const found: string[] = [];
  // Settled, not all: a size that fails must not leave the other still walking into the next test.
  const walks = await Promise.allSettled(
    SIZES.map((size) => {
      const page = pages.get(size.name)!;
      return walk({
        page,
        phone: size.name === 'phone',
        scan: async (where) => {
          found.push(...(await inBothThemes(page, `${size.viewport.width}px ${where}`)));
        },
      });
    }),
  );
  for (const walk of walks) if (walk.status === 'rejected') throw walk.reason;
  expect(found.sort(), found.join('\n')).toEqual([]);
}

/** Opens a screen, waits for its heading, and scans it. */
async function visitAndScan({ page, scan }: Sweep, path: string, where = path) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await scan(where);
}

/** The open panel or dialog (a side panel is a dialog, a confirmation an alert dialog). */
const layer = (page: Page) => page.getByRole('dialog').or(page.getByRole('alertdialog')).last();

async function closeWithEscape(page: Page, open: Locator) {
  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
}

/** Clicks the screen's button `name`, scans what it opens, and closes it with Escape. */
async function openAndScan({ page, scan }: Sweep, where: string, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const open = layer(page);
  await expect(open).toBeVisible();
  await scan(`${where} › ${name}`);
  await closeWithEscape(page, open);
}

/** The first row of a list: a table row on a desktop, a card on a phone. */
const firstRow = (page: Page) =>
  page
    .locator(
      'tr[aria-label^="Open "], tr[aria-label^="View "], li[aria-label^="Open "], li[aria-label^="View "]',
    )
    .filter({ visible: true })
    .first();

/** Opens the first row (a panel on the same screen), scans it and closes it. */
async function openRowAndScan({ page, scan }: Sweep, where: string) {
  await firstRow(page).click();
  const open = layer(page);
  await expect(open).toBeVisible();
  await scan(`${where} › first row`);
  await closeWithEscape(page, open);
}

/**
 * Runs the first row's action `verb` (a phone's card holds them in a menu, scanned too), scans
 * the dialog it opens and closes it.
 */
async function rowActionAndScan({ page, phone, scan }: Sweep, where: string, verb: string) {
  if (phone) {
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await scan(`${where} › row actions menu`);
    await menu.getByRole('menuitem', { name: new RegExp(`^${verb} `) }).click();
  } else {
    await page
      .getByRole('button', { name: new RegExp(`^${verb} `) })
      .first()
      .click();
  }
  const open = layer(page);
  await expect(open).toBeVisible();
  await scan(`${where} › ${verb}`);
  await closeWithEscape(page, open);
}

/**
 * The list kit's selection (issue 33): one row's checkbox, then the page's, scanning the bulk
 * bar each time ('Select all N matching' shows once the page is full); then the bar's `action`
 * opens the one confirmation, scanned and closed with Escape. Nothing is changed: Clear ends it.
 */
async function bulkBarAndScan({ page, scan }: Sweep, where: string, action: 'delete' | 'status') {
  const L = BULK_SELECTION_LABELS;
  await page
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .first()
    .check();
  const bar = page.getByRole('region', { name: L.region });
  await expect(bar).toContainText(L.selected(1));
  await scan(`${where} › one row selected`);
  await page.getByRole('checkbox', { name: L.selectPage }).check();
  await scan(`${where} › the page selected`);
  if (action === 'status') {
    await bar.getByLabel(L.statusLabel).selectOption({ index: 1 });
    await bar.getByRole('button', { name: L.setStatus }).click();
  } else {
    await bar.getByRole('button', { name: L.delete }).click();
  }
  const ask = page.getByRole('alertdialog');
  await expect(ask).toBeVisible();
  await scan(`${where} › bulk ${action} confirmation`);
  await closeWithEscape(page, ask);
  await bar.getByRole('button', { name: L.clear }).click();
  await expect(bar).toBeHidden();
}

/** Types into the open form, asks to close it, scans 'Discard changes?' and discards. */
async function discardPromptAndScan({ page, scan }: Sweep, where: string, opener: string) {
  await page.getByRole('button', { name: opener, exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox').first().fill('Unsaved');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: DISCARD_CHANGES.title });
  await expect(ask).toBeVisible();
  await scan(`${where} › ${opener} › ${DISCARD_CHANGES.title}`);
  await ask.getByRole('button', { name: DISCARD_CHANGES.confirm }).click();
  await expect(form).toBeHidden();
}

/**
 * An edit someone else saved first (decision 059): the role panel's conflict notice, theirs
 * beside this form's, with Reload. Each page edits a role of its own, made and removed here.
 */
async function conflictAndScan({ page, phone, scan }: Sweep, where: string) {
  const api = await adminApi(page.context().request);
  const name = `a11y conflict ${Math.random().toString(36).slice(2, 8)}`;
  const { role } = await api<{ role: { id: number } }>('POST', '/api/roles', {
    name,
    description: 'First words',
  });
  await page.goto(`/roles?name=${encodeURIComponent(name)}`);
  if (phone) {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: `Edit ${name}` }).click();
  } else {
    await page.getByRole('button', { name: `Edit ${name}` }).click();
  }
  const panel = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(panel.getByLabel('Description')).toHaveValue('First words');
  await api('PUT', `/api/roles/${role.id}`, { name, description: 'Their words' });
  await panel.getByLabel('Description').fill('My words');
  await panel.getByRole('button', { name: 'Update Role' }).click();
  await expect(
    panel.getByRole('alert').filter({ hasText: RECORD_VERSION_MESSAGES.changed }),
  ).toBeVisible();
  await scan(`${where} › ${RECORD_VERSION_MESSAGES.changed}`);
  await panel.getByRole('button', { name: RECORD_VERSION_MESSAGES.reload }).click();
  await expect(panel.getByLabel('Description')).toHaveValue('Their words');
  await closeWithEscape(page, panel);
  // Gone again: the roles list's first page is the roles spec's to fill.
  await api('DELETE', `/api/roles/${role.id}`);
}

interface Ids {
  user: number;
  team: number;
  waTemplate: number;
  /** A WhatsApp template never submitted (its page offers Submit for approval). */
  waDraft: number;
  /** A WhatsApp template Meta approved (it can be sent). */
  waApproved: number;
  send: number;
}
let ids: Ids | undefined;

/** The records the detail pages show, from the demo data; a scheduled send is made once. */
/**
 * A knockout of three of the demo's teams with round 1 decided (seed 1 had a bye): its page
 * shows the rounds and offers Draw Next Round. Its dates lie in 2031, after the demo's fixtures.
 */
async function knockoutReady() {
  const api = await adminApi(pages.get(SIZES[0].name)!.context().request);
  const teams = await api<{ data: { id: number }[] }>('GET', '/api/teams?limit=3');
  const { tournament } = await api<{ tournament: { id: number } }>('POST', '/api/tournaments', {
    name: `A11y Cup ${Date.now().toString(36)}`,
    format: 'knockout',
    overs: 20,
    start_date: '2031-01-04',
    end_date: '2031-03-31',
    match_days: [6],
    points_win: 2,
    points_tie: 1,
    points_no_result: 1,
    points_loss: 0,
    team_ids: teams.data.map((team) => team.id),
  });
  const { fixtures } = await api<{ fixtures: { id: number }[] }>(
    'POST',
    `/api/tournaments/${tournament.id}/fixtures/generate`,
  );
  const innings = (runs: number) => ({ runs, wickets: 4, overs: 20, balls: 0 });
  await api('PUT', `/api/matches/${fixtures[0]!.id}/result`, {
    result_type: 'win',
    team_a: innings(150),
    team_b: innings(120),
  });
  await api('POST', `/api/matches/${fixtures[0]!.id}/result/confirm`);
  return tournament.id;
}

async function recordIds(): Promise<Ids> {
  if (ids) return ids;
  const api = await adminApi(pages.get(SIZES[0].name)!.context().request);
  type Page<T> = { data: T[] };
  type WaPage = { templates: { _id: number; status: string; category: { _id: number } }[] };
  const [users, teams, wa, templates] = await Promise.all([
    api<Page<{ id: number }>>('GET', '/api/users?limit=1'),
    api<Page<{ id: number }>>('GET', '/api/teams?limit=1'),
    api<WaPage>('GET', '/api/wa/templates?limit=100'),
    api<Page<{ id: number; type: string }>>('GET', '/api/notifications/templates?limit=50'),
  ]);
  // A template WhatsApp holds but this product no longer does: the sync result lists it.
  const { template: gone } = await api<{ template: { _id: number } }>('POST', '/api/wa/templates', {
    name: `a11y_sync_${Date.now().toString(36)}`,
    category: wa.templates[0]!.category._id,
    type: 'text',
    whatsapp_category: 'UTILITY',
    body_text: 'Hello {{first_name}}, the gates open at 4 PM today. See you there!',
    sample_values: { first_name: 'Asha' },
  });
  await api('POST', `/api/wa/templates/${gone._id}/submit`, {});
  await api('DELETE', `/api/wa/templates/${gone._id}`);
  const email = templates.data.find((template) => template.type === 'email')!;
  // Scheduled a year ahead: the page shows its Cancel Send, and nothing is delivered.
  const { send } = await api<{ send: { id: number } }>('POST', '/api/notifications/send', {
    template_id: email.id,
    recipient_type: 'specific',
    recipient_ids: [users.data[0]!.id],
    subject: 'Accessibility sweep',
    message: 'Hello {{first_name}}',
    send_immediately: false,
    scheduled_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
  ids = {
    user: users.data[0]!.id,
    team: teams.data[0]!.id,
    waTemplate: wa.templates[0]!._id,
    waDraft: wa.templates.find((t) => t.status === 'draft')!._id,
    waApproved: wa.templates.find((t) => t.status === 'approved')!._id,
    send: send.id,
  };
  return ids;
}

test.describe('axe at 1440×900 and 390×844, light and dark', () => {
  // A missing control fails in seconds, not at the end of the group's time-out.
  test.use({ actionTimeout: 20_000 });
  // Two pages walk each group side by side, scanning in both themes; on a machine under other
  // jobs' load the larger groups took up to 5 minutes, so the time-out leaves room for that.
  test.beforeEach(() => test.setTimeout(600_000));

  test('signed out: the login page and its error', async ({ browser }, info) => {
    const found: string[] = [];
    for (const size of SIZES) {
      const context = await newContext(browser, info, size.viewport);
      const page = await context.newPage();
      const at = `${size.viewport.width}px`;
      await page.goto('/login');
      found.push(...(await inBothThemes(page, `${at} /login`)));
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Invalid email or password')).toBeVisible();
      found.push(...(await inBothThemes(page, `${at} /login with an error`)));
      await context.close();
      contexts = contexts.filter((c) => c !== context);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test('signed out: the preference page of an unsubscribe link, saved', async ({
    browser,
  }, info) => {
    const { user } = await recordIds();
    const token = signUnsubscribeToken(E2E_UNSUBSCRIBE_SECRET, {
      userId: user,
      topicId: null,
      channel: 'email',
    });
    const found: string[] = [];
    for (const size of SIZES) {
      const context = await newContext(browser, info, size.viewport);
      const page = await context.newPage();
      const at = `${size.viewport.width}px`;
      await page.goto(`/u/${token}`);
      await expect(
        page.getByRole('heading', { name: UNSUBSCRIBE_MESSAGES.title, level: 1 }),
      ).toBeVisible();
      found.push(...(await inBothThemes(page, `${at} /u/{token}`)));
      await page.getByRole('button', { name: UNSUBSCRIBE_MESSAGES.save }).click();
      await expect(page.getByText(UNSUBSCRIBE_SUCCESS.saved)).toBeVisible();
      found.push(...(await inBothThemes(page, `${at} /u/{token} saved`)));
      await context.close();
      contexts = contexts.filter((c) => c !== context);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test('the shell, the dashboard, users and a user', async () => {
    const { user } = await recordIds();
    await sweep(async (s) => {
      const { page, phone, scan } = s;
      await visitAndScan(s, '/');
      await page.getByRole('button', { name: /User menu/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await scan('/ › user menu');
      await closeWithEscape(page, menu);
      const search = page.getByRole('combobox', { name: SEARCH_MESSAGES.label });
      await search.fill('ad');
      const results = page.getByRole('listbox', { name: SEARCH_MESSAGES.label });
      await expect(results.getByRole('option').first()).toBeVisible();
      await scan('/ › search results');
      // Escape in the box itself: the scan may leave the page's focus elsewhere.
      await search.press('Escape');
      await expect(results).toBeHidden();
      await search.fill('');
      if (phone) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation' });
        await expect(drawer).toBeVisible();
        await scan('/ › navigation drawer');
        await closeWithEscape(page, drawer);
      }

      // An address value the list cannot use, dropped with its note.
      await visitAndScan(s, '/users?role_id=xyz', '/users with an ignored filter');
      await openAndScan(s, '/users', 'Add User');
      await discardPromptAndScan(s, '/users', 'Add User');
      await rowActionAndScan(s, '/users', 'Delete');
      await bulkBarAndScan(s, '/users', 'status');

      await visitAndScan(s, `/users/view?id=${user}`, '/users/view');
      await openAndScan(s, '/users/view', 'Edit');
      await openAndScan(s, '/users/view', 'Set Password');
      await openAndScan(s, '/users/view', PERSONAL_DATA_MESSAGES.eraseLabel);
    });
  });

  test('teams, a team, roles, matches and tournaments', async () => {
    const { team } = await recordIds();
    const knockout = await knockoutReady();
    await sweep(async (s) => {
      const { page, scan } = s;
      await visitAndScan(s, '/teams');
      await openAndScan(s, '/teams', 'Add Team');
      // The team form's owner picker: a dialog over the panel.
      await page.getByRole('button', { name: 'Add Team', exact: true }).click();
      const teamForm = page.getByRole('dialog', { name: 'Create New Team' });
      await teamForm.getByRole('button', { name: /^Owner/ }).click();
      const owners = page.getByRole('dialog', { name: 'Select Owner' });
      await expect(owners).toBeVisible();
      await scan('/teams › Add Team › Select Owner');
      await closeWithEscape(page, owners);
      await closeWithEscape(page, teamForm);
      await rowActionAndScan(s, '/teams', 'Edit');
      await bulkBarAndScan(s, '/teams', 'delete');

      await visitAndScan(s, `/teams/view?id=${team}`, '/teams/view');
      await page.getByRole('button', { name: 'Add Players', exact: true }).click();
      const players = page.getByRole('dialog', { name: 'Manage Players' });
      await expect(players).toBeVisible();
      await scan('/teams/view › Add Players');
      await players
        .getByRole('button', { name: /^Select / })
        .first()
        .click();
      await players.getByRole('button', { name: 'View Selected Players' }).click();
      const selected = page.getByRole('dialog', { name: /^Selected Players/ });
      await expect(selected).toBeVisible();
      await scan('/teams/view › Add Players › View Selected Players');
      await closeWithEscape(page, selected);
      await page.keyboard.press('Escape');
      await page
        .getByRole('alertdialog', { name: DISCARD_CHANGES.title })
        .getByRole('button', { name: DISCARD_CHANGES.confirm })
        .click();
      await expect(players).toBeHidden();
      await rowActionAndScan(s, '/teams/view', 'Edit');
      await rowActionAndScan(s, '/teams/view', 'Remove');

      await visitAndScan(s, '/roles');
      await openAndScan(s, '/roles', 'Add Role');
      await openRowAndScan(s, '/roles');

      for (const path of ['/matches', '/tournaments']) {
        await visitAndScan(s, path);
      }
      await openAndScan(s, '/tournaments', 'Create Tournament');
      // The demo's upcoming tournament: its table, fixtures and grid, and its panels.
      await page.getByLabel('Search by tournament name').fill('Champions Trophy');
      await page.locator('[aria-label="Open Champions Trophy"]').first().click();
      await expect(page.getByRole('heading', { name: 'Champions Trophy', level: 1 })).toBeVisible();
      await scan('/tournaments/view');
      for (const [button, title] of [
        ['Pick Team', 'Pick Team'],
        ['Ask Availability', 'Ask Availability'],
        ['Import Fixtures', 'Import Fixtures'],
        ['Edit Fixture', 'Edit Fixture'],
      ] as const) {
        await page
          .getByRole('button', { name: new RegExp(`^${button}`) })
          .first()
          .click();
        const open = page.getByRole('dialog', { name: title });
        await expect(open).toBeVisible();
        await scan(`/tournaments/view › ${button}`);
        await closeWithEscape(page, open);
      }
      // A knockout: its rounds in place of the points table, and the next round's draw.
      await visitAndScan(s, `/tournaments/view?id=${knockout}`, '/tournaments/view (knockout)');
      await page.getByRole('button', { name: KNOCKOUT_LABELS.drawNext }).click();
      const draw = page.getByRole('alertdialog', { name: KNOCKOUT_LABELS.drawNext });
      await expect(draw).toBeVisible();
      await scan('/tournaments/view › Draw Next Round');
      await closeWithEscape(page, draw);
    });
  });

  test('the notice of an edit someone else saved first', async () => {
    await sweep((s) => conflictAndScan(s, '/roles › Edit Role'));
  });

  test('notification templates, sending, sends and a send, email templates, support', async () => {
    const { send } = await recordIds();
    await sweep(async (s) => {
      const { page, scan } = s;
      await visitAndScan(s, '/notification-templates');
      await openAndScan(s, '/notification-templates', 'Add Template');
      await rowActionAndScan(s, '/notification-templates', 'Edit');

      await visitAndScan(s, '/send-notification');
      const template = page.getByRole('combobox', { name: 'Template' });
      const email = template.locator('option', { hasText: '(Email)' }).first();
      await template.selectOption((await email.getAttribute('value'))!);
      await page.getByLabel('Active Users').check();
      await page.getByRole('button', { name: 'Send Now' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Send Notification' });
      await expect(confirm).toBeVisible();
      await scan('/send-notification › confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      await visitAndScan(s, '/sent-notifications');
      await visitAndScan(s, `/sent-notifications/view?id=${send}`, '/sent-notifications/view');
      await openAndScan(s, '/sent-notifications/view', 'Cancel');

      await visitAndScan(s, '/email-templates');
      await openAndScan(s, '/email-templates', 'Add Template');
      await openRowAndScan(s, '/email-templates');

      await visitAndScan(s, '/suppressions');
      await openAndScan(s, '/suppressions', 'Suppress Address');

      await visitAndScan(s, '/support');
      await firstRow(page).click();
      const message = page.getByRole('dialog');
      await expect(message).toBeVisible();
      await scan('/support › first row');
      await message.getByRole('button', { name: 'Reply', exact: true }).click();
      const reply = page.getByRole('dialog', { name: /^Reply to / });
      await expect(reply).toBeVisible();
      await scan('/support › Reply');
      await closeWithEscape(page, reply);
    });
  });

  test('WhatsApp templates, a template, submitting, syncing, sending, categories', async () => {
    const { waTemplate, waDraft, waApproved } = await recordIds();
    await sweep(async (s) => {
      const { page, scan } = s;
      await visitAndScan(s, '/wa-templates');
      await openAndScan(s, '/wa-templates', 'Create Template');
      await rowActionAndScan(s, '/wa-templates', 'View');
      await page.getByRole('button', { name: WA_WHATSAPP_TEXTS.sync, exact: true }).click();
      await expect(page.getByRole('region', { name: 'Sync result' })).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: /^Synced with WhatsApp/ }),
      ).toBeVisible();
      await scan(`/wa-templates › ${WA_WHATSAPP_TEXTS.sync}`);

      await visitAndScan(s, `/wa/templates/view/${waTemplate}`, '/wa/templates/view');
      await visitAndScan(s, `/wa/templates/view/${waDraft}`, '/wa/templates/view of a draft');
      await page.getByRole('button', { name: WA_WHATSAPP_TEXTS.submit, exact: true }).click();
      const review = page.getByRole('alertdialog', { name: WA_WHATSAPP_TEXTS.reviewTitle });
      await expect(review).toBeVisible();
      await scan(`/wa/templates/view › ${WA_WHATSAPP_TEXTS.submit}`);
      await closeWithEscape(page, review);

      await visitAndScan(s, `/send-whatsapp?template_id=${waApproved}`, '/send-whatsapp');

      await visitAndScan(s, '/wa-template-categories');
      await openAndScan(s, '/wa-template-categories', 'Create Category');
      await openRowAndScan(s, '/wa-template-categories');
    });
  });

  test('profile and sessions, the activity log, a missing page', async () => {
    await sweep(async (s) => {
      const { page, scan } = s;
      await visitAndScan(s, '/profile');
      await page.getByRole('button', { name: 'Edit account details' }).click();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
      await scan('/profile › Edit account details');
      await page.getByRole('button', { name: 'Close', exact: true }).click();

      await visitAndScan(s, '/audiences');
      await openAndScan(s, '/audiences', 'New audience');

      await visitAndScan(s, '/messaging-topics');
      await openAndScan(s, '/messaging-topics', 'Create Topic');
      await openAndScan(s, '/messaging-topics', 'Edit quiet hours');

      await visitAndScan(s, '/activity-log');
      await openRowAndScan(s, '/activity-log');

      for (const path of ['/no-such-page', '/terms-and-conditions']) {
        await visitAndScan(s, path);
      }
    });
  });
});
