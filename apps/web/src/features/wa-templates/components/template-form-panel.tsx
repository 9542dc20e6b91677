import {
  isWaMediaType,
  toWaTemplateName,
  WA_BODY_MAX,
  WA_CREATE_STATUSES,
  WA_FOOTER_MAX,
  WA_HEADER_TEXT_MAX,
  WA_LANGUAGE_LABELS,
  WA_LANGUAGES,
  WA_MANUAL_STATUSES,
  WA_TEMPLATE_MESSAGES,
  WA_TEMPLATE_SUCCESS,
  WA_TEMPLATE_TYPES,
  WA_VARIABLE_NAME,
  WA_WHATSAPP_TEXTS,
  WHATSAPP_CATEGORIES,
  WHATSAPP_CATEGORY_HELP,
  WHATSAPP_CATEGORY_LABELS,
  WHATSAPP_DEFAULT_CATEGORY,
  type WaTemplate,
  type WaTemplateInput,
  waTemplateInput,
  waTemplateVariables,
  type WaTemplateValues,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { Button } from '@/components/ui/button';
import { TopicField } from '@/components/topic-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { capitalize, statusLabel } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import {
  useCategoryOptions,
  useCreateTemplate,
  useSubmitTemplate,
  useUpdateTemplate,
  getTemplate,
  useWhatsAppConnection,
} from '../api/templates';
import { ButtonsEditor } from './buttons-editor';
import { MediaField } from './media-field';
import { RuleChecklist } from './rule-checklist';
import { SubmitReviewDialog } from './submit-review-dialog';
import { WhatsAppPreview } from './whatsapp-preview';

/** Spec §2: placeholders the inserter offers; any other {{name}} can be typed. */
const SUGGESTED_VARIABLES = ['name', 'email', 'order_id'];

const options = <T extends string>(values: readonly T[], label: (v: T) => string = capitalize) =>
  values.map((value) => ({ value, label: label(value) }));
const TYPE_OPTIONS = options(WA_TEMPLATE_TYPES);
const LANGUAGE_OPTIONS = options(WA_LANGUAGES, (v) => `${WA_LANGUAGE_LABELS[v]} (${v})`);
const WHATSAPP_CATEGORY_OPTIONS = WHATSAPP_CATEGORIES.map((value) => ({
  value,
  label: WHATSAPP_CATEGORY_LABELS[value],
}));
const HEADER_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'text', label: 'Text' },
];

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Template Name',
  category: 'Category',
  type: 'Type',
  template_language: 'Language',
  status: 'Status',
  whatsapp_category: 'WhatsApp Category',
  header_type: 'Header',
  header_content: 'Header Text',
  body_text: 'Body Text',
  footer_text: 'Footer Text',
};

type TemplateForm = WaTemplateInput & {
  category: string;
  header_content: string;
  footer_text: string;
  media_url: string;
  sample_values: Record<string, string>;
};

function formValues(template: WaTemplate | null): TemplateForm {
  return {
    name: template?.name ?? '',
    category: template ? String(template.category._id) : '',
    topic_id: template?.topic_id ? String(template.topic_id) : '',
    type: template?.type ?? 'text',
    template_language: template?.template_language ?? 'en_US',
    status: template?.status ?? 'draft',
    whatsapp_category: template?.whatsapp_category ?? WHATSAPP_DEFAULT_CATEGORY,
    header_type: template?.header_type ?? 'none',
    header_content: template?.header_content ?? '',
    body_text: template?.body_text ?? '',
    footer_text: template?.footer_text ?? '',
    media_url: template?.media_url ?? '',
    buttons: (template?.buttons ?? []).map((b) => ({
      type: b.type,
      text: b.text,
      url: b.url ?? '',
      phone_number: b.phone_number ?? '',
    })),
    sample_values: { ...(template?.sample_values ?? {}) },
  };
}

interface TemplateFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit; null creates one. */
  template: WaTemplate | null;
}

/** Spec §2 WhatsApp template create / edit, with a live preview and WhatsApp's rules. */
export function TemplateFormPanel({ open, onOpenChange, template }: TemplateFormPanelProps) {
  const form = useForm<TemplateForm>({
    resolver: zodResolver(waTemplateInput) as never,
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const submitToMeta = useSubmitTemplate();
  const connected = useWhatsAppConnection().data?.connected === true;
  const canSubmit = useCan('wa_templates.update');
  // Submitted while connected: WhatsApp decides the status and knows it by name and language.
  const locked = connected && template?.whatsapp_template_id != null;
  const [review, setReview] = useState<WaTemplateValues | null>(null);
  const submitAfterSave = useRef(false);
  const categories = useCategoryOptions(open);
  useErrorToast(categories.error, WA_TEMPLATE_MESSAGES.categoriesFetchFailed);
  const editing = template !== null;
  const [localMedia, setLocalMedia] = useState<string | null>(null);
  const bodyBox = useRef<HTMLDivElement>(null);
  const [customVariable, setCustomVariable] = useState('');

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      if (!next) setLocalMedia(null);
      onOpenChange(next);
    },
    values: () => formValues(template),
    version: template
      ? {
          updatedAt: template.updated_at,
          reload: async () => {
            const theirs = await getTemplate(template._id);
            return { values: formValues(theirs), updatedAt: theirs.updated_at };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: (outcome) =>
      outcome === 'submitted'
        ? WA_TEMPLATE_SUCCESS.submitted
        : // A submitted template that came back pending went to WhatsApp again.
          locked && template?.status !== 'pending' && (outcome as WaTemplate)?.status === 'pending'
          ? WA_TEMPLATE_SUCCESS.resubmitted
          : editing
            ? WA_TEMPLATE_SUCCESS.updated
            : WA_TEMPLATE_SUCCESS.created,
    failureText: editing ? WA_TEMPLATE_MESSAGES.updateFailed : WA_TEMPLATE_MESSAGES.createFailed,
    invalidText: WA_TEMPLATE_MESSAGES.invalidForm,
    submit: async (values, ifMatch) => {
      const body = values as unknown as WaTemplateValues;
      const saved = template
        ? await update.mutateAsync({ id: template._id, values: body, ifMatch })
        : await create.mutateAsync(body);
      if (!submitAfterSave.current) return saved;
      submitAfterSave.current = false;
      try {
        await submitToMeta.mutateAsync(saved._id);
        return 'submitted';
      } catch (error) {
        // Saved, not submitted: the save's own toast follows, and Meta's refusal is shown.
        toast.error(errorMessage(error, WA_TEMPLATE_MESSAGES.submitFailed));
        return saved;
      }
    },
  });

  /** Checks the form, then shows what Meta will receive before anything is saved or sent. */
  const askSubmit = () =>
    void form.handleSubmit(
      (values) => setReview(values as unknown as WaTemplateValues),
      () => toast.error(WA_TEMPLATE_MESSAGES.invalidForm),
    )();

  const draft = useWatch({ control: form.control }) as TemplateForm;
  const type = draft.type ?? 'text';
  const media = isWaMediaType(type);
  const variables = waTemplateVariables(draft);
  const name = draft.name ?? '';
  const suggestedName = toWaTemplateName(name);
  const errors = form.formState.errors;

  // A media template's header is its media; a text template's is none or text.
  useEffect(() => {
    if (media && form.getValues('header_type') !== type) form.setValue('header_type', type);
    if (!media && isWaMediaType(form.getValues('header_type') ?? 'none'))
      form.setValue('header_type', 'none');
  }, [media, type, form]);

  function insertVariable(variable: string) {
    const textarea = bodyBox.current?.querySelector('textarea');
    const current = form.getValues('body_text') ?? '';
    const start = textarea?.selectionStart ?? current.length;
    const end = textarea?.selectionEnd ?? current.length;
    const token = `{{${variable}}}`;
    form.setValue('body_text', current.slice(0, start) + token + current.slice(end), {
      shouldDirty: true,
    });
    form.clearErrors('body_text');
    // setValue has already written the textarea: the caret goes after the variable at once, so
    // typing straight on continues the sentence.
    textarea?.focus();
    textarea?.setSelectionRange(start + token.length, start + token.length);
  }

  const custom = toWaTemplateName(customVariable);
  const statusChoices: readonly string[] = editing ? WA_MANUAL_STATUSES : WA_CREATE_STATUSES;
  const statusOptions = options(
    template && !statusChoices.includes(template.status)
      ? [...statusChoices, template.status]
      : statusChoices,
    statusLabel,
  );
  const offerSubmit =
    connected && canSubmit && (template === null || template.whatsapp_template_id === null);
  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: String(c._id),
    label: c.icon ? `${c.icon} ${c.name}` : c.name,
  }));
  // The template's own category stays choosable on edit even when it is inactive now.
  if (template && !categoryOptions.some((o) => o.value === String(template.category._id)))
    categoryOptions.push({ value: String(template.category._id), label: template.category.name });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      size="lg"
      title={editing ? 'Edit Template' : 'Create Template'}
      submitLabel={editing ? 'Update Template' : 'Create Template'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
      extraAction={
        offerSubmit && (
          <Button variant="secondary" onClick={askSubmit} disabled={lifecycle.saving}>
            {WA_WHATSAPP_TEXTS.saveAndSubmit}
          </Button>
        )
      }
    >
      <SubmitReviewDialog
        source={
          review && {
            ...review,
            header_content: review.header_content ?? null,
            footer_text: review.footer_text ?? null,
            media_url: review.media_url ?? null,
          }
        }
        onCancel={() => setReview(null)}
        onConfirm={() => {
          setReview(null);
          submitAfterSave.current = true;
          lifecycle.submit();
        }}
      />
      {locked && (
        <p className="rounded-lg bg-primary-50 p-3 text-sm text-primary-900">
          {template?.status === 'pending'
            ? WA_TEMPLATE_MESSAGES.underReview
            : template?.status === 'disabled'
              ? WA_TEMPLATE_MESSAGES.disabledByWhatsApp
              : WA_WHATSAPP_TEXTS.resubmitNote}
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <div className="space-y-1.5">
            <TextField
              form={form}
              name="name"
              label={FIELD_LABELS.name}
              required
              placeholder="match_reminder"
              readOnly={locked}
              hint={locked ? WA_WHATSAPP_TEXTS.identityLocked : undefined}
            />
            {name.trim() !== '' && suggestedName !== name && suggestedName.length > 0 && (
              <p className="flex flex-wrap items-center gap-2 text-xs text-neutral-600">
                WhatsApp accepts lowercase letters, numbers and underscores.
                <Button
                  variant="secondary"
                  size="sm"
                  className="max-w-full min-w-0"
                  title={suggestedName}
                  onClick={() => {
                    form.setValue('name', suggestedName, { shouldDirty: true });
                    form.clearErrors('name');
                  }}
                >
                  <span className="truncate">Use &lsquo;{suggestedName}&rsquo;</span>
                </Button>
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              form={form}
              name="category"
              label={FIELD_LABELS.category}
              required
              placeholder={categories.isPending ? 'Loading...' : 'Select a category'}
              options={categoryOptions}
            />
            <SelectField
              form={form}
              name="type"
              label={FIELD_LABELS.type}
              options={TYPE_OPTIONS}
              disabled={editing}
              hint={editing ? 'The type cannot be changed' : undefined}
            />
            <SelectField
              form={form}
              name="template_language"
              label={FIELD_LABELS.template_language}
              options={LANGUAGE_OPTIONS}
              disabled={locked}
            />
            <SelectField
              form={form}
              name="status"
              label={FIELD_LABELS.status}
              options={statusOptions}
              disabled={locked}
              hint={locked ? WA_WHATSAPP_TEXTS.statusLocked : undefined}
            />
          </div>
          <TopicField form={form} name="topic_id" current={template?.topic_id} />
          <SelectField
            form={form}
            name="whatsapp_category"
            label={FIELD_LABELS.whatsapp_category}
            options={WHATSAPP_CATEGORY_OPTIONS}
            disabled={locked && template?.status === 'approved'}
            hint={
              locked && template?.status === 'approved'
                ? WA_WHATSAPP_TEXTS.categoryLocked
                : WHATSAPP_CATEGORY_HELP[draft.whatsapp_category ?? WHATSAPP_DEFAULT_CATEGORY]
            }
          />

          {media ? (
            <MediaField
              type={type}
              url={draft.media_url ?? ''}
              error={errors.media_url?.message}
              onUploaded={(url, local) => {
                form.setValue('media_url', url, { shouldDirty: true });
                form.clearErrors('media_url');
                setLocalMedia(local);
              }}
              onRemove={() => {
                form.setValue('media_url', '', { shouldDirty: true });
                setLocalMedia(null);
              }}
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <SelectField
                form={form}
                name="header_type"
                label={FIELD_LABELS.header_type}
                options={HEADER_OPTIONS}
              />
              {draft.header_type === 'text' && (
                <TextField
                  form={form}
                  name="header_content"
                  label={FIELD_LABELS.header_content}
                  required
                  maxLength={WA_HEADER_TEXT_MAX}
                  hint={`At most ${WA_HEADER_TEXT_MAX} characters and one variable; no emoji or formatting`}
                />
              )}
            </div>
          )}

          <div ref={bodyBox} className="space-y-2">
            <TextAreaField
              form={form}
              name="body_text"
              label={FIELD_LABELS.body_text}
              required
              rows={6}
              maxLength={WA_BODY_MAX}
              hint={`${(draft.body_text ?? '').length}/${WA_BODY_MAX} characters. Variables: {{name}}; *bold*, _italic_, ~strike~`}
            />
            <div
              className="flex flex-wrap items-center gap-2"
              aria-label="Insert a variable"
              role="group"
            >
              <span className="text-xs text-neutral-500">Insert variable:</span>
              {SUGGESTED_VARIABLES.map((v) => (
                <Button key={v} variant="secondary" size="sm" onClick={() => insertVariable(v)}>
                  {`{{${v}}}`}
                </Button>
              ))}
              <input
                aria-label="Custom variable name"
                placeholder="custom_name"
                value={customVariable}
                onChange={(e) => setCustomVariable(e.target.value)}
                className="h-8 w-32 rounded-lg border border-neutral-300 px-2 text-xs"
              />
              <Button
                variant="secondary"
                size="sm"
                disabled={!WA_VARIABLE_NAME.test(custom)}
                onClick={() => {
                  insertVariable(custom);
                  setCustomVariable('');
                }}
              >
                Insert
              </Button>
            </div>
          </div>

          <TextField
            form={form}
            name="footer_text"
            label={FIELD_LABELS.footer_text}
            maxLength={WA_FOOTER_MAX}
            hint={`${(draft.footer_text ?? '').length}/${WA_FOOTER_MAX} characters, no variables`}
          />

          <ButtonsEditor form={form as never} />

          {variables.length > 0 && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-neutral-700">Sample Values</legend>
              <p className="text-xs text-neutral-500">
                WhatsApp reviews templates with an example for every variable; the preview uses
                them.
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                {variables.map((v) => (
                  <TextField
                    key={v}
                    form={form}
                    name={`sample_values.${v}`}
                    label={`Sample for {{${v}}}`}
                    required
                  />
                ))}
              </div>
            </fieldset>
          )}
        </div>

        <aside
          className="space-y-4 lg:sticky lg:top-0 lg:self-start"
          aria-label="Preview and rules"
        >
          <WhatsAppPreview draft={draft} localMediaUrl={localMedia} />
          <RuleChecklist draft={draft} />
        </aside>
      </div>
    </FormDrawer>
  );
}
