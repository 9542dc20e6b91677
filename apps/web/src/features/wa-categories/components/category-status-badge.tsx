import { Badge } from '@/components/ui/badge';

/** Spec §2 "View Category": green when active, red otherwise. */
export function CategoryStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={status === 'active' ? 'green' : 'red'}>
      {status === 'active' ? 'Active' : 'Inactive'}
    </Badge>
  );
}
