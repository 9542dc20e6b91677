import { MEDIA_RULES, mediaFileProblem } from '@cricket/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/http';
import { UPLOAD_FAILED_MESSAGE, useUploadProfilePicture } from '@/lib/upload-profile-picture';
import { FieldMessages } from '@/components/ui/field-frame';
import { Button } from '@/components/ui/button';

/** Spec §5: an image, under 2 MB; the server sniffs the bytes again. */
export const checkProfilePicture = (file: File) => mediaFileProblem('profile_pictures', file);

interface ProfilePictureFieldProps {
  /** The saved picture, shown until another file is chosen or it is removed. */
  currentUrl: string | null;
  /** Object URL of a chosen file not uploaded yet (it is uploaded when the form is submitted). */
  pendingUrl: string | null;
  error: string | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
}

export function ProfilePictureField({
  currentUrl,
  pendingUrl,
  error,
  onSelect,
  onRemove,
  disabled,
}: ProfilePictureFieldProps) {
  const id = useId();
  const preview = pendingUrl ?? currentUrl;

  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-neutral-700">
        Profile Picture
      </span>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border border-neutral-200 bg-neutral-50">
          {preview ? (
            <img src={preview} alt="Chosen profile" className="size-full object-cover" />
          ) : (
            <ImageUp className="size-7 text-neutral-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-neutral-300 bg-surface px-3 text-sm font-medium text-neutral-700 shadow-sm hover:bg-neutral-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600"
          >
            {preview ? 'Change picture' : 'Upload picture'}
            <input
              id={id}
              aria-labelledby={`${id}-label`}
              type="file"
              accept={MEDIA_RULES.profile_pictures.mimeTypes.join(',')}
              className="sr-only"
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // Cleared so choosing the same file again still counts as a change.
                event.target.value = '';
                if (chosen) onSelect(chosen);
              }}
            />
          </label>
          {preview && (
            <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove picture
            </Button>
          )}
        </div>
      </div>
      <FieldMessages
        hint="PNG, JPG up to 2MB"
        hintId={`${id}-hint`}
        error={error ?? undefined}
        errorId={`${id}-error`}
      />
    </div>
  );
}

/**
 * A picture chosen in a form and uploaded only when the form is saved: the preview, the
 * file's problem if any, and the upload with its toasts. The user panels and /profile share it.
 */
export function usePendingPicture(onRemoved: () => void) {
  const upload = useUploadProfilePicture();
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The object URL of a chosen file lives until the file is replaced or dropped.
  function replace(next: { file: File; url: string } | null) {
    if (pending) URL.revokeObjectURL(pending.url);
    setPending(next);
  }

  return {
    error,
    /** Forget the chosen file and its problem (the form closed). */
    reset() {
      replace(null);
      setError(null);
    },
    /**
     * The picture to save: `current` when no file was chosen, else the uploaded file's URL;
     * UPLOAD_STOPPED when the file has a problem or its upload failed (both already shown).
     */
    async resolve(current: string | null): Promise<string | null | typeof UPLOAD_STOPPED> {
      if (error) return UPLOAD_STOPPED;
      if (!pending) return current;
      const loading = toast.loading('Uploading profile picture...');
      try {
        const url = await upload.mutateAsync(pending.file);
        toast.dismiss(loading);
        // A failed save after this must not upload the same file again on the next try.
        replace(null);
        return url;
      } catch (failure) {
        toast.error(errorMessage(failure, UPLOAD_FAILED_MESSAGE), { id: loading });
        return UPLOAD_STOPPED;
      }
    },
    /** The props of ProfilePictureField other than currentUrl and disabled. */
    field: {
      pendingUrl: pending?.url ?? null,
      error,
      onSelect(file: File) {
        const problem = checkProfilePicture(file);
        setError(problem);
        if (!problem) replace({ file, url: URL.createObjectURL(file) });
      },
      onRemove() {
        replace(null);
        setError(null);
        onRemoved();
      },
    },
  };
}

export const UPLOAD_STOPPED = Symbol('upload stopped');
