import type { WaCategory } from '@cricket/contracts';
import { DetailItem } from '@/components/detail-item';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { CategoryStatusBadge } from './category-status-badge';

/** Local date and time, or 'N/A' (spec §2 "View Category"). */
const localDateTime = (value: string | null | undefined) => formatDateTime(value) || 'N/A';

/** Spec §2 "View Category": read-only. */
export function CategoryViewPanel({
  open,
  category,
  onClose,
}: {
  open: boolean;
  /** Kept after closing, so the panel still shows it while it animates out. */
  category: WaCategory | null;
  onClose: () => void;
}) {
  return (
    <SidePanel
      open={open}
      onOpenChange={(open) => !open && onClose()}
      title="View Category"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {category && (
        <dl className="space-y-4">
          <DetailItem label="Category Name">{category.name}</DetailItem>
          <DetailItem label="Slug">
            <code className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs">{category.slug}</code>
          </DetailItem>
          {category.icon && <DetailItem label="Icon">{category.icon}</DetailItem>}
          {category.description && (
            <DetailItem label="Description">{category.description}</DetailItem>
          )}
          <DetailItem label="Display Order">{category.order}</DetailItem>
          <DetailItem label="Status">
            <CategoryStatusBadge status={category.status} />
          </DetailItem>
          <DetailItem label="Created At">{localDateTime(category.created_at)}</DetailItem>
          <DetailItem label="Last Updated">{localDateTime(category.updated_at)}</DetailItem>
        </dl>
      )}
    </SidePanel>
  );
}
