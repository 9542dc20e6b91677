import { MODULES } from '@cricket/contracts';
import { capitalize } from '@/lib/format';

/** A module's display name: the catalogue's label, else its key made readable. */
export function moduleLabel(module: string): string {
  const known = (MODULES as Record<string, { label: string } | undefined>)[module];
  return known?.label ?? module.split('_').map(capitalize).join(' ');
}

/** Groups permissions by resource, keeping the order they came in. */
export function groupByResource<P extends { resource: string }>(
  permissions: readonly P[],
): [string, P[]][] {
  const groups = new Map<string, P[]>();
  for (const permission of permissions) {
    const list = groups.get(permission.resource);
    if (list) list.push(permission);
    else groups.set(permission.resource, [permission]);
  }
  return [...groups];
}
