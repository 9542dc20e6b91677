import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditLog } from '@cricket/contracts';
import { capitalize } from '@/lib/format';

type FieldChange = AuditLog['changes'][string];

/**
 * 'first_name' → 'First name'. A squad member's field is 'players.<user id>': it is named by
 * the player's name as recorded in the change ('Player Rohit Sharma'), or by the id when the
 * record carries no name ('Player #12').
 */
export function fieldLabel(field: string, change?: FieldChange): string {
  const player = /^players\.(\d+)$/.exec(field);
  if (player) {
    const name = playerName(change?.after) ?? playerName(change?.before);
    return name ? `Player ${name}` : `Player #${player[1]}`;
  }
  return capitalize(field.replace(/[._]/g, ' '));
}

function playerName(value: unknown): string | undefined {
  const name = (value as { player_name?: unknown } | null | undefined)?.player_name;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

/** The changed fields of a record, named for reading: 'Location, Player Rohit Sharma'. */
export const changedFields = (record: AuditLog) =>
  Object.entries(record.changes)
    .map(([field, change]) => fieldLabel(field, change))
    .join(', ');

export const actionLabel = (action: string) =>
  AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? capitalize(action.replace(/_/g, ' '));

export const entityLabel = (type: string) =>
  AUDIT_ENTITIES[type as keyof typeof AUDIT_ENTITIES] ?? capitalize(type);

/** A recorded value as text: '—' for nothing, Yes/No, lists joined, records as key: value. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${fieldLabel(k)}: ${valueText(v)}`)
      .join('; ');
  return String(value);
}

/** Each changed field with its value before and after, side by side. */
export function AuditChanges({ record }: { record: AuditLog }) {
  const fields = Object.entries(record.changes);
  if (fields.length === 0)
    return (
      <p className="text-sm text-neutral-500">
        {record.action === 'password_change'
          ? 'The password was changed. Passwords are never recorded.'
          : 'No field values changed.'}
      </p>
    );
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">Changed fields, before and after</caption>
      <thead>
        <tr className="border-b border-neutral-200 text-left text-xs tracking-wide text-neutral-500 uppercase">
          <th scope="col" className="w-1/4 py-2 pr-3 font-medium">
            Field
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Before
          </th>
          <th scope="col" className="py-2 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map(([field, { before, after }]) => (
          <tr key={field} className="border-b border-neutral-100 align-top">
            <th
              scope="row"
              className="py-2 pr-3 text-left font-medium break-words text-neutral-700"
            >
              {fieldLabel(field, { before, after })}
            </th>
            <td className="py-2 pr-3 break-words text-danger-700">
              <span className="sr-only">Before: </span>
              {valueText(before)}
            </td>
            <td className="py-2 break-words text-primary-700">
              <span className="sr-only">After: </span>
              {valueText(after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
