import {
  WA_MEDIA_KINDS,
  WA_TEMPLATE_MESSAGES,
  waMediaFileProblem,
  type WaMediaType,
} from '@cricket/contracts';
import { Upload, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/http';
import { useUploadMedia } from '../api/templates';

const HINTS: Record<WaMediaType, string> = {
  image: 'JPEG, PNG, GIF or WebP up to 5MB',
  video: 'MP4 or QuickTime up to 5MB',
  document: 'PDF, DOC or DOCX up to 5MB',
};

interface MediaFieldProps {
  type: WaMediaType;
  url: string;
  onUploaded: (url: string, localUrl: string | null) => void;
  onRemove: () => void;
  /** The form's message for media_url (required, refused by the server). */
  error?: string;
  disabled?: boolean;
}

/** Spec §2/§5: media for image, video and document templates, uploaded when picked. */
export function MediaField({ type, url, onUploaded, onRemove, error, disabled }: MediaFieldProps) {
  const id = useId();
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const shown = problem ?? error;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = waMediaFileProblem(type, file);
    setProblem(refused);
    if (refused) return;
    try {
      const stored = await upload.mutateAsync(file);
      setFileName(file.name);
      onUploaded(stored, type === 'image' ? URL.createObjectURL(file) : null);
    } catch (err) {
      toast.error(errorMessage(err, WA_TEMPLATE_MESSAGES.mediaUploadFailed));
    }
  }

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-neutral-700">
        Media File <span className="text-danger-600">*</span>
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-neutral-300 bg-surface px-3 text-sm font-medium text-neutral-700 shadow-sm hover:bg-neutral-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600"
        >
          {upload.isPending ? <Spinner /> : <Upload className="size-4" aria-hidden="true" />}
          {upload.isPending ? 'Uploading...' : url ? `Change ${type}` : `Upload ${type}`}
          <input
            id={id}
            type="file"
            accept={WA_MEDIA_KINDS[type].mimeTypes.join(',')}
            className="sr-only"
            disabled={disabled || upload.isPending}
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            aria-invalid={shown ? true : undefined}
            onChange={onPick}
          />
        </label>
        {url && (
          <>
            <span className="max-w-56 truncate text-xs text-neutral-600" title={fileName ?? url}>
              {fileName ?? url.split('/').pop()}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setFileName(null);
                onRemove();
              }}
              disabled={disabled}
            >
              <X className="size-4" aria-hidden="true" />
              Remove
            </Button>
          </>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        {HINTS[type]}
      </p>
      {shown && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-600">
          {shown}
        </p>
      )}
    </div>
  );
}
