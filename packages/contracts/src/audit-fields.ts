// Plain values with no zod behind them: the History sections and the Activity Log read them
// without loading the audit schemas (decision 029).
import type { AuditEntityType } from './audit.ts';
import { AUDIENCE_MATCH_LABELS } from './audiences.ts';
import { RECIPIENT_TYPE_LABELS } from './notifications.ts';

/**
 * How a recorded value reads (decision 039):
 * - `file`: a stored file's path, which says nothing to a reader: 'Logo changed', 'added'…
 * - `status`: a stored word shown in sentence case ('pending' → 'Pending')
 * - `name`: a name stored as typed, shown capitalised (a role 'player' → 'Player')
 * - `id`: a bare record id of an older record, shown as '#292' under the label of the record it
 *   points at; left out when the change also names that record (a role id beside the role).
 *   A field no table names that ends in `_id` reads the same way ('manager_id' → 'Manager #7').
 * Other values read by their shape: a reference `{ id, name }` by its name, a date or a moment
 * in the screens' date format, true/false as Yes/No, lists joined.
 */
export type AuditFieldKind = 'file' | 'status' | 'name' | 'id';
export interface AuditField {
  label: string;
  kind?: AuditFieldKind;
  /** The words for each stored value, where a screen has its own ('specific' → 'Specific users'). */
  values?: Record<string, string>;
}
type Fields = Record<string, string | AuditField>;

/** A squad member's recorded fields (`players.<user id>` of a team), in the player form's order. */
export const AUDIT_PLAYER_FIELDS: Fields = {
  player_name: 'Name',
  jersey_number: 'Jersey number',
  // References by name since decision 039; an older record kept the option's id alone.
  player_role: { label: 'Player role', kind: 'id' },
  batting_style: { label: 'Batting style', kind: 'id' },
  bowling_style: { label: 'Bowling style', kind: 'id' },
  is_captain: 'Captain',
  is_wicket_keeper: 'Wicket keeper',
};

/**
 * Each kind of record's fields as its form shows them, in the form's order: History and the
 * Activity Log list a change's fields in this order, under these labels. A field not named
 * here follows, labelled from its name ('first_name' → 'First name').
 */
export const AUDIT_FIELDS: Record<AuditEntityType, Fields> = {
  user: {
    first_name: 'First name',
    last_name: 'Last name',
    email: 'Email',
    phone_number: 'Phone number',
    date_of_birth: 'Date of birth',
    gender: { label: 'Gender', kind: 'status' },
    address: 'Address',
    city: 'City',
    state: 'State',
    country: 'Country',
    pincode: 'Pincode',
    role: { label: 'Role', kind: 'name' },
    role_id: { label: 'Role', kind: 'id' },
    status: { label: 'Status', kind: 'status' },
    profile_picture: { label: 'Profile picture', kind: 'file' },
    time_zone: 'Time zone',
    // A messaging preference change (issue 32): the topic, the channel, the state, why.
    topic: 'Messaging topic',
    channel: { label: 'Channel', kind: 'status' },
    subscribed: 'Subscribed',
    reason: 'Reason',
  },
  team: {
    logo_url: { label: 'Logo', kind: 'file' },
    name: 'Team name',
    location: 'Location',
    team_initials: 'Team initials',
    owner: 'Owner',
    owner_id: { label: 'Owner', kind: 'id' },
    is_active: 'Active team',
    players_count: 'Players',
  },
  role: {
    name: { label: 'Name', kind: 'name' },
    description: 'Description',
    is_active: 'Active',
    permissions: 'Permissions',
  },
  media: { type: { label: 'Type', kind: 'status' }, files: 'Files' },
  wa_template: {
    name: 'Template name',
    category: 'Category',
    type: { label: 'Type', kind: 'status' },
    template_language: 'Language',
    header_type: { label: 'Header type', kind: 'status' },
    header_content: 'Header',
    media_url: { label: 'Header media', kind: 'file' },
    body_text: 'Body',
    footer_text: 'Footer',
    buttons: 'Buttons',
    sample_values: 'Sample values',
    status: { label: 'Status', kind: 'status' },
    whatsapp_category: { label: 'WhatsApp category', kind: 'status' },
    whatsapp_template_id: 'WhatsApp id',
    quality_rating: { label: 'Quality', kind: 'status' },
    rejected_reason: 'Rejection reason',
  },
  wa_template_category: {
    name: 'Name',
    slug: 'Slug',
    icon: 'Icon',
    description: 'Description',
    order: 'Display order',
    status: { label: 'Status', kind: 'status' },
  },
  audience: {
    name: 'Name',
    description: 'Description',
    match: { label: 'Who is in it', values: AUDIENCE_MATCH_LABELS },
    rules: 'Rules',
  },
  email_template: {
    name: 'Template name',
    subject: 'Subject',
    template_type: { label: 'Type', kind: 'status' },
    status: { label: 'Status', kind: 'status' },
    description: 'Description',
    content: 'Content',
  },
  contact_message: {
    name: 'Name',
    email: 'Email',
    phone_number: 'Phone number',
    company: 'Company',
    subject: 'Subject',
    message: 'Message',
    status: { label: 'Status', kind: 'status' },
    priority: { label: 'Priority', kind: 'status' },
  },
  notification_template: {
    name: 'Template name',
    type: { label: 'Type', kind: 'status' },
    subject: 'Subject',
    message: 'Message',
    status: { label: 'Status', kind: 'status' },
  },
  messaging_topic: {
    name: 'Topic name',
    description: 'Description',
    default_subscribed: 'On for new users',
    active: 'Active',
  },
  notification_send: {
    template_name: 'Template',
    template_id: { label: 'Template', kind: 'id' },
    channel: { label: 'Channel', kind: 'status' },
    recipient_type: { label: 'Recipients', values: RECIPIENT_TYPE_LABELS },
    recipients: 'Recipient count',
    subject: 'Subject',
    message: 'Message',
    scheduled_at: 'Scheduled for',
    respect_quiet_hours: 'Respect quiet hours',
    status: { label: 'Status', kind: 'status' },
  },
  messaging_suppression: {
    channel: { label: 'Channel', kind: 'status' },
    address: 'Address',
    reason: { label: 'Reason', kind: 'status' },
    detail: 'Detail',
    active: 'Active',
    removal_reason: 'Removal reason',
  },
  messaging_settings: {
    quiet_hours_start: 'Quiet hours start',
    quiet_hours_end: 'Quiet hours end',
    time_zone: 'Default time zone',
  },
  bulk_job: {
    list: { label: 'List', kind: 'status' },
    action: { label: 'Action', kind: 'status' },
    to_status: { label: 'New status', kind: 'status' },
    total: 'Rows',
    status: { label: 'Status', kind: 'status' },
    cancel_requested: 'Cancel requested',
  },
  tournament: {
    name: 'Name',
    format: { label: 'Format', kind: 'status' },
    overs: 'Overs',
    start_date: 'Start date',
    end_date: 'End date',
    match_days: 'Match days',
    points_win: 'Points for a win',
    points_tie: 'Points for a tie',
    points_no_result: 'Points for no result',
    points_loss: 'Points for a loss',
    teams: 'Teams',
    fixtures: 'Fixtures',
    team_id: { label: 'Team', kind: 'id' },
    points: 'Points',
    reason: 'Reason',
  },
  match: {
    scheduled_at: 'Start',
    venue: 'Venue',
    result_type: { label: 'Result', kind: 'status' },
    team_a_innings: 'Team A innings',
    team_b_innings: 'Team B innings',
    winner: 'Winner',
    status: { label: 'Status', kind: 'status' },
    team_a_confirmed: 'Team A confirmed',
    team_b_confirmed: 'Team B confirmed',
    locked: 'Locked',
    reason: 'Reason',
    players: 'Players asked',
    deadline: 'Deadline',
    remind_hours_before: 'Reminder (hours before)',
    send_id: { label: 'Send', kind: 'id' },
    team: 'Team',
    xi: 'Playing XI',
    twelfth: '12th man',
    reserves: 'Reserves',
    captain: 'Captain',
    wicket_keeper: 'Wicket keeper',
    notified: 'Players told',
  },
};
