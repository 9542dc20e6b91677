import { sql } from 'drizzle-orm';
import type { ContactPriority, ContactStatus, EmailTemplateValues } from '@cricket/contracts';
import type { Db } from '../client';
import { contactMessages, emailTemplates } from '../schema';

const wrap = (body: string) =>
  `<div style="font-family:Arial,sans-serif;max-width:600px;margin:auto;color:#1f2937">${body}<p style="color:#6b7280;font-size:12px">Cricket Platform · You receive this email because you have an account with us.</p></div>`;

/** One template of each kind the spec names (§3 "Email template"), in its several states. */
const DEMO_TEMPLATES: (EmailTemplateValues & { used: number })[] = [
  {
    name: 'Welcome Email',
    subject: 'Welcome to the Cricket Platform, {{first_name}}!',
    template_type: 'welcome',
    status: 'active',
    description: 'Sent when a new account is created',
    content: wrap(
      '<h1 style="color:#15803d">Welcome, {{first_name}}!</h1><p>Your account for {{email}} is ready. Join a team, follow live scores and never miss a match.</p>',
    ),
    used: 1248,
  },
  {
    name: 'Monthly Newsletter',
    subject: 'This month in cricket: results, rankings and what is next',
    template_type: 'newsletter',
    status: 'active',
    description: 'The monthly round-up of matches and tournaments',
    content: wrap(
      '<h1>Hello {{first_name}},</h1><p>Here is what happened this month: the league table, the top run scorers and the fixtures coming up.</p>',
    ),
    used: 36,
  },
  {
    name: 'Season Pass Offer',
    subject: '{{first_name}}, 20% off the season pass this week',
    template_type: 'promotional',
    status: 'draft',
    description: 'A limited-time discount on season passes',
    content: wrap(
      '<h1>Season pass: 20% off</h1><p>Hi {{first_name}}, watch every home match this season for less. The offer ends on Sunday.</p>',
    ),
    used: 0,
  },
  {
    name: 'Ticket Confirmation',
    subject: 'Your tickets are confirmed',
    template_type: 'transactional',
    status: 'active',
    description: 'Sent after a ticket purchase',
    content: wrap(
      '<h1>Thank you, {{first_name}} {{last_name}}</h1><p>Your tickets are confirmed. We will text the e-tickets to {{phone_number}} on match day.</p>',
    ),
    used: 5210,
  },
  {
    name: 'Match Day Reminder',
    subject: 'Reminder: your match starts tomorrow',
    template_type: 'reminder',
    status: 'inactive',
    description: 'Sent the day before a registered match',
    content: wrap(
      '<h1>See you tomorrow, {{first_name}}</h1><p>Your match starts at 10:00. Please arrive 45 minutes early for the toss.</p>',
    ),
    used: 412,
  },
  {
    name: 'Account Security Notice',
    subject: 'A new sign-in to your account',
    template_type: 'notification',
    status: 'archived',
    description: 'Old sign-in notice, replaced by the notification templates',
    content: wrap(
      '<h1>New sign-in</h1><p>Hi {{first_name}}, your account {{email}} was used to sign in from a new device. If this was not you, reset your password.</p>',
    ),
    used: 89,
  },
];

type DemoMessage = [
  name: string,
  email: string,
  subject: string,
  message: string,
  status: ContactStatus,
  priority: ContactPriority,
  phone: string | null,
  company: string | null,
];

const DEMO_MESSAGES: DemoMessage[] = [
  [
    'Ananya Rao',
    'ananya.rao@example.com',
    'Cannot log in to my account',
    'Since yesterday the app says my password is wrong, but I have not changed it. Please help, I have a match on Saturday.',
    'unread',
    'high',
    '+91 98450 12345',
    null,
  ],
  [
    'Rahul Mehta',
    'rahul.mehta@example.com',
    'Team registration for the winter league',
    'We are a club of 16 players from Pune. How do we register for the winter league and what are the fees?',
    'unread',
    'medium',
    '+91 98220 55555',
    'Pune Strikers CC',
  ],
  [
    'Sofia Fernandes',
    'sofia.f@example.com',
    'Refund for a cancelled match',
    'The match on 12 November was abandoned because of rain. I paid for two tickets; how do I get a refund?',
    'unread',
    'high',
    null,
    null,
  ],
  [
    'Imran Sheikh',
    'imran.sheikh@example.com',
    'Feedback on the live scores',
    'Just wanted to say the new live score page is great. One suggestion: show the required run rate too.',
    'read',
    'low',
    null,
    null,
  ],
  [
    'Kavya Nair',
    'kavya.nair@example.com',
    'Sponsorship enquiry',
    'Our company would like to sponsor a local tournament next season. Who should we talk to?',
    'unread',
    'medium',
    '+91 99000 11223',
    'Nair Sports Pvt Ltd',
  ],
  [
    'Arjun Singh',
    'arjun.singh@example.com',
    'Wrong score on my profile',
    'My profile shows 12 runs for the match against Delhi Dynamos, but I scored 42. Can this be corrected?',
    'read',
    'medium',
    null,
    null,
  ],
  [
    'Meera Iyer',
    'meera.iyer@example.com',
    'Umpire certification',
    'I would like to become a certified umpire on the platform. Is there a course or an exam?',
    'read',
    'low',
    null,
    'Chennai Cricket Association',
  ],
  [
    'David Thomas',
    'david.thomas@example.com',
    'Payment charged twice',
    'I was charged twice for my season pass. Please look into it urgently.',
    'unread',
    'high',
    '+91 97400 98765',
    null,
  ],
  [
    'Priya Kulkarni',
    'priya.k@example.com',
    'Women’s league dates',
    'When does registration open for the women’s league this year?',
    'read',
    'medium',
    null,
    null,
  ],
  [
    'Vikram Joshi',
    'vikram.joshi@example.com',
    'Newsletter unsubscribe',
    'Thanks for the newsletter, but I would like to receive it once a month only instead of weekly.',
    'read',
    'low',
    null,
    null,
  ],
  [
    'Neha Gupta',
    'neha.gupta@example.com',
    'Ground booking for a corporate match',
    'We want to book a ground for a corporate friendly on a weekday in December for about 30 people.',
    'unread',
    'medium',
    '+91 98111 22334',
    'Gupta Consulting',
  ],
  [
    'Sameer Khan',
    'sameer.khan@example.com',
    'Account locked out after a password reset',
    'I reset my password and now my account is locked. I cannot log in to manage my team before the final.',
    'unread',
    'high',
    null,
    'Hyderabad Hawks',
  ],
];

/** Email templates and contact messages for a first start; nothing when some already exist. */
export async function seedDemoMessages(db: Db, now = new Date()) {
  const [templates] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTemplates);
  if (!templates?.n) {
    await db.insert(emailTemplates).values(
      DEMO_TEMPLATES.map((t, i) => {
        const created = new Date(now.getTime() - (60 - i * 7) * 86_400_000);
        return {
          name: t.name,
          subject: t.subject,
          templateType: t.template_type,
          status: t.status,
          description: t.description,
          content: t.content,
          usedCount: t.used,
          createdAt: created,
          updatedAt: new Date(created.getTime() + (i % 3) * 86_400_000),
        };
      }),
    );
  }
  const [messages] = await db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  if (!messages?.n) {
    await db.insert(contactMessages).values(
      DEMO_MESSAGES.map(([name, email, subject, message, status, priority, phone, company], i) => ({
        name,
        email,
        subject,
        message,
        status,
        priority,
        phoneNumber: phone,
        company,
        // Oldest first, so the newest messages get the highest ids and lead the list.
        createdAt: new Date(now.getTime() - (DEMO_MESSAGES.length - i) * 9 * 3_600_000),
      })),
    );
  }
}
