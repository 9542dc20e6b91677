import { WA_WHATSAPP_TEXTS as T, type WaSyncResult } from '@cricket/contracts';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { statusLabel } from '@/lib/format';

/**
 * What a sync found beyond the list's own rows: templates WhatsApp holds that are not here,
 * and templates submitted from here that WhatsApp no longer lists (decision 044). Nothing is
 * dropped silently; the list itself shows this product's templates only.
 */
export function SyncResult({ result, onClose }: { result: WaSyncResult; onClose: () => void }) {
  if (result.unknown.length === 0 && result.missing.length === 0) return null;
  return (
    <Card className="mb-4">
      <section aria-label="Sync result" className="relative space-y-4 text-sm">
        <Button
          variant="ghost"
          size="sm"
          className="absolute top-0 right-0"
          aria-label="Close sync result"
          onClick={onClose}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
        {result.unknown.length > 0 && (
          <div>
            <h2 className="font-medium text-neutral-900">
              {T.unknownTitle(result.unknown.length)}
            </h2>
            <p className="text-xs text-neutral-500">{T.unknownHint}</p>
            <ul className="mt-2 max-h-48 space-y-1 overflow-auto">
              {result.unknown.map((m) => (
                <li key={m.id} className="flex flex-wrap gap-x-2">
                  <span className="font-medium break-all">{m.name}</span>
                  <span className="text-neutral-500">
                    {m.language} · {statusLabel(m.status.toLowerCase())} ·{' '}
                    {statusLabel(m.category.toLowerCase())}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {result.missing.length > 0 && (
          <div>
            <h2 className="font-medium text-neutral-900">
              {T.missingTitle(result.missing.length)}
            </h2>
            <p className="text-xs text-neutral-500">{T.missingHint}</p>
            <ul className="mt-2 space-y-1">
              {result.missing.map((m) => (
                <li key={m._id} className="break-all">
                  {m.name}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}
