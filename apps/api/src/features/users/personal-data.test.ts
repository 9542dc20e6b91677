import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_REASONS,
  ERASED_VALUE,
  PERSONAL_DATA_MESSAGES,
  PERSONAL_DATA_SUCCESS,
  PROTECTED_ROLE_ID,
  SUPPRESSED_PREFIX,
  erasedUserName,
  personalDataFileName,
  type PersonalDataExport,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { permissions, rolePermissions, roles } from '../../db/schema';
import { ADMIN, createTestApp, userPayload, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/**
 * Issue 34's export and erasure (decision 055): a person with something in every table that
 * holds personal data, other people beside them, and what the export and the database show.
 */

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let playerRole: number;
let ownerRole: number;
let templateId: number;

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The person: every value distinctive, so a hit anywhere is theirs. */
const PERSON = {
  first_name: 'Zephyrine',
  last_name: 'Quillfeather',
  email: 'zephyrine.q@privacy.test',
  phone_number: '9812345601',
  date_of_birth: '1991-07-19',
  address: '77 Larkspur Lane',
  password: 'Zephyr#Pass123',
};
/** Where they lived before: an old value is theirs as much as the current one. */
const OLD_ADDRESS = '3 Old Mill Road';
/** The people beside them. */
const OTHERS = [
  {
    first_name: 'Bartholomew',
    last_name: 'Ironwood',
    email: 'bart.i@privacy.test',
    phone_number: '9812345602',
  },
  {
    first_name: 'Ottoline',
    last_name: 'Fairweather',
    email: 'otto.f@privacy.test',
    phone_number: '9812345603',
  },
];
const OWNER = {
  first_name: 'Cornelius',
  last_name: 'Blackthorn',
  email: 'corn.b@privacy.test',
  phone_number: '9812345604',
};

const post = (url: string, payload: unknown, as = token) =>
  t.as(as, { method: 'POST', url, payload: payload as object });
const get = (url: string, as = token) => t.as(as, { method: 'GET', url });

async function ok(res: Awaited<ReturnType<typeof post>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

async function drain() {
  while ((await t.app.notificationWorker.runOnce()) > 0);
}

async function createUser(roleId: number, over: Record<string, unknown>) {
  const body = await ok(await post('/api/users', userPayload(roleId, over)));
  return body.data.user.id as number;
}

let personId: number;
let otherIds: number[];
let ownerId: number;
let teamId: number;
let pictureUrl: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Cricket <no-reply@privacy.test>',
    NOTIFY_WORKER: 'false',
    NOTIFY_RETRY_BASE_MS: '0',
  });
  token = await t.login();
  const [player] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  playerRole = player!.id;
  // The person signs in (sessions) and edits another player (audit records made by them).
  await t.db.execute(sql`insert into ${rolePermissions} (role_id, permission_id)
    select ${playerRole}, id from ${permissions} where name in ('admin.access', 'users.view', 'users.update')`);
  const [owner] = await t.db.insert(roles).values({ name: 'owner' }).returning({ id: roles.id });
  ownerRole = owner!.id;

  const upload = new FormData();
  upload.append('type', 'profile_pictures');
  upload.append('files', new Blob([PNG_1PX], { type: 'image/png' }), 'zephyrine-portrait.png');
  const req = new Request('http://x/', { method: 'POST', body: upload });
  const uploaded = await ok(
    await t.as(token, {
      method: 'POST',
      url: '/api/media/upload',
      headers: { 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    }),
  );
  pictureUrl = uploaded.data.files[0].url;

  personId = await createUser(playerRole, {
    ...PERSON,
    address: OLD_ADDRESS,
    city: 'Nagpur',
    profile_picture: pictureUrl,
  });
  otherIds = [];
  for (const o of OTHERS)
    otherIds.push(await createUser(playerRole, { ...o, address: '5 Elm Court' }));
  ownerId = await createUser(ownerRole, { ...OWNER, address: '9 Oak Row' });
  // An edit of the person: an update record with before and after values.
  await ok(
    await t.editUser(token, personId, {
      ...PERSON,
      city: 'Pune',
      profile_picture: pictureUrl,
    }),
  );
  await ok(
    await t.as(token, {
      method: 'PUT',
      url: `/api/users/${personId}/password`,
      payload: { password: PERSON.password, confirm_password: PERSON.password },
    }),
  );

  // Their sessions, from a named device, and an edit they make of someone else.
  const personToken = await t.login(PERSON.email, PERSON.password);
  await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
    payload: { email: PERSON.email, password: PERSON.password },
  });
  await ok(await t.editUser(personToken, otherIds[0]!, { city: 'Indore' }));

  // A team of the owner with the person and another player in its squad.
  const team = await ok(
    await post('/api/teams', {
      name: 'Privacy Falcons',
      location: 'Nagpur',
      team_initials: 'PF',
      owner_id: ownerId,
    }),
    201,
  );
  teamId = team.data.team.id;
  await ok(
    await post(`/api/teams/${teamId}/players/multiple`, {
      players: [
        {
          user_id: personId,
          player_name: `${PERSON.first_name} ${PERSON.last_name}`,
          jersey_number: 7,
        },
        {
          user_id: otherIds[1]!,
          player_name: `${OTHERS[1]!.first_name} ${OTHERS[1]!.last_name}`,
          jersey_number: 8,
        },
      ],
    }),
    201,
  );
  await t.db.execute(
    sql`insert into community_posts (author_id, body) values (${personId}, 'Nets at six, Zephyrine'), (${otherIds[1]!}, 'Ottoline was here')`,
  );

  // Consent history: a topic, opted out by an administrator with a reason.
  const topic = await ok(
    await post('/api/messaging/topics', { name: 'Match news', default_subscribed: true }),
    201,
  );
  await ok(
    await t.as(token, {
      method: 'PUT',
      url: `/api/users/${personId}/preferences`,
      payload: {
        topic_id: topic.data.topic.id,
        channel: 'sms',
        subscribed: false,
        reason: 'Asked at the ground',
      },
    }),
  );
  // A suppression of their WhatsApp number, and one of another person's.
  await ok(
    await post('/api/messaging/suppressions', {
      channel: 'whatsapp',
      address: `+91${PERSON.phone_number}`,
      reason: 'Asked not to be messaged',
    }),
    201,
  );
  await ok(
    await post('/api/messaging/suppressions', {
      channel: 'whatsapp',
      address: `+91${OTHERS[0]!.phone_number}`,
      reason: 'Asked too',
    }),
    201,
  );

  // A message to everyone, sent.
  const template = await ok(
    await post('/api/notifications/templates', {
      name: 'Greeting',
      type: 'email',
      subject: 'Hello {{first_name}}',
      message: 'Dear {{first_name}} {{last_name}}, nets are at six.',
      status: 'active',
    }),
    201,
  );
  templateId = template.data.template.id;
  await sendToAll();

  // Contact messages from their email and from another person's, each with a reply.
  for (const [name, email, message] of [
    [`${PERSON.first_name} ${PERSON.last_name}`, PERSON.email, `I live at ${PERSON.address}`],
    [`${OTHERS[0]!.first_name} ${OTHERS[0]!.last_name}`, OTHERS[0]!.email, 'When is the final?'],
  ] as const) {
    await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name, email, subject: `Question from ${name}`, message },
      }),
      201,
    );
  }
  const threads = await queryRows<{ id: number; email: string }>(
    t.db,
    sql`select id, email from contact_messages order by id`,
  );
  expect(threads).toHaveLength(2);
  for (const m of threads)
    await ok(
      await post(`/api/contact-messages/${m.id}/reply`, {
        subject: 'Re: your question',
        message: 'Thanks, we will call you.',
      }),
    );
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function sendToAll() {
  const res = await post('/api/notifications/send', {
    template_id: templateId,
    recipient_type: 'all',
    subject: 'Hello {{first_name}}',
    message: 'Dear {{first_name}} {{last_name}}, nets are at six.',
  });
  const body = await ok(res, 201);
  await drain();
  return body.data.send.id as number;
}

/** Everything in the database as text: pg_dump on PostgreSQL, every public table on PGlite. */
async function databaseText(): Promise<string> {
  if (t.databaseUrl) {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', t.databaseUrl], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  }
  const tables = await queryRows<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables)
    parts.push(
      table_name,
      JSON.stringify(await queryRows(t.db, sql`select * from ${sql.identifier(table_name)}`)),
    );
  return parts.join('\n');
}

/** The person's identifying values, as they could appear in any text. */
const theirValues = [
  PERSON.first_name,
  PERSON.last_name,
  PERSON.email,
  PERSON.phone_number,
  PERSON.address,
  PERSON.date_of_birth,
  OLD_ADDRESS,
];
/** Each value found in `text`, with what surrounds its first appearance (to say where). */
const hits = (text: string, values: string[]) =>
  values.flatMap((v) => {
    const at = text.toLowerCase().indexOf(v.toLowerCase());
    return at < 0 ? [] : [`${v}: …${text.slice(Math.max(0, at - 120), at + v.length + 40)}…`];
  });

describe('GET /api/users/{id}/personal-data', () => {
  let doc: PersonalDataExport;
  let text: string;

  beforeAll(async () => {
    const res = await get(`/api/users/${personId}/personal-data`);
    const body = await ok(res);
    expect(body.message).toBe(PERSONAL_DATA_SUCCESS.exported);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${personalDataFileName(personId)}"`,
    );
    doc = body.data.personal_data;
    text = res.body;
  });

  it('holds every item of theirs', () => {
    expect(doc.profile).toMatchObject({
      id: personId,
      phone_number: PERSON.phone_number,
      role: 'player',
    });
    expect(doc.profile.details).toMatchObject({
      email: PERSON.email,
      date_of_birth: PERSON.date_of_birth,
      address: PERSON.address,
      city: 'Pune',
    });
    expect(doc.picture).toEqual({
      url: pictureUrl,
      file_name: 'zephyrine-portrait.png',
      content_type: 'image/png',
    });
    expect(doc.squads).toEqual([
      expect.objectContaining({ team_id: teamId, team_name: 'Privacy Falcons', jersey_number: 7 }),
    ]);
    expect(doc.community_posts.map((p) => p.body)).toEqual(['Nets at six, Zephyrine']);
    expect(doc.sessions.length).toBe(2);
    expect(
      doc.sessions.some((s) => s.device_name !== null && s.user_agent?.includes('iPhone')),
    ).toBe(true);
    expect(doc.messaging_consents).toEqual([
      expect.objectContaining({
        channel: 'sms',
        topic: 'Match news',
        subscribed: false,
        reason: 'Asked at the ground',
      }),
    ]);
    expect(doc.suppressions).toEqual([
      expect.objectContaining({
        channel: 'whatsapp',
        address: `+91${PERSON.phone_number}`,
        reason: 'admin',
      }),
    ]);
    expect(doc.deliveries).toEqual([
      expect.objectContaining({
        channel: 'email',
        address: PERSON.email,
        subject: `Hello ${PERSON.first_name}`,
        message: `Dear ${PERSON.first_name} ${PERSON.last_name}, nets are at six.`,
        status: 'sent',
      }),
    ]);
    expect(doc.contact_messages).toEqual([
      expect.objectContaining({
        email: PERSON.email,
        message: `I live at ${PERSON.address}`,
        replies: [expect.objectContaining({ body: 'Thanks, we will call you.' })],
      }),
    ]);
    const actions = doc.audit_about_them.map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['create', 'update', 'password_change', 'preference_change']),
    );
    expect(doc.audit_about_them.find((a) => a.action === 'update')!.changes).toMatchObject({
      city: { before: 'Nagpur', after: 'Pune' },
    });
    expect(doc.audit_by_them).toEqual([
      expect.objectContaining({ action: 'update', entity_type: 'user', entity_id: otherIds[0] }),
    ]);
    expect(doc.audit_by_them[0]).not.toHaveProperty('changes');
  });

  it("holds nothing of anyone else's", () => {
    const others = [...OTHERS, OWNER].flatMap((o) => [
      o.first_name,
      o.last_name,
      o.email,
      o.phone_number,
    ]);
    expect(
      hits(text, [...others, ADMIN.email, '5 Elm Court', '9 Oak Row', 'Ottoline was here']),
    ).toEqual([]);
  });

  it('is an audited event without values', async () => {
    const [row] = await queryRows<{ changes: unknown }>(
      t.db,
      sql`select changes from audit_logs where entity_type = 'user' and entity_id = ${personId} and action = 'personal_data_export'`,
    );
    expect(row).toEqual({ changes: {} });
  });

  it('answers 404 for no such user and 403 without the permission', async () => {
    expect((await get('/api/users/999999/personal-data')).statusCode).toBe(404);
    const staff = await t.userWith(['users.view']);
    expect((await get(`/api/users/${personId}/personal-data`, staff.token)).statusCode).toBe(403);
  });
});

describe('POST /api/users/{id}/erase', () => {
  it('refuses a confirmation that is not their email, and changes nothing', async () => {
    const res = await post(`/api/users/${personId}/erase`, { confirm: OTHERS[0]!.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PERSONAL_DATA_MESSAGES.confirmMismatch);
    expect(hits(await databaseText(), [PERSON.email])).toHaveLength(1);
  });

  it('refuses a team owner, the last administrator and oneself', async () => {
    const owner = await post(`/api/users/${ownerId}/erase`, { confirm: OWNER.email });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe(PERSONAL_DATA_MESSAGES.ownsTeam);

    const [admin] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where email = ${ADMIN.email}`,
    );
    const self = await post(`/api/users/${admin!.id}/erase`, { confirm: ADMIN.email });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PERSONAL_DATA_MESSAGES.selfErase);

    // Another holder of every permission who is not in the administrator role: the admin is
    // then the last one, and may not be erased by them.
    const other = await t.userWith(['users.erase', 'users.view']);
    await t.db.execute(sql`insert into ${rolePermissions} (role_id, permission_id)
      select ${other.roleId}, id from ${permissions} on conflict do nothing`);
    const last = await post(`/api/users/${admin!.id}/erase`, { confirm: ADMIN.email }, other.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(PERSONAL_DATA_MESSAGES.lastAdmin);
    expect(PROTECTED_ROLE_ID).toBe(1);
  });

  describe('erasing the person', () => {
    let before: { count: number };
    let waitingSend: number;

    beforeAll(async () => {
      // A delivery still queued when the erasure comes.
      const waiting = await post('/api/notifications/send', {
        template_id: templateId,
        recipient_type: 'specific',
        recipient_ids: [personId],
        subject: 'Hello {{first_name}}',
        message: 'Still waiting.',
      });
      waitingSend = (await ok(waiting, 201)).data.send.id;
      [before] = (await queryRows<{ count: number }>(
        t.db,
        sql`select players_count as count from teams where id = ${teamId}`,
      )) as [{ count: number }];
      const res = await post(`/api/users/${personId}/erase`, {
        confirm: PERSON.email.toUpperCase(),
      });
      const body = await ok(res);
      expect(body.message).toBe(PERSONAL_DATA_SUCCESS.erased(personId));
      expect(body.data.user).toMatchObject({ id: personId, status: 'suspended' });
      expect(body.data.user.erased_at).toEqual(expect.any(String));
      // Everyone else reads as not erased.
      const others = await ok(await get('/api/users?limit=100'));
      for (const u of others.data.data as { id: number; erased_at: string | null }[])
        if (u.id !== personId) expect(u.erased_at).toBeNull();
    });

    it('leaves none of their values anywhere in the database', async () => {
      expect(hits(await databaseText(), theirValues)).toEqual([]);
    });

    it('reads as Erased user in the users list and the activity log', async () => {
      const list = await ok(await get(`/api/users?name=${encodeURIComponent('Erased user')}`));
      expect(list.data.data.map((u: { id: number }) => u.id)).toContain(personId);
      const log = await ok(await get(`/api/audit-logs?actor_id=${personId}`));
      expect(log.data.data.length).toBeGreaterThan(0);
      for (const r of log.data.data)
        expect(r.actor).toEqual({ id: personId, name: erasedUserName(personId), email: null });
    });

    it('keeps the audit records about them, their values reading [erased]', async () => {
      const rows = await queryRows<{
        action: string;
        actor_id: number | null;
        changes: Record<string, { before: unknown; after: unknown }>;
      }>(
        t.db,
        sql`select action, actor_id, changes from audit_logs where entity_type = 'user' and entity_id = ${personId} order by id`,
      );
      expect(rows.map((r) => r.action)).toEqual(
        expect.arrayContaining([
          'create',
          'update',
          'password_change',
          'personal_data_export',
          'erase',
        ]),
      );
      const update = rows.find((r) => r.action === 'update')!;
      expect(update.changes.city).toEqual({ before: ERASED_VALUE, after: ERASED_VALUE });
      const create = rows.find((r) => r.action === 'create')!;
      expect(create.changes.email).toEqual({ before: null, after: ERASED_VALUE });
      expect(create.changes.role).toEqual({
        before: null,
        after: { id: playerRole, name: 'player' },
      });
      expect(rows.at(-1)).toMatchObject({ action: 'erase', changes: {} });
    });

    it('deletes the picture, ends the sessions, removes the squad place and keeps the count right', async () => {
      expect((await t.app.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
      const [s] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from sessions where user_id = ${personId}`,
      );
      expect(s!.n).toBe(0);
      const [team] = await queryRows<{ count: number; actual: number }>(
        t.db,
        sql`select players_count as count, (select count(*)::int from team_players where team_id = ${teamId}) as actual from teams where id = ${teamId}`,
      );
      expect(team).toEqual({ count: before.count - 1, actual: before.count - 1 });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: PERSON.email, password: PERSON.password },
      });
      expect(login.statusCode).toBe(401);
    });

    it('keeps only status and times of their deliveries; a waiting one is skipped and its send ends', async () => {
      smtp.received.length = 0;
      await drain();
      expect(smtp.received).toEqual([]);
      const rows = await queryRows<{
        address: string | null;
        recipient_name: string;
        status: string;
        last_error: string | null;
      }>(
        t.db,
        sql`select address, recipient_name, status, last_error from notification_deliveries
            where user_id = ${personId} order by id`,
      );
      expect(rows).toEqual([
        { address: null, recipient_name: '', status: 'sent', last_error: null },
        {
          address: null,
          recipient_name: '',
          status: 'skipped',
          last_error: DELIVERY_REASONS.noAddress('email'),
        },
      ]);
      const [send] = await queryRows<{ status: string }>(
        t.db,
        sql`select status from notification_sends where id = ${waitingSend}`,
      );
      expect(send!.status).not.toBe('running');
    });

    it("keeps other people's data", async () => {
      const text = await databaseText();
      for (const o of OTHERS) expect(hits(text, [o.email, o.phone_number])).toHaveLength(2);
      const export2 = await ok(await get(`/api/users/${otherIds[1]}/personal-data`));
      expect(export2.data.personal_data.squads).toHaveLength(1);
    });

    it('the next send to all skips them', async () => {
      smtp.received.length = 0;
      const sendId = await sendToAll();
      const [d] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from notification_deliveries where send_id = ${sendId} and user_id = ${personId}`,
      );
      expect(d!.n).toBe(0);
      expect(smtp.received.some((m) => m.to.some((a) => a.toLowerCase() === PERSON.email))).toBe(
        false,
      );
      expect(smtp.received.length).toBeGreaterThan(0);
    });

    it('a new user with their old email is allowed, and a send to them is skipped as suppressed', async () => {
      const again = await createUser(playerRole, {
        ...PERSON,
        phone_number: '9812345699',
        profile_picture: null,
      });
      smtp.received.length = 0;
      const res = await post('/api/notifications/send', {
        template_id: templateId,
        recipient_type: 'specific',
        recipient_ids: [again],
        subject: 'Hello',
        message: 'Nets at six.',
      });
      const sendId = (await ok(res, 201)).data.send.id;
      await drain();
      const [d] = await queryRows<{ status: string; last_error: string }>(
        t.db,
        sql`select status, last_error from notification_deliveries where send_id = ${sendId}`,
      );
      expect(d!.status).toBe('skipped');
      expect(d!.last_error).toContain(`${SUPPRESSED_PREFIX} (personal data erased`);
      expect(smtp.received).toEqual([]);
    });

    it('a second erasure is refused', async () => {
      const res = await post(`/api/users/${personId}/erase`, {
        confirm: `erased-${personId}@invalid`,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PERSONAL_DATA_MESSAGES.alreadyErased);
    });
  });
});
