import {
  WA_BUTTONS_MAX,
  WA_BUTTON_TEXT_MAX,
  WA_RULE_MESSAGES,
  type WaTemplateInput,
} from '@cricket/contracts';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { FieldList, fieldListError } from '@/components/field-list';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

const BUTTON_TYPES = [
  { value: 'quick_reply', label: 'Quick reply' },
  { value: 'url', label: 'Visit website (URL)' },
  { value: 'phone_number', label: 'Call phone number' },
];

type Form = UseFormReturn<WaTemplateInput, unknown, unknown>;

/** Add, remove and reorder up to three buttons (spec §2, §5). */
export function ButtonsEditor({ form }: { form: Form }) {
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'buttons',
  });
  const buttons = useWatch({ control: form.control, name: 'buttons' }) ?? [];
  function add() {
    form.clearErrors('buttons');
    append({ type: 'quick_reply', text: '', url: '', phone_number: '' });
  }

  return (
    <FieldList
      legend="Buttons"
      count={fields.length}
      max={WA_BUTTONS_MAX}
      fullText={WA_RULE_MESSAGES.buttonsMax}
      addLabel="Add Button"
      onAdd={add}
      error={fieldListError(form.formState.errors.buttons)}
    >
      {fields.map((field, i) => {
        const type = buttons[i]?.type;
        return (
          <div
            key={field.id}
            className="space-y-3 rounded-lg border border-neutral-200 p-3"
            aria-label={`Button ${i + 1}`}
            role="group"
          >
            <div className="flex items-start gap-2">
              <SelectField
                form={form}
                name={`buttons.${i}.type`}
                label={`Button ${i + 1} type`}
                options={BUTTON_TYPES}
                className="flex-1"
              />
              <div className="flex gap-1 pt-6">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move button ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move button ${i + 1} down`}
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove button ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <Trash2 className="size-4 text-danger-600" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <TextField
              form={form}
              name={`buttons.${i}.text`}
              label={`Button ${i + 1} text`}
              required
              maxLength={WA_BUTTON_TEXT_MAX}
              hint={`At most ${WA_BUTTON_TEXT_MAX} characters`}
            />
            {type === 'url' && (
              <TextField
                form={form}
                name={`buttons.${i}.url`}
                label={`Button ${i + 1} URL`}
                required
                type="url"
                placeholder="https://example.com/orders/{{order_id}}"
              />
            )}
            {type === 'phone_number' && (
              <TextField
                form={form}
                name={`buttons.${i}.phone_number`}
                label={`Button ${i + 1} phone number`}
                required
                type="tel"
                placeholder="+919876543210"
              />
            )}
          </div>
        );
      })}
    </FieldList>
  );
}
