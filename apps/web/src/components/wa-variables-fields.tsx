import {
  TEMPLATE_VARIABLES,
  WA_SEND_FIELDS,
  WA_SEND_TEXTS,
  waSendVariableProblems,
  type WaTemplatesPage,
} from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useWatch, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { PickerPageParams } from '@/components/use-paged-picker';
import { request } from '@/lib/http';
import { waTemplateKeys } from '@/lib/query-keys';

/** A variable's source that is not a field: the text typed beside it. */
export const WA_FIXED = 'text';

export interface WaSourceOption {
  value: string;
  label: string;
}

/** The user fields, and any the caller adds (an availability ask's answer links), then fixed text. */
export const waSourceOptions = (extra: readonly WaSourceOption[] = []): WaSourceOption[] => [
  ...TEMPLATE_VARIABLES.map((v) => ({ value: v, label: WA_SEND_FIELDS[v] })),
  ...extra,
  { value: WA_FIXED, label: WA_SEND_TEXTS.fixedText },
];

/** The form's share: per template variable, a field name or WA_FIXED, and the fixed text. */
export interface WaVariableValues {
  sources: Record<string, string>;
  texts: Record<string, string>;
}

/** A variable named like a field starts mapped to it; the others wait for text. */
export const waVariableDefaults = (
  names: readonly string[],
  options: readonly WaSourceOption[],
): WaVariableValues => ({
  sources: Object.fromEntries(
    names.map((n) => [n, options.some((o) => o.value === n && n !== WA_FIXED) ? n : WA_FIXED]),
  ),
  texts: Object.fromEntries(names.map((n) => [n, ''])),
});

/** What each variable's value is, as the API takes it: `{{first_name}}` or the fixed text. */
export const waVariablesOf = (names: readonly string[], v: Partial<WaVariableValues>) =>
  Object.fromEntries(
    names.map((n) => {
      const source = v.sources?.[n] ?? WA_FIXED;
      return [n, source === WA_FIXED ? (v.texts?.[n] ?? '') : `{{${source}}}`];
    }),
  );

/** The API's own check of the values (contracts), as errors under each variable's text. */
export function waVariableErrors(
  names: readonly string[],
  v: Partial<WaVariableValues>,
  options: readonly WaSourceOption[],
) {
  const fields = options.filter((o) => o.value !== WA_FIXED).map((o) => o.value);
  const problems = waSendVariableProblems(names, waVariablesOf(names, v), fields);
  if (Object.keys(problems).length === 0) return null;
  return Object.fromEntries(
    Object.entries(problems).map(([n, message]) => [n, { type: 'custom', message }]),
  ) as FieldErrors;
}

/** Each variable of a WhatsApp template: where its value comes from, and the text if fixed. */
export function WaVariablesFields<T extends FieldValues & WaVariableValues, O>({
  form: anyForm,
  names,
  options,
}: {
  form: UseFormReturn<T, unknown, O>;
  names: readonly string[];
  options: readonly WaSourceOption[];
}) {
  // Its own fields are `sources.*` and `texts.*`, whatever else the form holds.
  const form = anyForm as unknown as UseFormReturn<WaVariableValues>;
  const sources = useWatch({ control: form.control, name: 'sources' });
  return (
    <>
      <p className="text-sm text-neutral-600">
        {names.length ? WA_SEND_TEXTS.variablesHint : WA_SEND_TEXTS.noVariables}
      </p>
      {names.map((name) => (
        <div key={name} className="grid gap-3 sm:grid-cols-2">
          <SelectField
            form={form}
            name={`sources.${name}`}
            label={WA_SEND_TEXTS.sourceFor(name)}
            options={[...options]}
            required
          />
          {sources?.[name] === WA_FIXED && (
            <TextField
              form={form}
              name={`texts.${name}`}
              label={WA_SEND_TEXTS.valueFor(name)}
              required
            />
          )}
        </div>
      ))}
    </>
  );
}

/** One page of the approved WhatsApp templates, searched by name: for a picker in another form. */
export const approvedWaTemplatesPage = (params: PickerPageParams) =>
  queryOptions({
    queryKey: waTemplateKeys.approved(params),
    queryFn: async ({ signal }) => {
      const { templates, pagination } = (
        await request<WaTemplatesPage>('/wa/templates', {
          query: { status: 'approved', sort: 'name', order: 'asc', ...params },
          signal,
        })
      ).data;
      // The picker's rows carry `id`, as every picker's do.
      return { data: templates.map((t) => ({ ...t, id: t._id })), pagination };
    },
    placeholderData: keepPreviousData,
  });
