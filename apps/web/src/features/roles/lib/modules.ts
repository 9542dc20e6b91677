import { MODULES } from '@cricket/contracts';

/** 'support staff' → 'Support staff' (spec: role and module names are shown capitalised). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
