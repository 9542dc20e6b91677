import type { PermissionName } from '@cricket/contracts';
import {
  Ban,
  BellRing,
  FileText,
  History,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Medal,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  Send,
  Settings,
  ShieldCheck,
  Tags,
  Trophy,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The item shows only when the signed-in role holds this permission. */
  permission: PermissionName;
}

export interface NavGroup {
  label: string;
  icon: LucideIcon;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard, permission: 'dashboard.view' },
  { label: 'Users', to: '/users', icon: Users, permission: 'users.view' },
  { label: 'Teams', to: '/teams', icon: Trophy, permission: 'teams.view' },
  // Matches has no entry of its own: the dashboard's 'View All' opens it.
  { label: 'Tournaments', to: '/tournaments', icon: Medal, permission: 'matches.view' },
  {
    label: 'WA',
    icon: MessageCircle,
    items: [
      { label: 'Templates', to: '/wa-templates', icon: FileText, permission: 'wa_templates.view' },
      {
        label: 'Template Categories',
        to: '/wa-template-categories',
        icon: Tags,
        permission: 'wa_template_categories.view',
      },
    ],
  },
  {
    label: 'Messaging',
    icon: MessagesSquare,
    items: [
      {
        label: 'Notification Templates',
        to: '/notification-templates',
        icon: BellRing,
        permission: 'notification_templates.view',
      },
      {
        label: 'Send Notification',
        to: '/send-notification',
        icon: Send,
        permission: 'notifications.send',
      },
      {
        label: 'Sent Notifications',
        to: '/sent-notifications',
        icon: History,
        permission: 'notifications.view',
      },
      { label: 'Audiences', to: '/audiences', icon: UsersRound, permission: 'audiences.view' },
      {
        label: 'Email Templates',
        to: '/email-templates',
        icon: Mail,
        permission: 'email_templates.view',
      },
      { label: 'Suppressions', to: '/suppressions', icon: Ban, permission: 'messaging.view' },
    ],
  },
  { label: 'Support', to: '/support', icon: LifeBuoy, permission: 'contact_messages.view' },
  {
    label: 'Settings',
    icon: Settings,
    items: [
      { label: 'Role & Permissions', to: '/roles', icon: ShieldCheck, permission: 'roles.view' },
      { label: 'Activity Log', to: '/activity-log', icon: History, permission: 'audit.view' },
      {
        label: 'Messaging topics',
        to: '/messaging-topics',
        icon: Megaphone,
        permission: 'messaging.view',
      },
    ],
  },
];

/** The menu a role may see: items it lacks are dropped, and groups left empty with them. */
export function visibleEntries(entries: NavEntry[], permissions: readonly string[]): NavEntry[] {
  return entries.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return permissions.includes(entry.permission) ? [entry] : [];
    const items = entry.items.filter((item) => permissions.includes(item.permission));
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}
