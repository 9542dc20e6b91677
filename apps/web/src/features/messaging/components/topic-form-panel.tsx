import {
  MESSAGING_TOPIC_MESSAGES,
  MESSAGING_TOPIC_SUCCESS,
  messagingTopicInput,
  type MessagingTopic,
  type MessagingTopicInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { MESSAGING_TOPIC_NAME_MAX, MESSAGING_TOPIC_DESCRIPTION_MAX } from '@cricket/contracts';
import { getTopic, useCreateTopic, useUpdateTopic } from '../api/topics';

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Topic Name',
  description: 'Description',
  default_subscribed: 'On for new users',
  active: 'Active',
};

function formValues(topic: MessagingTopic | null): MessagingTopicInput {
  return {
    name: topic?.name ?? '',
    description: topic?.description ?? '',
    default_subscribed: topic?.default_subscribed ?? true,
    active: topic?.active ?? true,
  };
}

interface TopicFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The topic to edit; null creates one. */
  topic: MessagingTopic | null;
}

export function TopicFormPanel({ open, onOpenChange, topic }: TopicFormPanelProps) {
  const form = useForm({
    resolver: zodResolver(messagingTopicInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const create = useCreateTopic();
  const update = useUpdateTopic();
  const editing = topic !== null;
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => formValues(topic),
    version: topic
      ? {
          updatedAt: topic.updated_at,
          reload: async () => {
            const theirs = await getTopic(topic.id);
            return { values: formValues(theirs), updatedAt: theirs.updated_at };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? MESSAGING_TOPIC_SUCCESS.updated : MESSAGING_TOPIC_SUCCESS.created,
    failureText: editing
      ? MESSAGING_TOPIC_MESSAGES.updateFailed
      : MESSAGING_TOPIC_MESSAGES.createFailed,
    invalidText: MESSAGING_TOPIC_MESSAGES.invalidForm,
    submit: (values, ifMatch) =>
      topic ? update.mutateAsync({ id: topic.id, values, ifMatch }) : create.mutateAsync(values),
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={editing ? 'Edit Topic' : 'Create Topic'}
      submitLabel={editing ? 'Update Topic' : 'Create Topic'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <TextField
        form={form}
        name="name"
        label={FIELD_LABELS.name}
        required
        placeholder="e.g. Match updates"
        maxLength={MESSAGING_TOPIC_NAME_MAX}
      />
      <TextAreaField
        form={form}
        name="description"
        label={FIELD_LABELS.description}
        rows={3}
        maxLength={MESSAGING_TOPIC_DESCRIPTION_MAX}
      />
      <CheckboxField
        form={form}
        name="default_subscribed"
        label={FIELD_LABELS.default_subscribed}
        hint="People who have not chosen receive this topic; turn off for offers and promotions."
      />
      <CheckboxField
        form={form}
        name="active"
        label={FIELD_LABELS.active}
        hint="Inactive topics cannot be chosen for new templates and leave the preference grid."
      />
    </FormDrawer>
  );
}
