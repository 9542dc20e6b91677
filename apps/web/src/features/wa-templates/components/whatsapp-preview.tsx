import { fillWaSamples, type WaTemplateDraft } from '@cricket/contracts';
import { ExternalLink, FileText, Image, Phone, Reply, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** WhatsApp's own markup: *bold*, _italic_, ~strikethrough~, ```monospace```. */
const MARKUP = /(```[^`]+```|\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;

function formatted(text: string): ReactNode[] {
  return text.split(MARKUP).map((part, i) => {
    if (part.startsWith('```') && part.endsWith('```') && part.length > 6)
      return (
        <code key={i} className="font-mono">
          {part.slice(3, -3)}
        </code>
      );
    const inner = part.slice(1, -1);
    if (part.length > 2 && part.startsWith('*') && part.endsWith('*'))
      return <strong key={i}>{inner}</strong>;
    if (part.length > 2 && part.startsWith('_') && part.endsWith('_'))
      return <em key={i}>{inner}</em>;
    if (part.length > 2 && part.startsWith('~') && part.endsWith('~'))
      return <s key={i}>{inner}</s>;
    return part;
  });
}

const BUTTON_ICONS = { quick_reply: Reply, url: ExternalLink, phone_number: Phone } as const;

interface WhatsAppPreviewProps {
  draft: WaTemplateDraft & { media_url?: string | null };
  /** A picked file not yet stored, shown before its upload finishes. */
  localMediaUrl?: string | null;
  className?: string;
}

/**
 * The message as a recipient's phone would show it: the header (text or media), the body with
 * the sample values filled in and WhatsApp's markup applied, the footer, then the buttons.
 */
export function WhatsAppPreview({ draft, localMediaUrl, className }: WhatsAppPreviewProps) {
  const samples = draft.sample_values;
  const mediaUrl = localMediaUrl ?? draft.media_url ?? null;
  const header =
    draft.type === 'image' ? (
      mediaUrl ? (
        <img
          src={mediaUrl}
          alt="Template header"
          className="max-h-44 w-full rounded-md object-cover"
        />
      ) : (
        <MediaPlaceholder icon={Image} label="Image" />
      )
    ) : draft.type === 'video' ? (
      <MediaPlaceholder icon={Video} label="Video" />
    ) : draft.type === 'document' ? (
      <MediaPlaceholder icon={FileText} label="Document" />
    ) : draft.header_type === 'text' && draft.header_content?.trim() ? (
      <p className="font-semibold break-words">
        {fillWaSamples(draft.header_content.trim(), samples)}
      </p>
    ) : null;
  const body = draft.body_text?.trim();
  const buttons = (draft.buttons ?? []).filter((b) => b.text?.trim());

  // Drawn in WhatsApp's own colours, not the app's tokens: a phone looks the same in both themes.
  return (
    <figure
      aria-label="WhatsApp preview"
      className={cn(
        'mx-auto w-full max-w-xs overflow-hidden rounded-[2rem] border-8 border-neutral-800 bg-[#e5ddd5] shadow-lg',
        className,
      )}
    >
      <div className="flex items-center gap-2 bg-[#075e54] px-3 py-2 text-sm font-medium text-white">
        <span className="flex size-7 items-center justify-center rounded-full bg-white/20 text-xs">
          CB
        </span>
        Cricket Board
      </div>
      <div className="min-h-64 space-y-1 p-3">
        <div className="max-w-[90%] space-y-1.5 rounded-lg rounded-tl-none bg-white p-2 text-[13px] leading-snug text-[#111b21] shadow-sm">
          {header}
          {body ? (
            <p className="break-words whitespace-pre-wrap" data-testid="preview-body">
              {formatted(fillWaSamples(body, samples))}
            </p>
          ) : (
            <p className="text-[#667781] italic">Your message appears here</p>
          )}
          {draft.footer_text?.trim() && (
            <p className="text-xs break-words text-[#667781]">{draft.footer_text.trim()}</p>
          )}
          <p className="text-right text-[10px] text-[#667781]">12:00</p>
        </div>
        {buttons.length > 0 && (
          <ul className="max-w-[90%] space-y-1">
            {buttons.map((button, i) => {
              const Icon = BUTTON_ICONS[button.type as keyof typeof BUTTON_ICONS] ?? Reply;
              return (
                <li
                  key={i}
                  className="flex items-center justify-center gap-1.5 rounded-lg bg-white px-2 py-1.5 text-[13px] font-medium text-[#0369a1] shadow-sm"
                >
                  <Icon className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{button.text}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </figure>
  );
}

function MediaPlaceholder({ icon: Icon, label }: { icon: typeof Image; label: string }) {
  return (
    <div className="flex h-28 flex-col items-center justify-center gap-1 rounded-md bg-[#d1d7db] text-xs text-[#54656f]">
      <Icon className="size-6" aria-hidden="true" />
      {label}
    </div>
  );
}
