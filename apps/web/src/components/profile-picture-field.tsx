import { MEDIA_RULES, mediaFileProblem } from '@cricket/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { FieldMessages } from '@/components/ui/field';
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
