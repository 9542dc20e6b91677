import {
  BellRing,
  CalendarDays,
  Boxes,
  Image,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Lock,
  Mail,
  MessageCircle,
  Send,
  ShieldCheck,
  Tags,
  Trophy,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  admin: ShieldCheck,
  dashboard: LayoutDashboard,
  users: Users,
  teams: Trophy,
  team_players: UserPlus,
  matches: CalendarDays,
  roles: KeyRound,
  permissions: Lock,
  notification_templates: BellRing,
  notifications: Send,
  email_templates: Mail,
  contact_messages: LifeBuoy,
  wa_templates: MessageCircle,
  wa_template_categories: Tags,
  media: Image,
};

/** The icon of a permission module; modules added later get a generic one. */
export function ModuleIcon({ module }: { module: string }) {
  const Icon = ICONS[module] ?? Boxes;
  return <Icon className="size-4 shrink-0 text-primary-700" aria-hidden="true" />;
}
