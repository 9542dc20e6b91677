import { listedTimeZones, TIME_ZONE_TEXTS } from '@cricket/contracts';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldProps } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';

/**
 * An IANA time zone, chosen from the browser's list (issue 32): the organisation's default on
 * the messaging settings, a person's own on the user form, where `withDefault` offers
 * 'Organisation default' (the value ''). A zone the list lacks but the record holds stays.
 */
export function TimeZoneField<T extends FieldValues>({
  form,
  name,
  label = TIME_ZONE_TEXTS.label,
  hint,
  current,
  withDefault = false,
}: Pick<FieldProps<T>, 'form' | 'name' | 'hint'> & {
  label?: string;
  current?: string | null;
  withDefault?: boolean;
}) {
  const options = useMemo(() => {
    const zones = listedTimeZones();
    if (current && !zones.includes(current)) zones.push(current);
    return [
      ...(withDefault ? [{ value: '', label: TIME_ZONE_TEXTS.organisationDefault }] : []),
      ...zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    ];
  }, [current, withDefault]);
  return <SelectField form={form} name={name} label={label} hint={hint} options={options} />;
}
