import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_MESSAGES } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { createTestApp, snapshot, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/**
 * Saved audiences (issue 36, decision 073): the live count equals a count written by hand in
 * SQL, and a send to an audience reaches its members as they are when it goes.
 */

/** A definition as a client sends it: `not` and `match` may be left out. */
type Definition = { match?: 'all' | 'any'; rules: Record<string, unknown>[] };

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
const delivered: string[] = [];
const at = new Date('2030-03-01T09:00:00Z');
let roleId: number;
let otherRoleId: number;
let teamA: number;
let teamB: number;
let tournamentId: number;
let matchId: number;
let topicId: number;
let people = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;

/** A person of the test's own role (or another), born `born`, with a status. */
async function person(
  over: { born?: string | null; status?: string; role?: number; email?: string } = {},
) {
  const n = ++people;
  const row = await one<{ id: number }>(
    sql`insert into users (first_name, last_name, email, phone_number, role_id, status, date_of_birth)
        values ('Aud', ${`Person ${n}`}, ${over.email ?? `aud${n}@audiences.test`},
          ${`6${String(n).padStart(9, '0')}`}, ${over.role ?? roleId}, ${over.status ?? 'verified'},
          ${over.born === undefined ? '2000-01-01' : over.born})
        returning id`,
  );
  return row.id;
}

const join = (teamId: number, userId: number) =>
  t.db.execute(sql`insert into team_players (team_id, user_id) values (${teamId}, ${userId})`);

beforeAll(async () => {
  smtp = await startTestSmtp({ onMail: (m) => delivered.push(...m.to) });
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Cricket <no-reply@audiences.test>', NOTIFY_WORKER: 'false' },
    { clock: () => at },
  );
  token = await t.login();
  roleId = (
    await one<{ id: number }>(sql`insert into roles (name) values ('aud player') returning id`)
  ).id;
  otherRoleId = (
    await one<{ id: number }>(sql`insert into roles (name) values ('aud parent') returning id`)
  ).id;
  const owner = await person();
  const team = async (name: string) =>
    (
      await one<{ id: number }>(
        sql`insert into teams (name, location, team_initials, owner_id)
            values (${name}, 'Pune', 'AUD', ${owner}) returning id`,
      )
    ).id;
  teamA = await team('Audience Strikers');
  teamB = await team('Audience Royals');
  tournamentId = (
    await one<{ id: number }>(
      sql`insert into tournaments (name, start_date, end_date) values ('Audience Cup', '2030-04-01', '2030-05-01') returning id`,
    )
  ).id;
  await t.db.execute(
    sql`insert into tournament_teams (tournament_id, team_id) values (${tournamentId}, ${teamA})`,
  );
  matchId = (
    await one<{ id: number }>(
      sql`insert into matches (tournament_id, team_a_id, team_b_id, scheduled_at, venue)
          values (${tournamentId}, ${teamA}, ${teamB}, '2030-04-05T10:00:00Z', 'Pune') returning id`,
    )
  ).id;
  topicId = (
    await one<{ id: number }>(sql`select id from messaging_topics where name = 'Match updates'`)
  ).id;

  // A spread of people: ages from 10 to 40 and one without a birth date, two statuses, two
  // roles, on team A, team B, both or neither, with answers and consents of every kind.
  const births = [
    '2020-03-01',
    '2017-03-02',
    '2016-03-01',
    '2013-03-01',
    '2012-03-02',
    '2000-06-15',
    null,
  ];
  for (let i = 0; i < 28; i++) {
    const id = await person({
      born: births[i % births.length],
      status: i % 3 === 0 ? 'pending' : 'verified',
      role: i % 4 === 0 ? otherRoleId : roleId,
    });
    if (i % 2 === 0) await join(teamA, id);
    if (i % 3 === 1) await join(teamB, id);
    if (i % 2 === 0)
      await t.db.execute(
        sql`insert into availability (match_id, user_id, team_id, status)
            values (${matchId}, ${id}, ${teamA}, ${['pending', 'available', 'not_available', 'maybe'][(i / 2) % 4]})`,
      );
    if (i % 5 === 0)
      await t.db.execute(
        sql`insert into messaging_consents (user_id, channel, topic_id, subscribed, source)
            values (${id}, 'email', ${i % 10 === 0 ? topicId : null}, false, 'admin')`,
      );
    if (i % 10 === 0)
      // A later yes for this topic overrides the earlier no.
      await t.db.execute(
        sql`insert into messaging_consents (user_id, channel, topic_id, subscribed, source)
            values (${id}, 'email', ${topicId}, ${i === 0}, 'admin')`,
      );
  }
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function count(definition: Definition) {
  const res = await api('POST', '/api/audiences/count', definition);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.count as number;
}

const direct = async (where: ReturnType<typeof sql>) =>
  (
    await one<{ n: number }>(
      sql`select count(*)::int as n from users u where u.erased_at is null and ${where}`,
    )
  ).n;

/** Whole years by PostgreSQL's own age(), not the rule's date arithmetic. */
const years = sql`date_part('year', age(current_date, u.date_of_birth))`;

describe('the live count', () => {
  it('equals a count written by hand, rule by rule and combined with and, or and not', async () => {
    const cases: [Definition, ReturnType<typeof sql>][] = [
      [{ rules: [{ field: 'role', role_id: roleId }] }, sql`u.role_id = ${roleId}`],
      [
        { rules: [{ field: 'team', team_id: teamA }] },
        sql`exists (select 1 from team_players p where p.user_id = u.id and p.team_id = ${teamA})`,
      ],
      [{ rules: [{ field: 'age', min: 13, max: 17 }] }, sql`${years} between 13 and 17`],
      [
        { rules: [{ field: 'age', min: 13, max: 17, not: true }] },
        sql`not coalesce(${years} between 13 and 17, false)`,
      ],
      [
        { rules: [{ field: 'tournament', tournament_id: tournamentId }] },
        sql`u.id in (select p.user_id from team_players p where p.team_id = ${teamA})`,
      ],
      [
        { rules: [{ field: 'availability', match_id: matchId, answer: 'available' }] },
        sql`exists (select 1 from availability a where a.user_id = u.id and a.match_id = ${matchId} and a.status = 'available')`,
      ],
      [
        { rules: [{ field: 'topic', topic_id: topicId, channel: 'email' }] },
        // Subscribed: no consent row on email for this topic or all, or the newest says yes.
        sql`coalesce((select mc.subscribed from messaging_consents mc
              where mc.user_id = u.id and mc.channel = 'email'
                and (mc.topic_id is null or mc.topic_id = ${topicId})
              order by mc.id desc limit 1), true)`,
      ],
      [
        {
          match: 'all',
          rules: [
            { field: 'team', team_id: teamA },
            { field: 'status', status: 'pending', not: true },
            { field: 'age', max: 17 },
          ],
        },
        sql`exists (select 1 from team_players p where p.user_id = u.id and p.team_id = ${teamA})
          and u.status <> 'pending' and ${years} <= 17`,
      ],
      [
        {
          match: 'any',
          rules: [
            { field: 'role', role_id: otherRoleId },
            { field: 'team', team_id: teamB },
            { field: 'availability', match_id: matchId, answer: 'maybe' },
          ],
        },
        sql`u.role_id = ${otherRoleId}
          or exists (select 1 from team_players p where p.user_id = u.id and p.team_id = ${teamB})
          or exists (select 1 from availability a where a.user_id = u.id and a.match_id = ${matchId} and a.status = 'maybe')`,
      ],
    ];
    for (const [definition, where] of cases) {
      const expected = await direct(where);
      expect(expected, JSON.stringify(definition)).toBeGreaterThan(0);
      expect(await count(definition), JSON.stringify(definition)).toBe(expected);
    }
  });

  it('refuses a rule naming a record that does not exist, naming the rule', async () => {
    const res = await api('POST', '/api/audiences/count', {
      match: 'any',
      rules: [
        { field: 'role', role_id: roleId },
        { field: 'team', team_id: 999_999 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'rules.1.team_id': [AUDIENCE_MESSAGES.unknown('team')] });
  });

  it('refuses an age rule without bounds or with them upside down', async () => {
    const none = await api('POST', '/api/audiences/count', { rules: [{ field: 'age' }] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(AUDIENCE_MESSAGES.ageRequired);
    const upside = await api('POST', '/api/audiences/count', {
      rules: [{ field: 'age', min: 18, max: 12 }],
    });
    expect(upside.statusCode).toBe(400);
    expect(upside.body).toContain(AUDIENCE_MESSAGES.ageOrder);
  });

  it('is refused to a role without audiences.view', async () => {
    const { token: other } = await t.userWith(['notifications.view']);
    const res = await t.as(other, {
      method: 'POST',
      url: '/api/audiences/count',
      payload: { rules: [{ field: 'role', role_id: roleId }] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('/api/audiences', () => {
  it('saves, lists, edits and deletes an audience; a taken name is refused and changes nothing', async () => {
    const created = await api('POST', '/api/audiences', {
      name: '  Juniors  of Strikers ',
      match: 'all',
      rules: [
        { field: 'team', team_id: teamA },
        { field: 'age', max: 17 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json().data.audience;
    expect(saved).toMatchObject({
      name: 'Juniors of Strikers',
      description: null,
      match: 'all',
      rules: [
        { field: 'team', team_id: teamA, not: false },
        { field: 'age', min: null, max: 17, not: false },
      ],
    });

    const before = await snapshot(t.db);
    const taken = await api('POST', '/api/audiences', {
      name: 'juniors of strikers',
      rules: [{ field: 'role', role_id: roleId }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: [AUDIENCE_MESSAGES.nameTaken] });
    expect(await snapshot(t.db)).toEqual(before);

    const list = await api('GET', '/api/audiences?search=juniors');
    expect(list.json().data.audiences.map((a: { _id: number }) => a._id)).toEqual([saved._id]);
    // Each rule says what its record is called now, for a form whose choices are paged.
    const teamName = (await one<{ name: string }>(sql`select name from teams where id = ${teamA}`))
      .name;
    expect(saved.rule_records).toEqual([teamName, null]);
    expect(list.json().data.audiences[0].rule_records).toEqual([teamName, null]);
    const fixture = await one<{ name: string }>(
      sql`select a.name || ' v ' || b.name || ', ' || to_char(m.scheduled_at at time zone 'UTC', 'YYYY-MM-DD') as name
        from matches m join teams a on a.id = m.team_a_id join teams b on b.id = m.team_b_id
        where m.id = ${matchId}`,
    );
    const withFixture = await api('POST', '/api/audiences', {
      name: 'Available for the fixture',
      rules: [{ field: 'availability', match_id: matchId, answer: 'available' }],
    });
    expect(withFixture.json().data.audience.rule_records).toEqual([fixture.name]);
    await api('DELETE', `/api/audiences/${withFixture.json().data.audience._id}`);

    const edited = await api('PUT', `/api/audiences/${saved._id}`, {
      name: 'Juniors of Strikers',
      match: 'any',
      rules: [{ field: 'team', team_id: teamA }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.audience.match).toBe('any');

    const removed = await api('DELETE', `/api/audiences/${saved._id}`);
    expect(removed.statusCode).toBe(200);
    expect((await api('GET', `/api/audiences/${saved._id}`)).statusCode).toBe(404);
  });
});

describe('a send to a saved audience', () => {
  async function template() {
    const res = await api('POST', '/api/notifications/templates', {
      name: `Audience news ${++people}`,
      type: 'email',
      subject: 'Hello {{first_name}}',
      message: 'Nets are on Thursday at six.',
      status: 'active',
      topic_id: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.template.id as number;
  }

  async function drain(now: Date) {
    while ((await t.app.notificationWorker.runOnce(now)) > 0);
  }

  it('decides its members when it goes: joined after scheduling in, left after scheduling out', async () => {
    const team = (
      await one<{ id: number }>(
        sql`insert into teams (name, location, team_initials, owner_id)
            values ('Audience Late', 'Pune', 'LAT', (select min(id) from users)) returning id`,
      )
    ).id;
    const stays = await person({ email: 'stays@audiences.test' });
    const leaves = await person({ email: 'leaves@audiences.test' });
    await join(team, stays);
    await join(team, leaves);
    const created = await api('POST', '/api/audiences', {
      name: 'Late joiners',
      rules: [{ field: 'team', team_id: team }],
    });
    const audienceId = created.json().data.audience._id as number;

    const res = await api('POST', '/api/notifications/send', {
      template_id: await template(),
      recipient_type: 'audience',
      audience_id: audienceId,
      subject: 'Hello {{first_name}}',
      message: 'Nets are on Thursday at six.',
      send_immediately: false,
      scheduled_at: '2030-03-01T10:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    const send = res.json().data.send;
    expect(send).toMatchObject({
      recipient_type: 'audience',
      audience_name: 'Late joiners',
      status: 'scheduled',
    });

    const joins = await person({ email: 'joins@audiences.test' });
    await join(team, joins);
    await t.db.execute(
      sql`delete from team_players where team_id = ${team} and user_id = ${leaves}`,
    );

    delivered.length = 0;
    // Before its time nothing is decided and nothing goes.
    await drain(new Date('2030-03-01T09:30:00Z'));
    expect(delivered).toEqual([]);
    await drain(new Date('2030-03-01T10:00:01Z'));
    expect(delivered.sort()).toEqual(['joins@audiences.test', 'stays@audiences.test']);
    const after = await api('GET', `/api/notifications/sends/${send.id}`);
    expect(after.json().data.send).toMatchObject({ status: 'sent', counts: { total: 2, sent: 2 } });
  });

  it('refuses an audience that no longer exists, and one with nobody in it now', async () => {
    const templateId = await template();
    const base = {
      template_id: templateId,
      recipient_type: 'audience',
      subject: 'Hello {{first_name}}',
      message: 'Nets are on Thursday at six.',
      send_immediately: true,
    };
    const missing = await api('POST', '/api/notifications/send', { ...base, audience_id: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ audience_id: [AUDIENCE_MESSAGES.sendAudienceMissing] });
    const empty = await api('POST', '/api/audiences', {
      name: 'Nobody at all',
      rules: [{ field: 'age', min: 119 }],
    });
    const none = await api('POST', '/api/notifications/send', {
      ...base,
      audience_id: empty.json().data.audience._id,
    });
    expect(none.statusCode).toBe(400);
  });
});
