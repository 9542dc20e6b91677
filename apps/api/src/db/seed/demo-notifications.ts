import type { Db } from '../client';
import { notificationTemplates } from '../schema';

/** A few notification templates, one per channel, so the send form has something to pick. */
export async function seedDemoNotifications(db: Db) {
  const existing = await db
    .select({ id: notificationTemplates.id })
    .from(notificationTemplates)
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(notificationTemplates).values([
    {
      name: 'Match day reminder',
      type: 'email',
      status: 'active',
      subject: 'Match day, {{first_name}}!',
      message:
        'Hello {{first_name}} {{last_name}},\n\nYour match starts at 10:00. Gates open at 9:00.\n\nSee you at the ground.',
    },
    {
      name: 'Toss update',
      type: 'sms',
      status: 'active',
      subject: null,
      message: 'Hi {{first_name}}, the toss is at 9:30 today. Reply STOP to opt out.',
    },
    {
      name: 'Live score alert',
      type: 'push',
      status: 'draft',
      subject: 'Live score',
      message: '{{first_name}}, your team needs 42 runs from 30 balls. Follow it live!',
    },
  ]);
}
