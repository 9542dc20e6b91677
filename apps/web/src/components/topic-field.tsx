import {
  MAX_PAGE_SIZE,
  MESSAGING_TOPIC_MESSAGES,
  type MessagingTopic,
  type Pagination,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { FieldProps } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { request } from '@/lib/http';
import { messagingTopicKeys } from '@/lib/query-keys';

/** The active topics a template may name (a short managed list: one page holds them). */
export const activeTopicsQuery = {
  queryKey: messagingTopicKeys.options,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (
      await request<{ data: MessagingTopic[]; pagination: Pagination }>('/messaging/topics', {
        query: { active: 'true', limit: MAX_PAGE_SIZE },
        signal,
      })
    ).data.data,
};

/**
 * A template's purpose (issue 32): 'Account message (always delivered)' (the value '') or one
 * of the active topics. `current` keeps a topic the template already names after it was made
 * inactive.
 */
export function TopicField<T extends FieldValues>({
  form,
  name,
  current,
}: Pick<FieldProps<T>, 'form' | 'name'> & { current?: number | null }) {
  const topics = useQuery(activeTopicsQuery);
  const options = [
    { value: '', label: MESSAGING_TOPIC_MESSAGES.accountOption },
    ...(topics.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
  ];
  if (current && !options.some((o) => o.value === String(current)))
    options.push({ value: String(current), label: `Topic #${current} (inactive)` });
  return (
    <SelectField
      form={form}
      name={name}
      label={MESSAGING_TOPIC_MESSAGES.topicLabel}
      hint={MESSAGING_TOPIC_MESSAGES.topicHint}
      options={options}
    />
  );
}
