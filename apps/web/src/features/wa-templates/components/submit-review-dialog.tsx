import {
  WA_LANGUAGE_LABELS,
  WA_WHATSAPP_TEXTS as T,
  WHATSAPP_CATEGORY_LABELS,
  metaTemplateBody,
  type MetaTemplateSource,
  type WhatsAppCategory,
} from '@cricket/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';

interface SubmitReviewDialogProps {
  /** The template as it will be submitted; null keeps the dialog closed. */
  source: (MetaTemplateSource & { media_url?: string | null }) | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}

/**
 * What goes to Meta, shown before it goes: a short summary and the exact JSON (the body the API
 * builds with the same `metaTemplateBody`), the media handle described since it is made then.
 */
export function SubmitReviewDialog({ source, onCancel, onConfirm, busy }: SubmitReviewDialogProps) {
  const body =
    source &&
    metaTemplateBody(
      source,
      source.media_url ? T.mediaHandle(source.media_url.split('/').pop() ?? '') : undefined,
    );
  return (
    <ConfirmDialog
      open={source !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={T.reviewTitle}
      description={T.reviewDescription}
      tone="primary"
      wide
      confirmLabel={T.reviewConfirm}
      onConfirm={onConfirm}
      busy={busy}
      details={
        body && (
          <div className="space-y-3 text-sm">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-neutral-500">Name</dt>
              <dd className="break-all">{body.name}</dd>
              <dt className="text-neutral-500">Language</dt>
              <dd>
                {WA_LANGUAGE_LABELS[body.language as keyof typeof WA_LANGUAGE_LABELS] ??
                  body.language}{' '}
                ({body.language})
              </dd>
              <dt className="text-neutral-500">WhatsApp category</dt>
              <dd>
                {WHATSAPP_CATEGORY_LABELS[body.category as WhatsAppCategory] ?? body.category}
              </dd>
              <dt className="text-neutral-500">Parts</dt>
              <dd>{body.components.map((c) => c.type.toLowerCase()).join(', ')}</dd>
            </dl>
            <figure>
              <figcaption className="mb-1 text-xs font-medium text-neutral-600">
                {T.reviewJson}
              </figcaption>
              {/* Focusable: a long body scrolls here, and a keyboard has nothing else to scroll
                  it with (axe: scrollable-region-focusable). */}
              <pre
                role="region"
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                aria-label={T.reviewJson}
                className="max-h-72 overflow-auto rounded-lg bg-neutral-100 p-3 text-xs whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
              >
                {JSON.stringify(body, null, 2)}
              </pre>
            </figure>
          </div>
        )
      }
    />
  );
}
