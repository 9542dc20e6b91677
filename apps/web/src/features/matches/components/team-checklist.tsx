import { TOURNAMENT_MESSAGES, TOURNAMENT_TEAMS_MAX } from '@cricket/contracts';
import { X } from 'lucide-react';
import { useId } from 'react';
import { PagedPickerList } from '@/components/picker-parts';
import { usePagedPicker } from '@/components/use-paged-picker';
import { FieldMessages } from '@/components/ui/field-frame';
import { teamOptionsQuery } from '../api/get-team-options';

const PAGE_SIZE = 8;
const SEARCH_DEBOUNCE_MS = 300;

interface TeamChecklistProps {
  /** The chosen teams, in the order they were ticked. */
  value: readonly { id: number; name: string }[];
  onChange: (teams: { id: number; name: string }[]) => void;
  error?: string;
  disabled?: boolean;
}

/** The tournament form's Teams field: the chosen teams as chips over a searchable, paged list. */
export function TeamChecklist({ value, onChange, error, disabled }: TeamChecklistProps) {
  const id = useId();
  const picker = usePagedPicker({
    query: teamOptionsQuery,
    pageSize: PAGE_SIZE,
    debounceMs: SEARCH_DEBOUNCE_MS,
    selectedIds: value.map((team) => team.id),
    emptyText: 'No teams found',
    noMatchText: 'No teams match your search',
  });
  const toggle = (team: { id: number; name: string }) =>
    onChange(
      value.some((t) => t.id === team.id)
        ? value.filter((t) => t.id !== team.id)
        : [...value, { id: team.id, name: team.name }],
    );

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-neutral-700">
        Teams <span className="text-danger-600">*</span>
      </legend>
      {value.length > 0 && (
        <ul aria-label="Chosen teams" className="flex flex-wrap gap-2">
          {value.map((team) => (
            <li key={team.id}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => toggle(team)}
                aria-label={`Remove ${team.name}`}
                className="inline-flex max-w-60 items-center gap-1 rounded-full bg-primary-50 px-3 py-1 text-xs font-medium text-primary-800 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                <span className="truncate">{team.name}</span>
                <X className="size-3 shrink-0" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PagedPickerList
        picker={picker}
        searchLabel="Search teams"
        searchPlaceholder="Search by team name or location..."
        label="Teams to choose from"
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200"
      >
        {(team) => (
          <div className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-neutral-50">
            <input
              id={`${id}-team-${team.id}`}
              type="checkbox"
              checked={picker.isSelected(team)}
              disabled={disabled}
              onChange={() => toggle(team)}
              className="size-4 rounded border-neutral-300 accent-primary-700"
            />
            <label htmlFor={`${id}-team-${team.id}`} className="min-w-0 flex-1 cursor-pointer">
              <span className="block truncate font-medium text-neutral-900">{team.name}</span>
              <span className="block truncate text-xs text-neutral-500">{team.location}</span>
            </label>
          </div>
        )}
      </PagedPickerList>
      <FieldMessages
        hint={`${value.length} chosen; 2 to ${TOURNAMENT_TEAMS_MAX}. ${TOURNAMENT_MESSAGES.teamsLocked}.`}
        hintId={`${id}-hint`}
        error={error}
        errorId={`${id}-error`}
      />
    </fieldset>
  );
}
