import { z } from 'zod';

/**
 * The permission catalogue: one source for the seed, the API guard and the web's
 * menu/button hiding. A permission's name is `module.action`.
 */
export const MODULES = {
  admin: { label: 'Admin', actions: { access: 'Sign in to the administrator back-office' } },
  dashboard: { label: 'Dashboard', actions: { view: 'View the dashboard statistics and charts' } },
  users: {
    label: 'Users',
    actions: {
      view: 'View the user list and user profiles',
      create: 'Create new users',
      update: 'Edit users, their role, status and password',
      delete: 'Delete users',
      export_data: "Download a user's personal data (everything the product holds about them)",
      erase: "Erase a user's personal data for good, keeping the trail of who did what",
    },
  },
  teams: {
    label: 'Teams',
    actions: {
      view: 'View teams and their details',
      create: 'Create teams',
      update: 'Edit teams',
      delete: 'Delete teams',
    },
  },
  team_players: {
    label: 'Team Players',
    actions: {
      view: 'View team squads and available players',
      create: 'Add players to a team',
      update: 'Edit a player in a team',
      delete: 'Remove players from a team',
    },
  },
  matches: {
    label: 'Matches',
    actions: {
      view: 'View matches and tournaments',
      manage: 'Create and edit tournaments, generate fixtures, enter results and give penalties',
      confirm: 'Confirm a match result for a team one owns',
      select:
        "Pick the XI of a team one owns and publish its team sheet (any team's with matches.manage)",
      lock: 'Confirm any match result, and change a confirmed one giving a reason',
    },
  },
  roles: {
    label: 'Roles',
    actions: {
      view: 'View roles and their permissions',
      create: 'Create roles',
      update: 'Edit roles and grant or revoke permissions',
      delete: 'Delete roles',
    },
  },
  permissions: {
    label: 'Permissions',
    actions: { view: 'View the permission catalogue' },
  },
  notification_templates: {
    label: 'Notification Templates',
    actions: {
      view: 'View notification templates',
      create: 'Create notification templates',
      update: 'Edit notification templates',
      delete: 'Delete notification templates',
    },
  },
  audiences: {
    label: 'Audiences',
    actions: {
      view: 'View saved audiences and count who is in them',
      create: 'Create saved audiences',
      update: 'Edit saved audiences',
      delete: 'Delete saved audiences',
    },
  },
  notifications: {
    label: 'Notifications',
    actions: { view: 'View sent notifications', send: 'Send and schedule notifications' },
  },
  email_templates: {
    label: 'Email Templates',
    actions: {
      view: 'View email templates',
      create: 'Create email templates',
      update: 'Edit email templates',
      delete: 'Delete email templates',
    },
  },
  contact_messages: {
    label: 'Contact Messages',
    actions: {
      view: 'View contact messages',
      reply: 'Reply to contact messages',
      delete: 'Delete contact messages',
    },
  },
  wa_templates: {
    label: 'WA Templates',
    actions: {
      view: 'View WhatsApp templates',
      create: 'Create WhatsApp templates',
      update: 'Edit WhatsApp templates',
      delete: 'Delete WhatsApp templates',
    },
  },
  wa_template_categories: {
    label: 'WA Template Categories',
    actions: {
      view: 'View WhatsApp template categories',
      create: 'Create WhatsApp template categories',
      update: 'Edit WhatsApp template categories',
      delete: 'Delete WhatsApp template categories',
    },
  },
  messaging: {
    label: 'Messaging',
    actions: {
      view: "View messaging topics, users' messaging preferences and the suppression list",
      manage:
        "Manage messaging topics, change a user's messaging preferences, add or remove suppressed addresses",
    },
  },
  media: { label: 'Media', actions: { upload: 'Upload pictures, logos and template media' } },
  audit: {
    label: 'Activity Log',
    actions: { view: 'View the activity log and the history of each record' },
  },
} as const;

type Modules = typeof MODULES;
export type ModuleName = keyof Modules;
export type PermissionName = {
  [M in ModuleName]: `${M}.${Extract<keyof Modules[M]['actions'], string>}`;
}[ModuleName];

export interface CatalogueEntry {
  name: PermissionName;
  module: ModuleName;
  action: string;
  description: string;
}

export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = Object.entries(MODULES).flatMap(
  ([module, def]) =>
    Object.entries(def.actions).map(([action, description]) => ({
      name: `${module}.${action}` as PermissionName,
      module: module as ModuleName,
      action,
      description: description as string,
    })),
);

export const PERMISSION_NAMES = PERMISSION_CATALOGUE.map((p) => p.name);
export const permissionName = z.enum(PERMISSION_NAMES as [PermissionName, ...PermissionName[]]);

/** The permission every back-office sign-in needs. */
export const ADMIN_ACCESS: PermissionName = 'admin.access';
/** The seeded administrator role: protected from delete, rename, deactivation, stripping. */
export const PROTECTED_ROLE_ID = 1;
