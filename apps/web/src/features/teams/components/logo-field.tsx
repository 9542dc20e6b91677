import { MEDIA_RULES, mediaFileProblem } from '@cricket/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TeamLogo } from './team-logo';

/** The contracts' team-logo rules, the ones the upload route enforces. */
const LOGO_TYPES = MEDIA_RULES.team_logos.mimeTypes;

interface LogoFieldProps {
  /** The logo the team has now (edit), shown until a new file is picked. */
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
}

/** Logo upload with preview; Remove drops the picked file and shows the current logo again. */
export function LogoField({ currentUrl, file, onFileChange, disabled }: LogoFieldProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // The same file can be picked again after Remove.
    event.target.value = '';
    if (!picked) return;
    const problem = mediaFileProblem('team_logos', picked);
    setError(problem);
    if (!problem) onFileChange(picked);
  }

  function remove() {
    setError(null);
    onFileChange(null);
  }

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-neutral-700">Team Logo</span>
      <div className="flex items-center gap-4">
        <TeamLogo url={previewUrl ?? currentUrl} className="size-20 ring-1 ring-neutral-200" />
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-neutral-300 bg-surface px-3 text-sm font-medium text-neutral-700 shadow-sm hover:bg-neutral-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600"
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {file || currentUrl ? 'Change logo' : 'Upload logo'}
            <input
              id={id}
              type="file"
              accept={LOGO_TYPES.join(',')}
              className="sr-only"
              disabled={disabled}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={onPick}
            />
          </label>
          {file && (
            <Button variant="ghost" size="sm" onClick={remove} disabled={disabled}>
              <X className="size-4" aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        PNG, JPG up to 2MB
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
