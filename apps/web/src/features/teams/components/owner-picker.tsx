import {
  OWNER_PICKER_PAGE_SIZE,
  OWNER_SEARCH_DEBOUNCE_MS,
  type Organizer,
  fullName,
  TEAM_MESSAGES,
} from '@cricket/contracts';
import { useState } from 'react';
import { RecordPickerField } from '@/components/record-picker-field';
import { organizersQuery, useOrganizers } from '../api/get-organizers';

interface OwnerPickerProps {
  value: number | undefined;
  onChange: (owner: Organizer) => void;
  error?: string;
  disabled?: boolean;
}

const ownerText = (owner: Organizer) => `${fullName(owner.details)} (${owner.phone_number})`;

/** The Owner field of the team panel (spec §2 "Owner picker"): a searchable, paged list of organizers. */
export function OwnerPicker({ value, onChange, error, disabled }: OwnerPickerProps) {
  const [picked, setPicked] = useState<Organizer | null>(null);
  const known = picked && picked.id === value ? picked : null;
  // An edit panel knows only the owner's id: ask the organizers list for that one person.
  const current = useOrganizers(
    { page: 1, limit: 1, organizer_id: value },
    value !== undefined && known === null,
  );
  const owner = known ?? current.data?.data[0] ?? null;

  return (
    <RecordPickerField
      label="Owner"
      required
      value={value}
      valueText={owner ? ownerText(owner) : null}
      placeholder={
        value !== undefined && current.isPending ? 'Loading...' : TEAM_MESSAGES.ownerPlaceholder
      }
      error={error}
      disabled={disabled}
      onChange={(organizer) => {
        setPicked(organizer);
        onChange(organizer);
      }}
      title="Select Owner"
      searchLabel="Search owners"
      searchPlaceholder="Search by name or phone..."
      listLabel="Owners"
      query={organizersQuery}
      pageSize={OWNER_PICKER_PAGE_SIZE}
      debounceMs={OWNER_SEARCH_DEBOUNCE_MS}
      emptyText={TEAM_MESSAGES.ownersEmpty}
      noMatchText={TEAM_MESSAGES.ownersNoMatch}
      describe={(organizer) => ({
        title: fullName(organizer.details),
        detail: organizer.phone_number,
      })}
    />
  );
}
