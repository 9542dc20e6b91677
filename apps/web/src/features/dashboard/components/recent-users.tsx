import { DASHBOARD_MESSAGES } from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { RecentUser } from '../api/get-dashboard';
import { ViewAllLink } from './view-all-link';

/** Spec §2: admin purple, umpire blue, owner orange, everyone else (players) green. */
const ROLE_TONES: Record<string, BadgeTone> = { admin: 'purple', umpire: 'blue', owner: 'orange' };

export function RecentUsers({ users }: { users: RecentUser[] }) {
  return (
    <Card
      title="Recent Users"
      className="min-w-0"
      actions={<ViewAllLink to="/users" label="View all users" />}
      flush
    >
      {users.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-neutral-500">
          {DASHBOARD_MESSAGES.recentUsersEmpty}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {users.map((user) => (
            <li key={user.id} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-neutral-900">{user.name}</p>
                <p className="truncate text-xs text-neutral-500">{user.email}</p>
              </div>
              <Badge tone={ROLE_TONES[user.role.toLowerCase()] ?? 'green'}>{user.role}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
