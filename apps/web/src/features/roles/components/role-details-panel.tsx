import type { RoleDetail } from '@cricket/contracts';
import { DetailItem } from '@/components/detail-item';
import { RecordHistory } from '@/components/record-history';
import { SidePanel } from '@/components/side-panel';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/lib/use-error-toast';
import { formatDateTime } from '@/lib/format';
import { useRole } from '../api/get-role';
import { capitalize } from '@/lib/format';
import { groupByResource, moduleLabel } from '../lib/modules';
import { ModuleIcon } from './module-icon';
import { ROLE_MESSAGES } from '@cricket/contracts';

/** Spec §2 "Role Details panel": read-only, opened by a row click or the view action. */
export function RoleDetailsPanel({ roleId, onClose }: { roleId: number; onClose: () => void }) {
  const { data: role, isPending, error } = useRole(roleId);

  useErrorToast(error, ROLE_MESSAGES.detailsFailed);

  return (
    <SidePanel open onOpenChange={(open) => !open && onClose()} title="Role Details">
      {isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-neutral-500">
          <Spinner /> Loading...
        </p>
      ) : role ? (
        <RoleDetails role={role} />
      ) : (
        <p className="py-6 text-sm text-neutral-500">No role data available</p>
      )}
    </SidePanel>
  );
}

function RoleDetails({ role }: { role: RoleDetail }) {
  const groups = groupByResource(role.permissions);
  return (
    <div className="space-y-6">
      <section aria-labelledby="role-basic-info" className="space-y-3">
        <h3 id="role-basic-info" className="text-sm font-semibold text-neutral-900">
          Basic Information
        </h3>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <DetailItem label="Role Name">{capitalize(role.name)}</DetailItem>
          <DetailItem label="Status">
            <Badge tone={role.is_active ? 'green' : 'red'}>
              {role.is_active ? 'Active' : 'Inactive'}
            </Badge>
          </DetailItem>
          <DetailItem label="Users Assigned">{role.users_count}</DetailItem>
          <DetailItem label="Created On">{formatDateTime(role.created_at) || 'N/A'}</DetailItem>
          {role.description && (
            <DetailItem label="Description" wide>
              {role.description}
            </DetailItem>
          )}
        </dl>
      </section>

      <section aria-labelledby="role-permissions" className="space-y-3">
        <h3 id="role-permissions" className="text-sm font-semibold text-neutral-900">
          Permissions ({role.permissions.length})
        </h3>
        {groups.length === 0 ? (
          <p className="text-sm text-neutral-500">No permissions assigned to this role</p>
        ) : (
          groups.map(([resource, permissions]) => {
            return (
              <div key={resource} className="rounded-lg border border-neutral-200">
                <h4 className="flex items-center gap-2 rounded-t-lg bg-neutral-50 px-3 py-2 text-sm font-medium text-neutral-800">
                  <ModuleIcon module={resource} />
                  {moduleLabel(resource)}{' '}
                  <span className="text-xs font-normal text-neutral-500">
                    ({permissions.length})
                  </span>
                </h4>
                <ul className="divide-y divide-neutral-100">
                  {permissions.map((permission) => (
                    <li key={permission.id} className="px-3 py-2">
                      <p className="text-sm font-medium text-neutral-800">{permission.name}</p>
                      <p className="text-xs text-neutral-500">{permission.description}</p>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })
        )}
      </section>
      <RecordHistory entityType="role" entityId={role.id} />
    </div>
  );
}
