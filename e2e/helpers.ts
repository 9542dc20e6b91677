import { DISCARD_CHANGES, SEND_PREVIEW_MESSAGES } from '@cricket/contracts';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The administrator the e2e server seeds (see playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@cricket.test';
export const ADMIN_PASSWORD = 'Admin@12345';
/** The e2e server's UNSUBSCRIBE_SECRET, so a test can sign a preference page's token itself. */
export const E2E_UNSUBSCRIBE_SECRET = 'e2e-unsubscribe-secret-0123456789';

/**
 * Signs in through the API: the browser context gets the session cookie, and the test then
 * opens the screen it is about. The sign-in form itself is tested in auth.spec.ts; going
 * through it before every test cost minutes of the suite.
 */
export async function signInByApi(
  page: Page,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<void> {
  const res = await page.request.post('/api/user/login', { data: { email, password } });
  expect(res.ok(), `sign-in as ${email}: ${await res.text()}`).toBe(true);
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(
  page: Page,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Password hashing is deliberately slow; on a loaded machine sign-in takes seconds.
  await expect(page).toHaveURL('/', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Picks `option` in one of the app's drop-downs (a native select) and checks it shows. */
export async function choose(select: Locator, option: string): Promise<void> {
  await select.selectOption({ label: option });
  await expectChosen(select, option);
}

/** Checks that one of the app's drop-downs shows `option`. */
export async function expectChosen(select: Locator, option: string): Promise<void> {
  await expect(select.locator('option:checked')).toHaveText(option);
}

/** Answers the form kit's 'Discard changes?' with Discard, after a form with changes closes. */
export async function discardChanges(page: Page): Promise<void> {
  const ask = page.getByRole('alertdialog', { name: DISCARD_CHANGES.title });
  await ask.getByRole('button', { name: DISCARD_CHANGES.confirm }).click();
  await expect(ask).toBeHidden();
}

/** A bearer-token API call, for set-up a test does not exercise through the UI. */
export type AdminCall = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: object,
) => Promise<T>;

/** Signs the administrator in through the API and answers a call that checks each answer. */
export async function adminApi(request: APIRequestContext): Promise<AdminCall> {
  const login = await request.post('/api/user/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()).data as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: object) => {
    const res = await request.fetch(url, { method, data, headers });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()).data as T;
  };
}

/** A verified user in the first role that is not admin, made through the API; answers the id. */
export async function newVerifiedUser(
  api: AdminCall,
  fields: { first_name: string; last_name: string; email: string; phone_number: string } & Record<
    string,
    unknown
  >,
): Promise<number> {
  const roles = await api<{ id: number; name: string }[]>('GET', '/api/roles/active');
  const { user } = await api<{ user: { id: number } }>('POST', '/api/users', {
    role_id: roles.find((r) => r.name !== 'admin')!.id,
    status: 'verified',
    ...fields,
  });
  return user.id;
}

/**
 * A team (active unless `is_active` says not) with the first organiser as its owner, made
 * through the API; answers its id and the body it was made with (a PUT of it changed is a
 * colleague's edit).
 */
export async function newTeam(
  api: AdminCall,
  fields: { name: string; team_initials: string; location?: string; is_active?: boolean },
) {
  const { data: owners } = await api<{ data: { id: number }[] }>(
    'GET',
    '/api/users/organizers?page=1&limit=1',
  );
  const body = {
    location: 'Pune',
    is_active: true,
    add_me: false,
    owner_id: owners[0]!.id,
    ...fields,
  };
  const { team } = await api<{ team: { id: number } }>('POST', '/api/teams', body);
  return { id: team.id, body };
}

/**
 * Puts the first players the team can pick into its squad, named `names` in order, through the
 * API; answers their user ids.
 */
export async function addSquadPlayers(api: AdminCall, teamId: number, names: string[]) {
  const available = await api<{ data: { id: number }[] }>(
    'GET',
    `/api/teams/${teamId}/players?page=1&limit=${names.length}`,
  );
  const picked = available.data.slice(0, names.length);
  await api('POST', `/api/teams/${teamId}/players/multiple`, {
    players: picked.map((player, n) => ({
      user_id: player.id,
      player_name: names[n],
      player_role: null,
      batting_style: null,
      bowling_style: null,
      jersey_number: null,
      is_captain: false,
      is_wicket_keeper: false,
    })),
  });
  return picked.map((player) => player.id);
}

/** Posts the website's contact form to the public endpoint, as the platform's site would. */
export async function submitContact(
  request: APIRequestContext,
  name: string,
  email: string,
  subject: string,
) {
  const res = await request.post('/api/contact', {
    data: { name, email, subject, message: 'When do tickets for the final go on sale?' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Issue 32's dry-run line on the send form. */
const DRY_RUN_LINE = new RegExp(`^${SEND_PREVIEW_MESSAGES.label}: ([\\d,]+) will receive`);
const countIn = (s: string | undefined) => Number((s ?? '0').replace(/,/g, ''));

/** Opens the form with the template chosen and active users as the audience; reads the line. */
export async function dryRun(page: Page, templateId: number) {
  await page.goto(`/send-notification?template_id=${templateId}`);
  await page.getByLabel('Active Users').check();
  const line = page.getByTestId('dry-run');
  await expect(line).toHaveText(DRY_RUN_LINE);
  await expect(line).toHaveAttribute('aria-busy', 'false');
  const text = (await line.textContent())!;
  return {
    text: text.replace(`${SEND_PREVIEW_MESSAGES.label}: `, ''),
    willReceive: countIn(DRY_RUN_LINE.exec(text)![1]),
    unsubscribed: countIn(/([\d,]+) unsubscribed/.exec(text)?.[1]),
  };
}
