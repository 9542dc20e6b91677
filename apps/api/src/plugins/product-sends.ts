import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';

/** A message the product sends by itself to named people (an availability ask, issue 36). */
export interface ProductSend {
  recipientIds: number[];
  /** How the send is named in the sent notifications list. */
  name: string;
  subject: string;
  /** Its text: template variables, and any the worker fills for the send (answer links). */
  message: string;
  /** The fixture whose answer links the messages carry. */
  matchId: number | null;
  /**
   * The messaging topic it is about (an availability ask's, chosen by the one asking); null or
   * absent: an account message. Each recipient gets it on the first channel of email and SMS
   * whose transport is configured and that they accept (decision 078).
   */
  topicId?: number | null;
  /**
   * An approved WhatsApp template and its variables' values, for the recipients who accept
   * WhatsApp (tried before email and SMS when WhatsApp is connected; decision 079). A value may
   * name the answer links (`{{available_link}}`), filled per person like the message's.
   */
  whatsapp?: {
    templateId: number;
    variables: Record<string, string>;
    /** The template can no longer be sent (a reminder's, since deleted): go without it. */
    fallBack?: boolean;
  } | null;
  /** Who asked for it; null once that user is gone. */
  createdBy: number | null;
}

export type ProductSender = (db: Db, send: ProductSend) => Promise<{ id: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    productSends: {
      /** The notifications feature says how a send is made (features do not import each other). */
      provide(sender: ProductSender): void;
      /** Queues the send inside `db` (a caller's transaction); wake the worker after commit. */
      send(db: Db, send: ProductSend): Promise<{ id: number }>;
    };
  }
}

/**
 * Sends the product itself makes, through the same queue, consent checks and worker as an
 * administrator's: the feature that owns sends provides how one is made; others call it.
 */
export default fp(
  async function productSends(app: FastifyInstance) {
    let sender: ProductSender | null = null;
    app.decorate('productSends', {
      provide(next: ProductSender) {
        if (sender) throw new Error('Product sends have a provider already');
        sender = next;
      },
      send(db: Db, send: ProductSend) {
        if (!sender) throw new Error('No feature provides product sends');
        return sender(db, send);
      },
    });
  },
  { name: 'product-sends' },
);
