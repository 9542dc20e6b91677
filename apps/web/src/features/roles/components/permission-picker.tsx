import { ADMIN_ACCESS, type Permission, ROLE_MESSAGES } from '@cricket/contracts';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/lib/use-error-toast';
import { useSession } from '@/lib/session';
import { usePermissionsGrouped } from '../api/get-permissions-grouped';
import { groupByResource, moduleLabel } from '../lib/modules';
import { ModuleIcon } from './module-icon';

interface PermissionPickerProps {
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Spec §9: 20 per page, 10 after a reset. */
  pageSize: number;
  /** Shown instead of letting the user change anything (the protected admin role). */
  lockedReason?: string;
}

/**
 * Spec §2 "Permission picker": the catalogue grouped by module, loaded page by page as the
 * user scrolls. Select All acts on the module's permissions loaded so far.
 */
export function PermissionPicker({
  selected,
  onChange,
  pageSize,
  lockedReason,
}: PermissionPickerProps) {
  const headingId = useId();
  const { data, isPending, error, hasNextPage, isFetchingNextPage, fetchNextPage } =
    usePermissionsGrouped(pageSize);
  const sentinel = useRef<HTMLDivElement>(null);
  const { user } = useSession();
  // The server refuses to hand out a permission the signed-in role lacks; say so up front.
  const canGrant = (permission: Permission) =>
    (user?.permissions as readonly string[] | undefined)?.includes(permission.name) ?? false;

  useErrorToast(error, ROLE_MESSAGES.permissionsFetchFailed);

  const modules = useMemo(
    () =>
      groupByResource(
        (data?.pages ?? []).flatMap((page) => Object.values(page.permissions).flat()),
      ),
    [data],
  );
  const pagination = data?.pages.at(-1)?.pagination;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, modules.length]);

  function toggle(ids: number[], on: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-neutral-900">
          Permissions
        </h3>
        {pagination && modules.length > 0 && (
          <p className="text-xs text-neutral-500">
            Showing {modules.length} modules • Page {pagination.current_page} of{' '}
            {pagination.total_pages}
          </p>
        )}
      </div>
      <p className="rounded-lg bg-info-50 px-3 py-2 text-xs text-info-800">
        {lockedReason ?? (
          <>
            Users of a role can sign in to the back-office only if it has{' '}
            <strong>{ADMIN_ACCESS}</strong> (Admin Module).
          </>
        )}
      </p>

      {isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-neutral-500">
          <Spinner /> Loading permissions...
        </p>
      ) : modules.length === 0 ? (
        <p className="py-6 text-sm text-neutral-500">No permissions available</p>
      ) : (
        modules.map(([module, permissions]) => (
          <ModuleGroup
            key={module}
            module={module}
            permissions={permissions}
            selected={selected}
            disabled={lockedReason !== undefined}
            canGrant={canGrant}
            onToggle={toggle}
          />
        ))
      )}

      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage && (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Spinner /> Loading more permissions...
        </p>
      )}
      {pagination && !hasNextPage && pagination.total > 0 && (
        <p className="text-center text-xs text-neutral-500">
          All permissions loaded ({pagination.total} total items)
        </p>
      )}
    </section>
  );
}

function ModuleGroup({
  module,
  permissions,
  selected,
  disabled,
  canGrant,
  onToggle,
}: {
  module: string;
  permissions: Permission[];
  selected: ReadonlySet<number>;
  disabled: boolean;
  canGrant: (permission: Permission) => boolean;
  onToggle: (ids: number[], on: boolean) => void;
}) {
  const label = `${moduleLabel(module)} Module`;
  const ids = permissions.map((p) => p.id);
  const grantable = permissions.filter(canGrant).map((p) => p.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  const all = chosen === ids.length;
  const selectAll = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);

  return (
    <fieldset className="rounded-lg border border-neutral-200">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-t-lg bg-neutral-50 px-3 py-2">
        <span className="flex items-center gap-2 text-sm font-medium text-neutral-800">
          <ModuleIcon module={module} />
          {label}{' '}
          <span className="text-xs font-normal text-neutral-500">
            ({chosen}/{ids.length})
          </span>
        </span>
        <label className="flex items-center gap-2 text-xs text-neutral-600">
          <input
            ref={selectAll}
            type="checkbox"
            checked={all}
            disabled={disabled || grantable.length === 0}
            onChange={(event) => onToggle(grantable, event.target.checked)}
            aria-label={`Select All ${label}`}
            className="size-4 accent-primary-700"
          />
          Select All
        </label>
      </div>
      <ul className="divide-y divide-neutral-100">
        {permissions.map((permission) => (
          <PermissionRow
            key={permission.id}
            permission={permission}
            checked={selected.has(permission.id)}
            disabled={disabled}
            grantable={canGrant(permission)}
            onToggle={(on) => onToggle([permission.id], on)}
          />
        ))}
      </ul>
    </fieldset>
  );
}

function PermissionRow({
  permission,
  checked,
  disabled,
  grantable,
  onToggle,
}: {
  permission: Permission;
  checked: boolean;
  disabled: boolean;
  grantable: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled || !grantable}
        onChange={(event) => onToggle(event.target.checked)}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 accent-primary-700"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium break-all text-neutral-800">
          {permission.name}
        </label>
        <p id={`${id}-description`} className="text-xs text-neutral-500">
          {permission.description}
        </p>
        <p className="text-xs text-neutral-400">
          {permission.action} • {permission.resource}
        </p>
        {!disabled && !grantable && (
          <p className="text-xs text-warning-700">Your own role does not have this permission.</p>
        )}
      </div>
    </li>
  );
}
