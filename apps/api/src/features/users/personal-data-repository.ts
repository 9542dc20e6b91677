import { sql, type SQL } from 'drizzle-orm';
import {
  ERASED_VALUE,
  erasedUserName,
  renderTemplate,
  type PersonalDataExport,
  type User,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { hashedAddress } from '../../lib/suppression';
import type { AuditWriter } from '../../plugins/audit';
import { forgetNameMatches } from './list-planner';
import { findUser, lockUser } from './repository';

/**
 * A person's data on request and forgotten on request (issue 34, decision 055). The export
 * reads every table that holds something of theirs; the erasure rewrites the same tables in one
 * transaction. A table that starts holding personal data joins both here.
 */

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An uploaded file's storage key from its public URL (`/uploads/<key>`), or null. */
export function uploadKey(url: string | null): string | null {
  const key = url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null;
  return key && /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(key) ? key : null;
}

/** The whole document; null when there is no such user. Written with its audit record. */
export async function exportPersonalData(
  db: Db,
  id: number,
  audit: AuditWriter,
): Promise<PersonalDataExport | null> {
  return db.transaction(async (tx) => {
    const profile = await findUser(tx, id);
    if (!profile) return null;
    const document = await readPersonalData(tx, profile);
    // Only that a copy left, never what it held: the copy is the person's, not the trail's.
    await audit(tx, { entityId: id, action: 'personal_data_export' });
    return document;
  });
}

async function readPersonalData(db: Db, profile: User): Promise<PersonalDataExport> {
  const id = profile.id;
  const email = profile.details.email.toLowerCase();
  const phone = profile.phone_number;
  const pictureUrl = profile.details.profile_picture;
  const pictureFile = uploadKey(pictureUrl)?.split('/').pop() ?? null;

  const [pictureRow] = pictureFile
    ? await queryRows<{ original_name: string | null; mime_type: string }>(
        db,
        sql`select original_name, mime_type from media where file_name = ${pictureFile}`,
      )
    : [];

  const teamsOwned = await queryRows<PersonalDataExport['teams_owned'][number]>(
    db,
    sql`select id, name, location, ${iso(sql`created_at`)} as created_at
        from teams where owner_id = ${id} order by id`,
  );
  const squads = await queryRows<PersonalDataExport['squads'][number]>(
    db,
    sql`select tp.team_id, t.name as team_name, tp.player_name,
          (select name from dropdown_options where id = tp.player_role) as player_role,
          (select name from dropdown_options where id = tp.batting_style) as batting_style,
          (select name from dropdown_options where id = tp.bowling_style) as bowling_style,
          tp.jersey_number, tp.is_captain, tp.is_wicket_keeper,
          ${iso(sql`tp.created_at`)} as added_at
        from team_players tp join teams t on t.id = tp.team_id
        where tp.user_id = ${id} order by tp.team_id`,
  );
  const posts = await queryRows<PersonalDataExport['community_posts'][number]>(
    db,
    sql`select id, body, ${iso(sql`created_at`)} as created_at
        from community_posts where author_id = ${id} order by id`,
  );
  const sessionRows = await queryRows<PersonalDataExport['sessions'][number]>(
    db,
    sql`select device_name, device_type, ip, user_agent, ${iso(sql`created_at`)} as created_at,
          ${iso(sql`last_used_at`)} as last_used_at, ${iso(sql`expires_at`)} as expires_at,
          ${iso(sql`revoked_at`)} as revoked_at
        from sessions where user_id = ${id} order by id`,
  );
  const consents = await queryRows<PersonalDataExport['messaging_consents'][number]>(
    db,
    sql`select c.channel, (select name from messaging_topics where id = c.topic_id) as topic,
          c.subscribed, c.source, c.address, c.reason, ${iso(sql`c.created_at`)} as created_at
        from messaging_consents c where c.user_id = ${id} order by c.id`,
  );
  // Who added or removed an entry is another person: left out.
  const suppressions = await queryRows<PersonalDataExport['suppressions'][number]>(
    db,
    sql`select channel, address, reason, detail, ${iso(sql`created_at`)} as created_at,
          ${iso(sql`removed_at`)} as removed_at, removal_reason
        from messaging_suppressions
        where (channel = 'email' and address = ${email})
          or (channel <> 'email' and address in (${phone}, whatsapp_number(${phone})))
        order by id`,
  );
  const deliveryRows = await queryRows<
    Omit<PersonalDataExport['deliveries'][number], 'subject' | 'message'> & {
      subject: string | null;
      message: string;
    }
  >(
    db,
    sql`select s.channel, d.address, s.subject, s.message, d.status, d.last_error as error,
          ${iso(sql`d.created_at`)} as created_at, ${iso(sql`d.sent_at`)} as sent_at,
          ${iso(sql`d.delivered_at`)} as delivered_at, ${iso(sql`d.read_at`)} as read_at
        from notification_deliveries d join notification_sends s on s.id = d.send_id
        where d.user_id = ${id} order by d.id`,
  );
  // Filled as the worker fills them for this person (notifications/worker.ts).
  const values = {
    first_name: profile.details.first_name,
    last_name: profile.details.last_name,
    email: profile.details.email,
    phone_number: profile.phone_number,
  };
  const deliveries = deliveryRows.map((d) => ({
    ...d,
    subject: d.subject === null ? null : renderTemplate(d.subject, values),
    message: renderTemplate(d.message, values),
  }));
  // Replies are written by staff: their words to this person are included, their names are not.
  const contactMessages = await queryRows<PersonalDataExport['contact_messages'][number]>(
    db,
    sql`select m.name, m.email, m.phone_number, m.company, m.subject, m.message,
          ${iso(sql`m.created_at`)} as created_at,
          coalesce((select json_agg(json_build_object('subject', r.subject, 'body', r.body,
              'status', r.status, 'created_at', ${iso(sql`r.created_at`)},
              'sent_at', ${iso(sql`r.sent_at`)}) order by r.id)
            from contact_replies r where r.message_id = m.id), '[]'::json) as replies
        from contact_messages m where lower(m.email) = ${email} order by m.id`,
  );
  // About them: their values in full; who made the change is another person unless it was them.
  const about = await queryRows<PersonalDataExport['audit_about_them'][number]>(
    db,
    sql`select action, ${iso(sql`created_at`)} as created_at,
          coalesce(actor_id = ${id}, false) as by_self, changes
        from audit_logs where entity_type = 'user' and entity_id = ${id}
        order by created_at, id`,
  );
  // By them, about other records: what and when only; the values are other people's.
  const byThem = await queryRows<PersonalDataExport['audit_by_them'][number]>(
    db,
    sql`select action, entity_type, entity_id, ${iso(sql`created_at`)} as created_at
        from audit_logs where actor_id = ${id} and not (entity_type = 'user' and entity_id = ${id})
        order by created_at, id`,
  );

  return {
    format: 'cricket-admin/personal-data/1',
    exported_at: new Date().toISOString(),
    profile,
    picture: pictureUrl
      ? {
          url: pictureUrl,
          file_name: pictureRow?.original_name ?? null,
          content_type: pictureRow?.mime_type ?? null,
        }
      : null,
    teams_owned: teamsOwned,
    squads,
    community_posts: posts,
    sessions: sessionRows,
    messaging_consents: consents,
    suppressions,
    deliveries,
    contact_messages: contactMessages,
    audit_about_them: about,
    audit_by_them: byThem,
  };
}

/** Fields of a user's audit records that say nothing about the person: kept through an erasure. */
const KEPT_USER_FIELDS = new Set(['role', 'status']);

type Changes = Record<string, { before: unknown; after: unknown }>;

const holds = (v: unknown, needles: string[]) =>
  typeof v === 'string' && needles.some((n) => v.toLowerCase().includes(n));

/**
 * Every string of `value` that holds one of `needles` (lower-cased) becomes ERASED_VALUE, and
 * so do the other strings of an object one of whose own strings does: `{ file, name }` of
 * their picture's upload names it twice, once by a name we cannot recognise.
 */
function scrub(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string') return holds(value, needles) ? ERASED_VALUE : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, needles));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    // A field's before and after are two values, not one thing: each is judged alone.
    const change = 'before' in value && 'after' in value;
    const theirs = !change && entries.some(([, v]) => holds(v, needles));
    return Object.fromEntries(
      entries.map(([k, v]) => [
        k,
        theirs && typeof v === 'string' ? ERASED_VALUE : scrub(v, needles),
      ]),
    );
  }
  return value;
}

const erasedField = (v: unknown) => (v === null || v === undefined ? null : ERASED_VALUE);

/** `strpos(lower(<text>), needle) > 0` for any needle: a candidate row, checked in full after. */
const holdsAny = (text: SQL, needles: string[]) =>
  sql.join(
    needles.map((n) => sql`strpos(lower(${text}), ${n}) > 0`),
    sql` or `,
  );

export interface ErasureChecks {
  /** Throws the refusal that keeps `target` from being erased, inside the erasure's lock. */
  (tx: Db, target: User): Promise<void>;
}

/**
 * Erases the person in one transaction (decision 055); answers them as the API now does and the
 * storage keys of their pictures, now and before (deleted by the caller once committed), or
 * null when there is no user.
 */
export async function erasePersonalData(
  db: Db,
  id: number,
  actorId: number,
  check: ErasureChecks,
  audit: AuditWriter,
): Promise<{ user: User; pictureKeys: string[] } | null> {
  const erased = await db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    if (!target) return null;
    await check(tx, target);
    const d = target.details;
    const email = d.email.toLowerCase();
    const phone = target.phone_number;
    // Their own records hold the values they had before: an old name, address or picture is
    // theirs as much as the current one.
    const about = await queryRows<{ id: number; changes: Changes }>(
      tx,
      sql`select id, changes from audit_logs where entity_type = 'user' and entity_id = ${id}`,
    );
    const history = (field: string) =>
      about.flatMap((r) => [r.changes[field]?.before, r.changes[field]?.after]);
    const texts = (values: unknown[]) => [
      ...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim() !== '')),
    ];
    const firstNames = texts([d.first_name, ...history('first_name')]);
    const lastNames = texts([d.last_name, ...history('last_name')]);
    // The full name; a person who only ever had one part is named by that part alone.
    const names =
      firstNames.length > 0 && lastNames.length > 0
        ? firstNames.flatMap((f) => lastNames.map((l) => `${f} ${l}`))
        : [...firstNames, ...lastNames];
    const pictureKeys = texts([d.profile_picture, ...history('profile_picture')])
      .map(uploadKey)
      .filter((k): k is string => k !== null);
    const pictureFiles = pictureKeys.map((k) => k.split('/').pop()!);
    const [{ e164 = null } = {}] = await queryRows<{ e164: string | null }>(
      tx,
      sql`select whatsapp_number(${phone}) as e164`,
    );
    // JSON-escaped like jsonb's text form, so a quote or backslash in a value still matches.
    const needles = texts([
      ...texts([email, ...history('email')]),
      ...texts([phone, e164, ...history('phone_number')]),
      ...names,
      ...texts([d.address, ...history('address')]),
      ...pictureFiles,
    ])
      .filter((n) => n.trim().length >= 3)
      .map((n) => JSON.stringify(n.toLowerCase()).slice(1, -1));

    // The suppression list keeps their addresses only as hashes: entries about them change
    // form, and each channel gets one, so no later send or import reaches these addresses.
    const addresses = [
      { channel: 'email', address: email },
      { channel: 'sms', address: phone },
      ...(e164
        ? [
            { channel: 'sms', address: e164 },
            { channel: 'whatsapp', address: e164 },
          ]
        : []),
    ];
    for (const a of addresses) {
      const hashed = hashedAddress(sql`${a.channel}::text`, sql`${a.address}::text`);
      // An active entry whose hash is listed already (the same address erased before) ends.
      await tx.execute(sql`update messaging_suppressions ms set
          address = ${hashed},
          detail = case when ${holdsAny(sql`coalesce(ms.detail, '')`, needles)} then ${ERASED_VALUE} else ms.detail end,
          removed_at = case when ms.removed_at is null and exists (select 1 from messaging_suppressions o
              where o.channel = ms.channel and o.address = ${hashed} and o.removed_at is null)
            then now() else ms.removed_at end,
          removal_reason = case when ms.removed_at is null and exists (select 1 from messaging_suppressions o
              where o.channel = ms.channel and o.address = ${hashed} and o.removed_at is null)
            then ${ERASED_VALUE} else ms.removal_reason end
        where ms.channel = ${a.channel} and ms.address = ${a.address}`);
      await tx.execute(sql`insert into messaging_suppressions (channel, address, reason, created_by)
          values (${a.channel}, ${hashed}, 'erased', ${actorId})
          on conflict (channel, address) where removed_at is null do nothing`);
    }
    await tx.execute(sql`delete from messaging_soft_bounces where address = ${email}`);
    await tx.execute(
      sql`update messaging_consents set address = null, reason = null where user_id = ${id}`,
    );
    await tx.execute(sql`delete from sessions where user_id = ${id}`);
    await tx.execute(sql`update teams set players_count = players_count - 1
        where id in (select team_id from team_players where user_id = ${id})`);
    await tx.execute(sql`delete from team_players where user_id = ${id}`);
    await tx.execute(sql`delete from community_posts where author_id = ${id}`);
    // The log keeps that a message went and how it ended, not where or to whom. One still
    // queued stays queued: the worker finds no address, skips it and finishes its send.
    await tx.execute(sql`update notification_deliveries set address = null, recipient_name = '',
        last_error = null, provider_message_id = null, updated_at = now()
        where user_id = ${id}`);
    await tx.execute(sql`delete from contact_messages where lower(email) = ${email}`);
    if (pictureFiles.length > 0)
      await tx.execute(sql`delete from media where file_name in ${pictureFiles}`);
    // Stored answers of retried requests (decision 036) may repeat the person's record.
    await tx.execute(
      sql`delete from idempotency_keys where ${holdsAny(sql`coalesce(body, '')`, needles)}`,
    );

    // The trail keeps who did what and when; the person's values in it read ERASED_VALUE.
    await tx.execute(sql`update audit_logs set actor_name = ${erasedUserName(id)}, actor_email = null
        where actor_id = ${id}`);
    const others = await queryRows<{ id: number; changes: Changes }>(
      tx,
      sql`select id, changes from audit_logs
          where not (entity_type = 'user' and entity_id = ${id}) and (${holdsAny(sql`changes::text`, needles)})`,
    );
    const aboutIds = new Set(about.map((r) => r.id));
    for (const r of [...about, ...others]) {
      const changes: Changes = aboutIds.has(r.id)
        ? Object.fromEntries(
            Object.entries(r.changes).map(([field, c]) => [
              field,
              KEPT_USER_FIELDS.has(field)
                ? c
                : { before: erasedField(c.before), after: erasedField(c.after) },
            ]),
          )
        : (scrub(r.changes, needles) as Changes);
      if (JSON.stringify(changes) !== JSON.stringify(r.changes))
        await tx.execute(
          sql`update audit_logs set changes = ${JSON.stringify(changes)}::jsonb where id = ${r.id}`,
        );
    }

    await tx.execute(sql`update users set
        first_name = 'Erased user', last_name = ${`#${id}`},
        email = ${`erased-${id}@invalid`}, phone_number = ${'x' + id.toString(16)},
        date_of_birth = null, gender = null, address = null, city = null, state = null,
        country = null, pincode = null, profile_picture = null, password_hash = null,
        status = 'suspended', erased_at = now(), updated_at = now()
        where id = ${id}`);
    // The erasure itself, without the values it removed.
    await audit(tx, { entityId: id, action: 'erase' });
    return { user: (await findUser(tx, id))!, pictureKeys };
  });
  forgetNameMatches(db);
  return erased;
}

/** Whether the user's data was erased already. */
export async function isErased(db: Db, id: number): Promise<boolean> {
  const [row] = await queryRows<{ erased: boolean }>(
    db,
    sql`select erased_at is not null as erased from users where id = ${id}`,
  );
  return row?.erased ?? false;
}

/**
 * Whether `id` is the last active holder of the protected administrator role: erasing them
 * would leave nobody who can hand out every permission.
 */
export async function isLastAdmin(db: Db, id: number, adminRoleId: number): Promise<boolean> {
  const [row] = await queryRows<{ last: boolean }>(
    db,
    sql`select u.role_id = ${adminRoleId} and u.status <> 'suspended'
          and not exists (select 1 from users o where o.role_id = ${adminRoleId}
            and o.status <> 'suspended' and o.erased_at is null and o.id <> u.id) as last
        from users u where u.id = ${id}`,
  );
  return row?.last ?? false;
}
