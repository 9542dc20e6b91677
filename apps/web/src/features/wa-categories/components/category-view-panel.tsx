import type { WaCategory } from '@cricket/contracts';
import type { ReactNode } from 'react';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { CategoryStatusBadge } from './category-status-badge';

/** Local date and time, or 'N/A' (spec §2 "View Category"). */
const localDateTime = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleString() : 'N/A';
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{label}</dt>
      <dd className="text-sm break-words text-neutral-900">{children}</dd>
    </div>
  );
}

/** Spec §2 "View Category": read-only. */
export function CategoryViewPanel({
  category,
  onClose,
}: {
  category: WaCategory | null;
  onClose: () => void;
}) {
  return (
    <SidePanel
      open={category !== null}
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
          <Item label="Category Name">{category.name}</Item>
          <Item label="Slug">
            <code className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs">{category.slug}</code>
          </Item>
          {category.icon && <Item label="Icon">{category.icon}</Item>}
          {category.description && <Item label="Description">{category.description}</Item>}
          <Item label="Display Order">{category.order}</Item>
          <Item label="Status">
            <CategoryStatusBadge status={category.status} />
          </Item>
          <Item label="Created At">{localDateTime(category.created_at)}</Item>
          <Item label="Last Updated">{localDateTime(category.updated_at)}</Item>
        </dl>
      )}
    </SidePanel>
  );
}
