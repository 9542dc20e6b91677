import { describe, expect, it } from 'vitest';
import { isGroup, NAV_ENTRIES, visibleEntries } from './nav-items';

function labels(permissions: string[]): string[] {
  return visibleEntries(NAV_ENTRIES, permissions).flatMap((entry) =>
    isGroup(entry) ? [`${entry.label}:`, ...entry.items.map((item) => item.label)] : [entry.label],
  );
}

describe('visibleEntries', () => {
  it('shows every item to a role holding every view permission', () => {
    const all = NAV_ENTRIES.flatMap((entry) =>
      isGroup(entry) ? entry.items.map((item) => item.permission) : [entry.permission],
    );
    expect(labels(all)).toEqual([
      'Dashboard',
      'Users',
      'Teams',
      'Tournaments',
      'WA:',
      'Templates',
      'Template Categories',
      'Messaging:',
      'Notification Templates',
      'Send Notification',
      'Sent Notifications',
      'Audiences',
      'Email Templates',
      'Suppressions',
      'Support',
      'Settings:',
      'Role & Permissions',
      'Activity Log',
      'Messaging topics',
    ]);
  });

  it('hides items the role lacks and drops groups left empty', () => {
    expect(labels(['dashboard.view', 'wa_template_categories.view'])).toEqual([
      'Dashboard',
      'WA:',
      'Template Categories',
    ]);
  });

  it('shows nothing to a role without view permissions', () => {
    expect(labels(['users.create'])).toEqual([]);
  });
});
