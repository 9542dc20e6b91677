import { FORBIDDEN_MESSAGE, type PermissionName } from '@cricket/contracts';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useCan } from '@/lib/session';
import { GoBackButton } from './go-back-button';
import { StatusScreen } from './status-screen';

export function NotAllowed() {
  return (
    <StatusScreen icon={ShieldX} tone="warning" title="Access denied" actions={<GoBackButton />}>
      {FORBIDDEN_MESSAGE}
    </StatusScreen>
  );
}

/**
 * Route wrapper for a screen's view permission. The API enforces every permission anyway;
 * this spares the user a screen that could only show errors.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: PermissionName;
  children?: ReactNode;
}) {
  const allowed = useCan(permission);
  if (!allowed) return <NotAllowed />;
  return children ?? <Outlet />;
}
