import {
  MESSAGING_SETTINGS_MESSAGES,
  MESSAGING_SETTINGS_SUCCESS,
  messagingSettingsInput,
  type MessagingSettings,
  type MessagingSettingsInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TimeZoneField } from '@/components/time-zone-field';
import { TextField } from '@/components/ui/text-field';
import { useUpdateMessagingSettings } from '../api/settings';

const formValues = (s: MessagingSettings | null): MessagingSettingsInput => ({
  quiet_hours_start: s?.quiet_hours_start ?? '',
  quiet_hours_end: s?.quiet_hours_end ?? '',
  time_zone: s?.time_zone ?? '',
});

interface QuietHoursFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: MessagingSettings | null;
}

/** Settings › Messaging topics › Quiet hours: the window and the organisation's time zone. */
export function QuietHoursFormPanel({ open, onOpenChange, settings }: QuietHoursFormPanelProps) {
  const form = useForm({
    resolver: zodResolver(messagingSettingsInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const update = useUpdateMessagingSettings();
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => formValues(settings),
    successText: MESSAGING_SETTINGS_SUCCESS.updated,
    failureText: MESSAGING_SETTINGS_MESSAGES.updateFailed,
    invalidText: MESSAGING_SETTINGS_MESSAGES.invalidForm,
    submit: (values) => update.mutateAsync(values),
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={MESSAGING_SETTINGS_MESSAGES.title}
      submitLabel={MESSAGING_SETTINGS_MESSAGES.save}
      busyLabel={MESSAGING_SETTINGS_MESSAGES.saving}
    >
      <p className="text-sm text-neutral-600">{MESSAGING_SETTINGS_MESSAGES.description}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="quiet_hours_start"
          label={MESSAGING_SETTINGS_MESSAGES.startLabel}
          type="time"
          required
        />
        <TextField
          form={form}
          name="quiet_hours_end"
          label={MESSAGING_SETTINGS_MESSAGES.endLabel}
          type="time"
          required
          hint={MESSAGING_SETTINGS_MESSAGES.offHint}
        />
      </div>
      <TimeZoneField
        form={form}
        name="time_zone"
        label={MESSAGING_SETTINGS_MESSAGES.timeZoneLabel}
        hint={MESSAGING_SETTINGS_MESSAGES.timeZoneHint}
        current={settings?.time_zone}
      />
    </FormDrawer>
  );
}
