import type { WaTemplate } from '@cricket/contracts';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { TemplateDetails } from './template-details';

/** Spec §2: the read-only side panel of a template. */
export function TemplateViewPanel({
  open,
  template,
  onClose,
}: {
  open: boolean;
  /** Kept after closing, so the panel still shows it while it animates out. */
  template: WaTemplate | null;
  onClose: () => void;
}) {
  return (
    <SidePanel
      open={open}
      onOpenChange={(open) => !open && onClose()}
      title="View Template"
      wide
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {template && <TemplateDetails template={template} />}
    </SidePanel>
  );
}
