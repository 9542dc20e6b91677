import { WA_WHATSAPP_TEXTS as T, type WaSyncResult } from '@cricket/contracts';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
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
        <Found title={T.unknownTitle(result.unknown.length)} hint={T.unknownHint}>
          {result.unknown.map((m) => (
            <li key={m.id} className="flex flex-wrap gap-x-2">
              <span className="font-medium break-all">{m.name}</span>
              <span className="text-neutral-500">
                {m.language} · {statusLabel(m.status.toLowerCase())} ·{' '}
                {statusLabel(m.category.toLowerCase())}
              </span>
            </li>
          ))}
        </Found>
        <Found title={T.missingTitle(result.missing.length)} hint={T.missingHint}>
          {result.missing.map((m) => (
            <li key={m._id} className="break-all">
              {m.name}
            </li>
          ))}
        </Found>
      </section>
    </Card>
  );
}

/** One kind of finding, with what it means; nothing when there is none. */
function Found({ title, hint, children }: { title: string; hint: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <div>
      <h2 className="font-medium text-neutral-900">{title}</h2>
      <p className="text-xs text-neutral-500">{hint}</p>
      <ul className="mt-2 max-h-48 space-y-1 overflow-auto">{children}</ul>
    </div>
  );
}
