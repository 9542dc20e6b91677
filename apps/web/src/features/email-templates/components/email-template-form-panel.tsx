import {
  EMAIL_TEMPLATE_CREATE_STATUSES,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATE_STATUSES,
  EMAIL_TEMPLATE_SUCCESS,
  EMAIL_TEMPLATE_TYPES,
  TEMPLATE_VARIABLES,
  emailTemplateInput,
  type EmailTemplate,
  type EmailTemplateInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { capitalize, statusLabel } from '@/lib/format';
import { useSaveEmailTemplate } from '../api/save-email-template';
import { getEmailTemplate } from '../api/get-email-template';

const TYPE_OPTIONS = EMAIL_TEMPLATE_TYPES.map((t) => ({ value: t, label: capitalize(t) }));
const options = (statuses: readonly string[]) =>
  statuses.map((s) => ({ value: s, label: statusLabel(s) }));
const VARIABLES_HINT = `HTML. Placeholders: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`;

function formValues(template: EmailTemplate | null): EmailTemplateInput {
  return {
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    template_type: template?.template_type ?? 'notification',
    status: template?.status ?? 'draft',
    description: template?.description ?? '',
    content: template?.content ?? '',
  };
}

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Template Name',
  subject: 'Subject',
  template_type: 'Template Type',
  status: 'Status',
  description: 'Description',
  content: 'Content',
};

interface EmailTemplateFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit (loaded with its content); null creates one. */
  template: EmailTemplate | null;
  /** False while the template to edit is still loading. */
  ready?: boolean;
}

/** Spec §2 "Create Email Template" panel, and the same form to edit one. */
export function EmailTemplateFormPanel({
  open,
  onOpenChange,
  template,
  ready = true,
}: EmailTemplateFormPanelProps) {
  const form = useForm({
    resolver: zodResolver(emailTemplateInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const save = useSaveEmailTemplate();
  const editing = template !== null;
  const lifecycle = useFormLifecycle({
    form,
    open: open && ready,
    onOpenChange,
    values: () => formValues(template),
    version: template
      ? {
          updatedAt: template.last_modified,
          reload: async () => {
            const theirs = await getEmailTemplate(template.id);
            return { values: formValues(theirs), updatedAt: theirs.last_modified };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? EMAIL_TEMPLATE_SUCCESS.updated : EMAIL_TEMPLATE_SUCCESS.created,
    failureText: editing
      ? EMAIL_TEMPLATE_MESSAGES.updateFailed
      : EMAIL_TEMPLATE_MESSAGES.createFailed,
    invalidText: EMAIL_TEMPLATE_MESSAGES.invalidForm,
    submit: (values, ifMatch) => save.mutateAsync({ id: template?.id ?? null, values, ifMatch }),
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      ready={ready}
      title={editing ? 'Edit Email Template' : 'Create Email Template'}
      submitLabel={editing ? 'Update Template' : 'Create Template'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <TextField form={form} name="name" label={FIELD_LABELS.name} required />
      <TextField form={form} name="subject" label={FIELD_LABELS.subject} required />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          form={form}
          name="template_type"
          label={FIELD_LABELS.template_type}
          options={TYPE_OPTIONS}
        />
        <SelectField
          form={form}
          name="status"
          label={FIELD_LABELS.status}
          options={options(
            // An archived template keeps its state on screen when edited.
            editing ? EMAIL_TEMPLATE_STATUSES : EMAIL_TEMPLATE_CREATE_STATUSES,
          )}
        />
      </div>
      <TextAreaField form={form} name="description" label={FIELD_LABELS.description} rows={2} />
      <TextAreaField
        form={form}
        name="content"
        label={FIELD_LABELS.content}
        hint={VARIABLES_HINT}
        required
        rows={12}
        spellCheck={false}
        className="[&_textarea]:font-mono [&_textarea]:text-xs"
      />
    </FormDrawer>
  );
}
