import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { waTemplateInput, type WaTemplateInput } from '@cricket/contracts';
import type { Db } from '../client';
import { media, users, waTemplateCategories, waTemplates } from '../schema';
import { createTemplate } from '../../features/wa-templates/repository';
import { localDirectoryStorage } from '../../lib/storage';
import type { AuditWriter } from '../../plugins/audit';

const CATEGORIES = [
  {
    name: 'Match Updates',
    slug: 'match-updates',
    icon: '🏏',
    order: 1,
    description: 'Fixtures, toss, scores and results',
  },
  {
    name: 'Tournament News',
    slug: 'tournament-news',
    icon: '🏆',
    order: 2,
    description: 'Draws, schedules and standings',
  },
  {
    name: 'Payments',
    slug: 'payments',
    icon: '💳',
    order: 3,
    description: 'Entry fees, receipts and refunds',
  },
  {
    name: 'Account',
    slug: 'account',
    icon: '👤',
    order: 4,
    description: 'Sign-up, verification and security',
  },
  {
    name: 'Promotions',
    slug: 'promotions',
    icon: '📣',
    order: 5,
    description: 'Offers and merchandise',
    status: 'inactive' as const,
  },
];

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** The smallest MP4 a sniffer recognises: one `ftyp` box. */
const MP4 = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');

const MEDIA = {
  image: { data: PNG_1PX, ext: 'png', mime: 'image/png' },
  video: { data: MP4, ext: 'mp4', mime: 'video/mp4' },
  document: { data: PDF, ext: 'pdf', mime: 'application/pdf' },
} as const;

type Demo = Omit<WaTemplateInput, 'category'> & { category: string; usage: number };

const TEMPLATES: Demo[] = [
  {
    name: 'match_reminder',
    category: 'match-updates',
    type: 'text',
    status: 'approved',
    usage: 412,
    header_type: 'text',
    header_content: 'Match day for {{team}}',
    body_text:
      'Hello {{name}}, your match against {{opponent}} starts at {{time}} today. Please reach the ground an hour early.',
    footer_text: 'Reply STOP to opt out',
    buttons: [
      { type: 'quick_reply', text: 'I will be there' },
      { type: 'quick_reply', text: 'Cannot make it' },
    ],
    sample_values: {
      team: 'Mumbai Mavericks',
      name: 'Asha',
      opponent: 'Delhi Dynamos',
      time: '6 PM',
    },
  },
  {
    name: 'toss_result',
    category: 'match-updates',
    type: 'text',
    status: 'approved',
    usage: 238,
    body_text:
      'Toss update: {{team}} won the toss and chose to {{decision}} first. Follow the live score in the app.',
    buttons: [
      { type: 'url', text: 'Live score', url: 'https://cricket.example.com/matches/{{match_id}}' },
    ],
    sample_values: { team: 'Chennai Chargers', decision: 'bat', match_id: '1042' },
  },
  {
    name: 'match_result_card',
    category: 'match-updates',
    type: 'image',
    status: 'approved',
    usage: 175,
    body_text:
      'Full time: {{winner}} won by {{margin}}. Thanks for playing, see the scorecard for every ball.',
    footer_text: 'Cricket Board',
    buttons: [
      {
        type: 'url',
        text: 'Scorecard',
        url: 'https://cricket.example.com/scorecards/{{match_id}}',
      },
    ],
    sample_values: { winner: 'Kolkata Knights', margin: '24 runs', match_id: '1042' },
  },
  {
    name: 'rain_delay',
    category: 'match-updates',
    type: 'text',
    status: 'pending',
    usage: 0,
    body_text:
      'Rain has delayed the start of the match at {{ground}}. We will send the new start time as soon as the umpires decide.',
    sample_values: { ground: 'Wankhede Stadium' },
  },
  {
    name: 'tournament_fixtures',
    category: 'tournament-news',
    type: 'document',
    status: 'approved',
    usage: 96,
    body_text:
      'The fixtures of {{tournament}} are out. Your first match is on {{date}}; the full schedule is attached.',
    buttons: [{ type: 'quick_reply', text: 'Thanks' }],
    sample_values: { tournament: 'Monsoon Cup 2026', date: '12 July' },
  },
  {
    name: 'tournament_highlights',
    category: 'tournament-news',
    type: 'video',
    status: 'draft',
    usage: 0,
    body_text:
      'Relive the best moments of {{tournament}} in this short highlights video. Share it with your team!',
    sample_values: { tournament: 'Monsoon Cup 2026' },
  },
  {
    name: 'registration_open',
    category: 'tournament-news',
    type: 'text',
    status: 'rejected',
    usage: 0,
    header_type: 'text',
    header_content: 'Registrations are open',
    body_text:
      'Registrations for {{tournament}} close on {{date}}. Enter your team now to secure a slot.',
    buttons: [
      { type: 'url', text: 'Register', url: 'https://cricket.example.com/register' },
      { type: 'phone_number', text: 'Call the organisers', phone_number: '+919876543210' },
    ],
    sample_values: { tournament: 'Winter League', date: '30 November' },
  },
  {
    name: 'payment_received',
    category: 'payments',
    type: 'text',
    status: 'approved',
    usage: 321,
    body_text:
      'We have received your payment of {{amount}} for {{item}}. Your receipt number is {{receipt}}, thank you.',
    footer_text: 'Keep this message for your records',
    sample_values: { amount: '₹1,500', item: 'the team entry fee', receipt: 'RC-20931' },
  },
  {
    name: 'payment_failed',
    category: 'payments',
    type: 'text',
    status: 'pending',
    usage: 0,
    body_text:
      'Your payment of {{amount}} could not be completed. Please try again or call us if money has left your account.',
    buttons: [
      { type: 'url', text: 'Pay again', url: 'https://cricket.example.com/pay/{{order_id}}' },
      { type: 'phone_number', text: 'Call support', phone_number: '+919876543211' },
    ],
    sample_values: { amount: '₹1,500', order_id: 'ORD-5531' },
  },
  {
    name: 'refund_invoice',
    category: 'payments',
    type: 'document',
    status: 'draft',
    usage: 0,
    body_text:
      'Your refund of {{amount}} has been processed. The credit note is attached for your records.',
    sample_values: { amount: '₹750' },
  },
  {
    name: 'verify_account',
    category: 'account',
    type: 'text',
    status: 'approved',
    usage: 1204,
    body_text:
      'Welcome to the Cricket Board, {{name}}! Please verify your account to join teams and tournaments.',
    buttons: [{ type: 'url', text: 'Verify account', url: 'https://cricket.example.com/verify' }],
    sample_values: { name: 'Rohit' },
  },
  {
    name: 'season_kit_offer',
    category: 'promotions',
    whatsapp_category: 'MARKETING',
    type: 'image',
    status: 'draft',
    usage: 0,
    body_text:
      'New season kits are here: {{discount}} off for registered players until Sunday. Show this message at the store.',
    footer_text: 'Offer while stocks last',
    buttons: [
      { type: 'quick_reply', text: 'Interested' },
      { type: 'quick_reply', text: 'Not now' },
    ],
    sample_values: { discount: '20%' },
  },
  {
    // An availability ask by WhatsApp (decision 079): its variables are named like the fields
    // and links the ask fills, so the ask screen maps them at once.
    name: 'availability_check',
    category: 'match-updates',
    type: 'text',
    status: 'approved',
    usage: 0,
    body_text:
      'Hi {{first_name}}, are you available for {{fixture}}? Tap your answer.\n\nAvailable: {{available_link}}\nNot available: {{not_available_link}}\nMaybe: {{maybe_link}}\n\nYou can change your answer until the match starts.',
    sample_values: {
      first_name: 'Asha',
      fixture: 'Mumbai Mavericks v Delhi Dynamos on Saturday',
      available_link: 'https://cricket.example.com/availability/abc?answer=available',
      not_available_link: 'https://cricket.example.com/availability/abc?answer=not_available',
      maybe_link: 'https://cricket.example.com/availability/abc?answer=maybe',
    },
  },
];

/** Demo data is not a change anyone made: it leaves no audit record. */
const noAudit: AuditWriter = async () => {};

/** Five categories and thirteen templates across types and statuses (first start, demo on). */
export async function seedDemoWaTemplates(db: Db, opts: { uploadDir?: string }) {
  await db
    .insert(waTemplateCategories)
    .values(CATEGORIES.map((c) => ({ status: 'active' as const, ...c })))
    .onConflictDoNothing();
  const categories = await db
    .select({ id: waTemplateCategories.id, slug: waTemplateCategories.slug })
    .from(waTemplateCategories)
    .where(
      inArray(
        waTemplateCategories.slug,
        CATEGORIES.map((c) => c.slug),
      ),
    );
  const idOf = new Map(categories.map((c) => [c.slug, c.id]));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.id, 1));
  const storage = opts.uploadDir ? localDirectoryStorage(opts.uploadDir) : null;

  const existing = new Set(
    (await db.select({ name: waTemplates.name }).from(waTemplates)).map((t) => t.name),
  );
  for (const demo of TEMPLATES) {
    if (existing.has(demo.name)) continue;
    let mediaUrl: string | null = null;
    if (demo.type !== 'text') {
      // Without an upload folder a media template cannot have its file: it is left out.
      if (!storage) continue;
      const file = MEDIA[demo.type as keyof typeof MEDIA];
      const fileName = `${randomUUID()}.${file.ext}`;
      await storage.write(`whatsapp_templates/${fileName}`, file.data);
      await db.insert(media).values({
        type: 'whatsapp_templates',
        fileName,
        originalName: `${demo.name}.${file.ext}`,
        mimeType: file.mime,
        size: file.data.length,
      });
      mediaUrl = `/uploads/whatsapp_templates/${fileName}`;
    }
    // The demo goes through the same rules as the editor and the API: every demo row is one
    // WhatsApp would accept.
    const values = waTemplateInput.parse({
      ...demo,
      category: idOf.get(demo.category),
      media_url: mediaUrl,
    });
    const created = await createTemplate(db, values, admin?.id ?? null, noAudit);
    await db
      .update(waTemplates)
      .set({ usageCount: demo.usage })
      .where(eq(waTemplates.id, created._id));
  }
}
