import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  CONTACT_MESSAGES,
  derivePriority,
  type ContactPriority,
  type ContactReplyStatus,
  type ContactReplyValues,
  type ContactStatus,
  type ContactValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, withTotal, sortedBy, type SortRequest } from '../../db/page';
import { contactMessageCounts, contactMessages, contactReplies, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import type { AuditWriter } from '../../plugins/audit';

type MessageRow = typeof contactMessages.$inferSelect;
type ReplyRow = typeof contactReplies.$inferSelect;

function toMessage(row: MessageRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactStatus,
    priority: row.priority as ContactPriority,
    created_at: row.createdAt.toISOString(),
    phone_number: row.phoneNumber,
    company: row.company,
    replies_count: row.repliesCount,
  };
}

/**
 * A send attempt ends within about a minute (the SMTP transport's connection and socket
 * timeouts); a reply still 'sending' five minutes after its attempt began belongs to a server
 * that stopped mid-send. It shows as failed, with that reason, and may be retried.
 */
const INTERRUPTED_AFTER_MS = 5 * 60_000;

function interrupted(row: Pick<ReplyRow, 'status' | 'attemptedAt'>, now = Date.now()) {
  return row.status === 'sending' && now - row.attemptedAt.getTime() > INTERRUPTED_AFTER_MS;
}

function toReply(row: ReplyRow) {
  const stopped = interrupted(row);
  return {
    id: row.id,
    subject: row.subject,
    message: row.body,
    status: (stopped ? 'failed' : row.status) as ContactReplyStatus,
    failure_reason: stopped ? CONTACT_MESSAGES.replyInterrupted : row.failureReason,
    sent_by: { id: row.sentBy, name: row.sentByName },
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** Stores a message from the website; the priority is the sender's or derived (decision 026). */
/** Stores a message; `recordKey` marks the request's Idempotency-Key in the same transaction. */
export function createContactMessage(
  db: Db,
  v: ContactValues,
  recordKey: (tx: Db) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: v.name,
        email: v.email,
        subject: v.subject,
        message: v.message,
        priority: v.priority ?? derivePriority(v.subject, v.message),
        phoneNumber: v.phone_number ?? null,
        company: v.company ?? null,
      })
      .returning({ id: contactMessages.id });
    await recordKey(tx);
    return row!.id;
  });
}

/** The header's Total and Unread: two maintained rows, whatever the number of messages. */
export async function contactCounts(db: Db) {
  const rows = await db.select().from(contactMessageCounts);
  const unread = rows.find((r) => r.status === 'unread')?.count ?? 0;
  return { total: rows.reduce((sum, r) => sum + r.count, 0), unread };
}

const contactSorts = {
  name: sql`lower(${contactMessages.name})`,
  email: sql`lower(${contactMessages.email})`,
  subject: sql`lower(${contactMessages.subject})`,
  status: contactMessages.status,
  // By urgency, not by the words' spelling.
  priority: sql`case ${contactMessages.priority} when 'low' then 1 when 'medium' then 2 else 3 end`,
  created_at: contactMessages.createdAt,
};

type ContactFilters = {
  name?: string;
  email?: string;
  subject?: string;
  status?: string;
} & SortRequest<keyof typeof contactSorts>;

function contactFilters(q: ContactFilters) {
  const filters: SQL[] = [];
  // Each text filter is a substring match on a trigram-indexed lower(column).
  if (q.name) filters.push(sql`lower(${contactMessages.name}) like ${likePattern(q.name)}`);
  if (q.email) filters.push(sql`lower(${contactMessages.email}) like ${likePattern(q.email)}`);
  if (q.subject)
    filters.push(sql`lower(${contactMessages.subject}) like ${likePattern(q.subject)}`);
  if (q.status) filters.push(eq(contactMessages.status, q.status));
  return filters;
}

export async function listContactMessages(
  db: Db,
  q: { page: number; limit: number } & ContactFilters,
) {
  const filters = contactFilters(q);
  const [{ rows, total }, counts] = await Promise.all([
    selectPage(
      () =>
        db
          .select(withTotal(getTableColumns(contactMessages)))
          .from(contactMessages)
          .where(filters.length ? and(...filters) : undefined)
          .orderBy(...sortedBy(q, contactSorts, contactMessages.id, [desc(contactMessages.id)]))
          .$dynamic(),
      q,
    ),
    contactCounts(db),
  ]);
  return { rows: rows.map(toMessage), total, counts };
}

/** Every message the list's filters match, in its order, in batches (the CSV export). */
export function exportContactMessages(db: Db, q: ContactFilters) {
  const keyset = keysetOf(q, contactSorts, contactMessages.id, 'desc');
  const filters = contactFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...getTableColumns(contactMessages), ...keyColumns(keyset) })
      .from(contactMessages)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((row) => ({ ...toMessage(row), keyValue: row.keyValue, keyId: row.keyId }));
  });
}

async function repliesOf(db: Db, messageId: number) {
  const rows = await db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, messageId))
    .orderBy(asc(contactReplies.id));
  return rows.map(toReply);
}

/** Opening a message marks it read (spec: Total and Unread follow). */
export async function openContactMessage(db: Db, id: number) {
  const [updated] = await db
    .update(contactMessages)
    .set({ status: 'read' })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'unread')))
    .returning();
  const row =
    updated ?? (await db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
  if (!row) throw notFound(CONTACT_MESSAGES.notFound);
  return { message: toMessage(row), replies: await repliesOf(db, id) };
}

export function deleteContactMessage(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
    if (!row) throw notFound(CONTACT_MESSAGES.notFound);
    await audit(tx, { entityId: id, action: 'delete', before: toMessage(row) });
    return row;
  });
}

/** What an outgoing reply needs: the recipient and the Message-IDs it threads under. */
export interface ReplyToSend {
  replyId: number;
  to: string;
  name: string;
  subject: string;
  body: string;
  mailMessageId: string;
  /** Message-IDs of the replies already sent in this thread, oldest first. */
  earlier: string[];
}

/**
 * Records the reply as `sending` in the thread and marks the message read, in one
 * transaction, before any mail leaves: a crash mid-send can leave `sending`, never `sent`.
 */
export function startReply(
  db: Db,
  messageId: number,
  values: ContactReplyValues,
  sender: { userId: number; mailMessageId: string },
  audit: AuditWriter,
): Promise<ReplyToSend> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for('update');
    if (!message) throw notFound(CONTACT_MESSAGES.notFound);
    const [me] = await tx
      .select({ email: users.email, first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, sender.userId));
    const senderName = [me?.first, me?.last].filter(Boolean).join(' ') || me?.email || 'Unknown';
    const { mailMessageId } = sender;
    const [reply] = await tx
      .insert(contactReplies)
      .values({
        messageId,
        subject: values.subject,
        body: values.message,
        mailMessageId,
        sentBy: sender.userId,
        sentByName: senderName,
      })
      .returning({ id: contactReplies.id });
    await tx
      .update(contactMessages)
      .set({ status: 'read', repliesCount: sql`${contactMessages.repliesCount} + 1` })
      .where(eq(contactMessages.id, messageId));
    // Recorded when the reply is stored, whatever its delivery: the thread shows that.
    await audit(tx, {
      entityId: messageId,
      action: 'reply',
      before: { status: message.status, replies_count: message.repliesCount },
      after: {
        status: 'read',
        replies_count: message.repliesCount + 1,
        reply: { id: reply!.id, subject: values.subject, message: values.message },
      },
    });
    return {
      replyId: reply!.id,
      to: message.email,
      name: message.name,
      subject: values.subject,
      body: values.message,
      mailMessageId,
      earlier: await sentMessageIds(tx, messageId, reply!.id),
    };
  });
}

async function sentMessageIds(db: Db, messageId: number, beforeReplyId: number) {
  const rows = await db
    .select({ id: contactReplies.mailMessageId })
    .from(contactReplies)
    .where(
      and(
        eq(contactReplies.messageId, messageId),
        eq(contactReplies.status, 'sent'),
        sql`${contactReplies.id} < ${beforeReplyId}`,
      ),
    )
    .orderBy(asc(contactReplies.id));
  return rows.map((r) => r.id);
}

/**
 * A failed reply (or one a stopped server left 'sending') goes out again with the same
 * Message-ID; nothing else may.
 */
export function restartReply(
  db: Db,
  messageId: number,
  replyId: number,
  audit: AuditWriter,
): Promise<ReplyToSend> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ reply: contactReplies, email: contactMessages.email, name: contactMessages.name })
      .from(contactReplies)
      .innerJoin(contactMessages, eq(contactMessages.id, contactReplies.messageId))
      .where(and(eq(contactReplies.id, replyId), eq(contactReplies.messageId, messageId)))
      .for('update');
    if (!row) throw notFound(CONTACT_MESSAGES.replyNotFound);
    const stopped = interrupted(row.reply);
    if (row.reply.status !== 'failed' && !stopped) {
      throw conflict(CONTACT_MESSAGES.replyNotFailed);
    }
    await tx
      .update(contactReplies)
      .set({ status: 'sending', failureReason: null, attemptedAt: sql`now()` })
      .where(eq(contactReplies.id, replyId));
    const failureReason = stopped ? CONTACT_MESSAGES.replyInterrupted : row.reply.failureReason;
    await audit(tx, {
      entityId: messageId,
      action: 'reply_retry',
      before: { reply: { id: replyId, status: 'failed', failure_reason: failureReason } },
      after: { reply: { id: replyId, status: 'sending', failure_reason: null } },
    });
    return {
      replyId,
      to: row.email,
      name: row.name,
      subject: row.reply.subject,
      body: row.reply.body,
      mailMessageId: row.reply.mailMessageId,
      earlier: await sentMessageIds(tx, messageId, replyId),
    };
  });
}

export async function finishReply(
  db: Db,
  replyId: number,
  outcome: { sent: true } | { sent: false; reason: string },
) {
  const [row] = await db
    .update(contactReplies)
    .set(
      outcome.sent
        ? { status: 'sent', sentAt: new Date(), failureReason: null }
        : { status: 'failed', failureReason: outcome.reason.slice(0, 1000) },
    )
    .where(eq(contactReplies.id, replyId))
    .returning();
  return row ? toReply(row) : null;
}
