import {
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SUCCESS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  TEMPLATE_VARIABLES,
  hasSubject,
  notificationTemplateInput,
  type NotificationTemplate,
  type NotificationTemplateInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TopicField } from '@/components/topic-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { getTemplate, useSaveTemplate } from '../api/templates';

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((value) => ({
  value,
  label: NOTIFICATION_TYPE_LABELS[value],
}));
const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const VARIABLES_HINT = `Placeholders: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`;

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Template Name',
  type: 'Type',
  subject: 'Subject',
  message: 'Message',
  topic_id: 'Topic',
  status: 'Status',
};

function formValues(template: NotificationTemplate | null): NotificationTemplateInput {
  return {
    name: template?.name ?? '',
    type: template?.type ?? 'email',
    status: template?.status ?? 'draft',
    topic_id: template?.topic_id ? String(template.topic_id) : '',
    subject: template?.subject ?? '',
    message: template?.message ?? '',
  };
}

/** Spec §2 "Notification Templates": the create and edit panels. */
export function TemplateFormPanel({
  open,
  onOpenChange,
  template,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit; null creates one. */
  template: NotificationTemplate | null;
}) {
  const form = useForm({
    resolver: zodResolver(notificationTemplateInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const save = useSaveTemplate();
  const editing = template !== null;
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => formValues(template),
    version: template
      ? {
          updatedAt: template.updated_at,
          reload: async () => {
            const theirs = await getTemplate(template.id);
            return { values: formValues(theirs), updatedAt: theirs.updated_at };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing
      ? NOTIFICATION_SUCCESS.templateUpdated
      : NOTIFICATION_SUCCESS.templateCreated,
    failureText: editing ? NOTIFICATION_ERRORS.updateTemplate : NOTIFICATION_ERRORS.createTemplate,
    invalidText: NOTIFICATION_MESSAGES.templateFormInvalid,
    submit: (values, ifMatch) => save.mutateAsync({ id: template?.id, values, ifMatch }),
  });
  const type = useWatch({ control: form.control, name: 'type' }) ?? 'email';

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={editing ? 'Edit Template' : 'Create Template'}
      submitLabel={editing ? 'Update Template' : 'Create Template'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <TextField form={form} name="name" label={FIELD_LABELS.name} required />
      <SelectField
        form={form}
        name="type"
        label={FIELD_LABELS.type}
        options={TYPE_OPTIONS}
        required
      />
      {hasSubject(type) && (
        <TextField form={form} name="subject" label={FIELD_LABELS.subject} required />
      )}
      <TextAreaField
        form={form}
        name="message"
        label={FIELD_LABELS.message}
        hint={VARIABLES_HINT}
        required
        rows={6}
      />
      <TopicField form={form} name="topic_id" current={template?.topic_id} />
      <SelectField form={form} name="status" label={FIELD_LABELS.status} options={STATUS_OPTIONS} />
    </FormDrawer>
  );
}
