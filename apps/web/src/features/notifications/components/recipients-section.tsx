import { NOTIFICATION_ERRORS, type RecipientOption, type RecipientType } from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useErrorToast } from '@/lib/use-error-toast';
import { recipientsQuery } from '../api/sends';
import { RecipientPicker } from './recipient-picker';

const RECIPIENT_CHOICES = [
  { value: 'all', label: 'All Users' },
  { value: 'active', label: 'Active Users' },
  { value: 'specific', label: 'Specific Users' },
] as const;

/**
 * Who a send reaches, for every send form (notifications, WhatsApp): the users picked for
 * 'specific' (kept whole, so a preview can use the first one's details), or the audience's
 * count and first user from the server.
 */
export function useAudience(recipientType: RecipientType | undefined) {
  const [picked, setPicked] = useState<RecipientOption[]>([]);
  const audience = recipientType === 'specific' ? null : (recipientType ?? 'all');
  const audienceQuery = useQuery({
    ...recipientsQuery({ page: 1, limit: 1, recipient_type: audience ?? 'all' }),
    enabled: audience !== null,
  });
  useErrorToast(audienceQuery.error, NOTIFICATION_ERRORS.fetchUsers);
  return {
    picked,
    setPicked,
    type: recipientType ?? 'all',
    count: audience === null ? picked.length : (audienceQuery.data?.pagination.total ?? null),
    first: audience === null ? (picked[0] ?? null) : (audienceQuery.data?.data[0] ?? null),
  };
}

/** The recipient type radios and, for 'specific', the user picker. */
export function RecipientsFields({
  audience,
  register,
  error,
  onPick,
}: {
  audience: ReturnType<typeof useAudience>;
  /** `form.register('recipient_type')`. */
  register: UseFormRegisterReturn;
  error?: string;
  /** The picked users' ids, for the form's recipient_ids. */
  onPick: (ids: number[]) => void;
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="sr-only">Recipient type</legend>
        <div className="flex flex-wrap gap-4">
          {RECIPIENT_CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                value={choice.value}
                {...register}
                className="size-4 accent-primary-700"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {audience.type === 'specific' && (
        <RecipientPicker
          selected={audience.picked}
          error={error}
          onChange={(next) => {
            audience.setPicked(next);
            onPick(next.map((u) => u.id));
          }}
        />
      )}
    </>
  );
}

/** A titled part of a send form. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="space-y-4 border-b border-neutral-100 pb-6 last:border-0"
    >
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      {children}
    </section>
  );
}
