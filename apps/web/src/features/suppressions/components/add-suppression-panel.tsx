import {
  SUPPRESSION_CHANNELS,
  SUPPRESSION_MESSAGES,
  SUPPRESSION_SUCCESS,
  statusLabel,
  suppressionInput,
  type SuppressionInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useAddSuppression } from '../api/suppressions';

const CHANNEL_OPTIONS = SUPPRESSION_CHANNELS.map((c) => ({
  value: c,
  label: c === 'sms' ? 'SMS' : c === 'whatsapp' ? 'WhatsApp' : statusLabel(c),
}));

const EMPTY: SuppressionInput = { channel: 'email', address: '', reason: '' };

/** Suppress an address by hand: no send reaches it on that channel until it is removed. */
export function AddSuppressionPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({
    resolver: zodResolver(suppressionInput),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const add = useAddSuppression();
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => EMPTY,
    successText: SUPPRESSION_SUCCESS.added,
    failureText: SUPPRESSION_MESSAGES.addFailed,
    invalidText: 'Please fix all errors before submitting',
    submit: (values) => add.mutateAsync(values),
  });
  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      kind="modal"
      title="Suppress an Address"
      description="No send reaches this address on this channel until it is removed from the list."
      submitLabel="Suppress"
      busyLabel="Suppressing..."
    >
      <SelectField form={form} name="channel" label="Channel" options={CHANNEL_OPTIONS} />
      <TextField
        form={form}
        name="address"
        label="Address"
        required
        hint="An email address, or a phone number with its country code"
        maxLength={254}
      />
      <TextAreaField form={form} name="reason" label="Reason" required rows={3} maxLength={500} />
    </FormDrawer>
  );
}
