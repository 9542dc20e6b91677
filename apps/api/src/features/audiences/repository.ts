import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  AUDIENCE_MESSAGES,
  AUDIENCE_TEXTS,
  type Audience,
  type AudienceDefinition,
  type AudienceMatch,
  type AudienceRule,
  type AudienceValues,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, sortedBy, withTotal, type SortRequest } from '../../db/page';
import { audiences } from '../../db/schema';
import { audienceMembers } from '../../lib/audience-sql';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import { rethrowRefusal } from '../../lib/pg-error';
import { nextVersion } from '../../lib/record-version';
import type { AuditWriter } from '../../plugins/audit';

type AudienceRow = typeof audiences.$inferSelect;

/** An audience as kept (and audited): what `withRecordNames` completes for an answer. */
type AudienceRecord = Omit<Audience, 'rule_records'>;

export function toAudience(row: AudienceRow): AudienceRecord {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    match: row.match as AudienceMatch,
    rules: row.rules,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const sorts = {
  name: sql`lower(${audiences.name})`,
  created_at: audiences.createdAt,
  updated_at: audiences.updatedAt,
};

type AudienceFilters = { search?: string } & SortRequest<keyof typeof sorts>;

/** Each word of `search` in the name. */
function audienceFilters(q: AudienceFilters) {
  const filters: SQL[] = [];
  for (const word of q.search?.split(/\s+/).filter(Boolean) ?? [])
    filters.push(sql`lower(${audiences.name}) like ${likePattern(word)}`);
  return filters;
}

/** Saved audiences by name; `search` finds each word in the name. */
export async function listAudiences(db: Db, q: { page: number; limit: number } & AudienceFilters) {
  const filters = audienceFilters(q);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal({ row: audiences }))
        .from(audiences)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(
          ...sortedBy(q, sorts, audiences.id, [
            asc(sql`lower(${audiences.name})`),
            asc(audiences.id),
          ]),
        )
        .$dynamic(),
    q,
  );
  return {
    rows: await withRecordNames(
      db,
      rows.map((r) => toAudience(r.row)),
    ),
    total,
  };
}

/**
 * Every audience the list's filters hold, in its order (by name unless sorted), in batches:
 * its rules in the list's words, and the records they name.
 */
export function exportAudiences(db: Db, q: AudienceFilters) {
  const keyset = keysetOf({ ...q, sort: q.sort ?? 'name' }, sorts, audiences.id, 'asc');
  const filters = audienceFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ row: audiences, ...keyColumns(keyset) })
      .from(audiences)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    const named = await withRecordNames(
      db,
      rows.map((r) => toAudience(r.row)),
    );
    return named.map((a, i) => ({
      id: a._id,
      name: a.name,
      description: a.description,
      rules: AUDIENCE_TEXTS.summary(a.rules.length, a.match),
      records: a.rule_records.filter((n) => n !== null).join('; '),
      created_at: a.created_at,
      updated_at: a.updated_at,
      keyValue: rows[i]!.keyValue,
      keyId: rows[i]!.keyId,
    }));
  });
}

export async function getAudience(db: Db, id: number) {
  const [row] = await db.select().from(audiences).where(eq(audiences.id, id));
  if (!row) throw notFound(AUDIENCE_MESSAGES.notFound);
  return (await withRecordNames(db, [toAudience(row)]))[0]!;
}

/** How many people the rules hold now: the same statement a send to them reads. */
export async function countAudience(
  db: Db,
  definition: Pick<AudienceDefinition, 'match' | 'rules'>,
) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${audienceMembers(definition)}) m`,
  );
  return row?.n ?? 0;
}

/** What each rule names: its id's key, the table holding it, and what it is called when gone. */
const REFERENCES: { [F in AudienceRule['field']]?: { key: string; table: string; what: string } } =
  {
    role: { key: 'role_id', table: 'roles', what: 'role' },
    team: { key: 'team_id', table: 'teams', what: 'team' },
    tournament: { key: 'tournament_id', table: 'tournaments', what: 'tournament' },
    availability: { key: 'match_id', table: 'matches', what: 'fixture' },
    topic: { key: 'topic_id', table: 'messaging_topics', what: 'topic' },
  };

/**
 * What the records of one table are called, by id: a name, or a fixture as 'Home v Away,
 * YYYY-MM-DD' (as the rule picker words it).
 */
const namesIn = (table: string, ids: number[]) =>
  table === 'matches'
    ? sql`select m.id, a.name || ' v ' || b.name || ', ' || to_char(m.scheduled_at at time zone 'UTC', 'YYYY-MM-DD') as name
        from matches m join teams a on a.id = m.team_a_id join teams b on b.id = m.team_b_id
        where m.id = any(${sql.param(ids)}::int[])`
    : sql`select id, name from ${sql.identifier(table)} where id = any(${sql.param(ids)}::int[])`;

/**
 * Each audience with what its rules' records are called now, so a form can show a team or
 * fixture that its first page of choices does not hold.
 */
async function withRecordNames(db: Db, list: AudienceRecord[]): Promise<Audience[]> {
  const idsByTable = new Map<string, Set<number>>();
  const refOf = (rule: AudienceRule) => {
    const ref = REFERENCES[rule.field];
    const id = ref && (rule as Record<string, unknown>)[ref.key];
    return ref && typeof id === 'number' ? { table: ref.table, id } : null;
  };
  for (const a of list)
    for (const rule of a.rules) {
      const ref = refOf(rule);
      if (ref) idsByTable.set(ref.table, (idsByTable.get(ref.table) ?? new Set()).add(ref.id));
    }
  const names = new Map<string, string>();
  for (const [table, ids] of idsByTable)
    for (const row of await queryRows<{ id: number; name: string }>(db, namesIn(table, [...ids])))
      names.set(`${table}:${row.id}`, row.name);
  return list.map((a) => ({
    ...a,
    rule_records: a.rules.map((rule) => {
      const ref = refOf(rule);
      return ref ? (names.get(`${ref.table}:${ref.id}`) ?? null) : null;
    }),
  }));
}

/**
 * Every record the rules name must exist: a rule about a deleted team would quietly match
 * nobody. The refusal names the rule's field (`rules.2.team_id`).
 */
export async function assertRulesResolve(db: Db, rules: AudienceRule[]) {
  const errors: Record<string, string[]> = {};
  for (const [i, rule] of rules.entries()) {
    const ref = REFERENCES[rule.field];
    if (!ref) continue;
    const found = await queryRows(
      db,
      sql`select 1 from ${sql.identifier(ref.table)} where id = ${(rule as Record<string, unknown>)[ref.key]}`,
    );
    if (!found.length) errors[`rules.${i}.${ref.key}`] = [AUDIENCE_MESSAGES.unknown(ref.what)];
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0]!, errors);
}

const nameTaken = () =>
  conflict(AUDIENCE_MESSAGES.nameTaken, { name: [AUDIENCE_MESSAGES.nameTaken] });

/** Two saves of one name can race past the check: the unique index has the last word. */
const rethrowNameRefusal = (err: unknown): never =>
  rethrowRefusal(err, ({ code, constraint }) =>
    code === '23505' && (constraint === undefined || constraint === 'audiences_name_lower_uq')
      ? nameTaken()
      : undefined,
  );

async function assertNameFree(tx: Db, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: audiences.id })
    .from(audiences)
    .where(sql`lower(${audiences.name}) = lower(${name})`);
  if (row && row.id !== exceptId) throw nameTaken();
}

const toRow = (v: AudienceValues) => ({
  name: v.name,
  description: v.description,
  match: v.match,
  rules: v.rules,
});

export function createAudience(
  db: Db,
  values: AudienceValues,
  userId: number | null,
  audit: AuditWriter,
) {
  return db
    .transaction(async (tx) => {
      await assertNameFree(tx, values.name);
      await assertRulesResolve(tx, values.rules);
      const [row] = await tx
        .insert(audiences)
        .values({ ...toRow(values), createdBy: userId })
        .returning();
      const created = toAudience(row!);
      await audit(tx, { entityId: created._id, action: 'create', after: created });
      return (await withRecordNames(tx, [created]))[0]!;
    })
    .catch(rethrowNameRefusal);
}

async function lockAudience(tx: Db, id: number) {
  const [row] = await tx.select().from(audiences).where(eq(audiences.id, id)).for('update');
  if (!row) throw notFound(AUDIENCE_MESSAGES.notFound);
  return row;
}

export function updateAudience(db: Db, id: number, values: AudienceValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      const current = await lockAudience(tx, id);
      await assertNameFree(tx, values.name, id);
      await assertRulesResolve(tx, values.rules);
      const [row] = await tx
        .update(audiences)
        .set({ ...toRow(values), updatedAt: nextVersion(audiences.updatedAt) })
        .where(eq(audiences.id, id))
        .returning();
      const updated = toAudience(row!);
      await audit(tx, {
        entityId: id,
        action: 'update',
        before: toAudience(current),
        after: updated,
      });
      return (await withRecordNames(tx, [updated]))[0]!;
    })
    .catch(rethrowNameRefusal);
}

/** Sends made to it keep their rules and recipients: they copied them when they were made. */
export function deleteAudience(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const row = await lockAudience(tx, id);
    await tx.delete(audiences).where(eq(audiences.id, id));
    await audit(tx, { entityId: id, action: 'delete', before: toAudience(row) });
  });
}
