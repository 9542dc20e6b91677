import { MESSAGING_SETTINGS_MESSAGES } from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailItem } from '@/components/detail-item';
import { lazyPanel } from '@/components/lazy-panel';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/lib/session';
import { messagingSettingsQuery } from '../api/settings';

const QuietHoursFormPanel = lazyPanel(
  () => import('./quiet-hours-form-panel').then((m) => m.QuietHoursFormPanel),
  (p) => p.open,
);

/** The organisation's quiet hours and default time zone, under the topics (issue 32). */
export function QuietHoursSection() {
  const settings = useQuery(messagingSettingsQuery());
  const canManage = useCan('messaging.manage');
  const [editing, setEditing] = useState(false);
  const s = settings.data;
  return (
    <Card
      className="mt-6"
      title={MESSAGING_SETTINGS_MESSAGES.title}
      actions={
        canManage && (
          <Button variant="secondary" size="sm" disabled={!s} onClick={() => setEditing(true)}>
            {MESSAGING_SETTINGS_MESSAGES.edit}
          </Button>
        )
      }
    >
      <p className="mb-4 text-sm text-neutral-600">{MESSAGING_SETTINGS_MESSAGES.description}</p>
      {settings.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {MESSAGING_SETTINGS_MESSAGES.fetchFailed}
        </p>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2" aria-busy={settings.isPending || undefined}>
          <DetailItem label={MESSAGING_SETTINGS_MESSAGES.windowLabel} fallback="…">
            {s && MESSAGING_SETTINGS_MESSAGES.window(s.quiet_hours_start, s.quiet_hours_end)}
          </DetailItem>
          <DetailItem label={MESSAGING_SETTINGS_MESSAGES.timeZoneLabel} fallback="…">
            {s?.time_zone}
          </DetailItem>
        </dl>
      )}
      <QuietHoursFormPanel open={editing} onOpenChange={setEditing} settings={s ?? null} />
    </Card>
  );
}
