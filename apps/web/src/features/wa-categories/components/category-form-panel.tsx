import {
  slugify,
  WA_CATEGORY_MESSAGES,
  WA_CATEGORY_SUCCESS,
  type WaCategory,
  type WaCategoryInput,
  waCategoryInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { getCategory, useCreateCategory, useUpdateCategory } from '../api/categories';

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Category Name',
  slug: 'Slug',
  icon: 'Icon (Emoji)',
  description: 'Description',
  order: 'Display Order',
  status: 'Status',
};

interface CategoryForm {
  name: string;
  slug: string;
  icon: string;
  description: string;
  order: string;
  status: 'active' | 'inactive';
}

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function formValues(category: WaCategory | null): CategoryForm & WaCategoryInput {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    icon: category?.icon ?? '',
    description: category?.description ?? '',
    order: String(category?.order ?? 0),
    status: category?.status ?? 'active',
  };
}

interface CategoryFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category to edit; null creates one. */
  category: WaCategory | null;
}

/** Spec §2 "Create Category" / "Edit Category". */
export function CategoryFormPanel({ open, onOpenChange, category }: CategoryFormPanelProps) {
  const form = useForm({
    resolver: zodResolver(waCategoryInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const editing = category !== null;
  // On create the slug follows the name until the user writes a slug of their own.
  const slugByHand = useRef(false);

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      if (!next) slugByHand.current = false;
      onOpenChange(next);
    },
    values: () => formValues(category),
    version: category
      ? {
          updatedAt: category.updated_at,
          reload: async () => {
            const theirs = await getCategory(category._id);
            return { values: formValues(theirs), updatedAt: theirs.updated_at };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? WA_CATEGORY_SUCCESS.updated : WA_CATEGORY_SUCCESS.created,
    failureText: editing ? WA_CATEGORY_MESSAGES.updateFailed : WA_CATEGORY_MESSAGES.createFailed,
    invalidText: WA_CATEGORY_MESSAGES.invalidForm,
    submit: (values, ifMatch) =>
      category
        ? update.mutateAsync({ id: category._id, values, ifMatch })
        : create.mutateAsync(values),
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={editing ? 'Edit Category' : 'Create Category'}
      submitLabel={editing ? 'Update Category' : 'Create Category'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <TextField
        form={form}
        name="name"
        label={FIELD_LABELS.name}
        required
        placeholder="e.g. Match Updates"
        onChange={(event) => {
          if (editing || slugByHand.current) return;
          form.setValue('slug', slugify(event.target.value));
          if (form.getFieldState('slug').error) form.clearErrors('slug');
        }}
      />
      <TextField
        form={form}
        name="slug"
        label={FIELD_LABELS.slug}
        required
        hint={editing ? undefined : 'Generated from the name; you can edit it'}
        onChange={() => {
          slugByHand.current = true;
        }}
      />
      <TextField form={form} name="icon" label={FIELD_LABELS.icon} placeholder="🏏" />
      <TextAreaField form={form} name="description" label={FIELD_LABELS.description} rows={3} />
      <TextField
        form={form}
        name="order"
        label={FIELD_LABELS.order}
        type="number"
        min={0}
        inputMode="numeric"
        hint="Lower numbers appear first"
      />
      <SelectField form={form} name="status" label={FIELD_LABELS.status} options={STATUS_OPTIONS} />
    </FormDrawer>
  );
}
