import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_FIELDS,
  AUDIT_PLAYER_FIELDS,
  type AuditField,
  type AuditLog,
} from '@cricket/contracts';
import { capitalize, formatDate, formatDateTime, statusLabel } from '@/lib/format';
import { recordPathHref, recordViewHref } from '@/lib/record-route';

/*
 * How a change of the audit trail reads (issue 30): the fields in the order of the record's
 * form, under the form's labels (AUDIT_FIELDS in contracts), each value in the screens' own
 * words: a reference by its name, a status in sentence case, dates in the one date format, a
 * file as 'Logo changed' instead of its path, and a squad member's change as the parts of it
 * that changed.
 */

type FieldChange = AuditLog['changes'][string];
type Fields = Record<string, string | AuditField>;

const PLAYER = /^players\.(\d+)$/;

const BARE_ID = /^(.+)_id$/;

function spec(fields: Fields, key: string): AuditField {
  const known = fields[key];
  if (typeof known === 'string') return { label: known };
  if (known) return known;
  // Never 'Owner id 292': an id no table names reads as the record it points at, '#292'.
  const bare = BARE_ID.exec(key);
  const words = (text: string) => capitalize(text.replace(/[._]/g, ' '));
  return bare ? { label: words(bare[1]!), kind: 'id' } : { label: words(key) };
}

/**
 * 'first_name' → 'First name', or the label its record's form gives it. A squad member's field
 * is 'players.<user id>': it is named by the player's name as recorded in the change ('Player
 * Rohit Sharma'), or by the id when the record carries no name ('Player #12').
 */
export function fieldLabel(field: string, change?: FieldChange, entityType?: string): string {
  const player = PLAYER.exec(field);
  if (player) {
    const name = playerName(change?.after) ?? playerName(change?.before);
    return name ? `Player ${name}` : `Player #${player[1]}`;
  }
  return spec(fieldsOf(entityType), field).label;
}

function fieldsOf(entityType: string | undefined): Fields {
  return (entityType && AUDIT_FIELDS[entityType as keyof typeof AUDIT_FIELDS]) || {};
}

function playerName(value: unknown): string | undefined {
  const name = (value as { player_name?: unknown } | null | undefined)?.player_name;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Another record a snapshot points at, kept as `{ id, name }` (a wa template's category: `_id`). */
function referenceName(value: Record<string, unknown>): string | undefined {
  const id = value.id ?? value._id;
  if (id === undefined || !('name' in value)) return undefined;
  return typeof value.name === 'string' && value.name ? value.name : `#${String(id)}`;
}

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A recorded value as text: '—' for nothing, Yes/No, dates formatted, references by name. */
export function valueText(
  value: unknown,
  field: AuditField = { label: '' },
  nested?: Fields,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v)).join(', ') : '—';
  if (isPlainObject(value)) {
    const name = referenceName(value);
    if (name !== undefined) return field.kind === 'name' ? capitalize(name) : name;
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => {
        const inner = spec(nested ?? {}, k);
        return `${inner.label}: ${valueText(v, inner)}`;
      })
      .join('; ');
  }
  const text = String(value);
  if (field.values?.[text]) return field.values[text];
  switch (field.kind) {
    case 'status':
      return statusLabel(text);
    case 'name':
      return capitalize(text);
    case 'id':
      return /^\d+$/.test(text) ? `#${text}` : text;
  }
  if (MOMENT.test(text)) return formatDateTime(text) || text;
  if (DAY.test(text)) return formatDate(text) || text;
  return text;
}

/** Only the parts of a squad member that changed: 'Jersey number: 7' → 'Jersey number: 9'. */
function changedParts(before: unknown, after: unknown): [unknown, unknown] {
  if (!isPlainObject(before) || !isPlainObject(after)) return [before, after];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
  const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  return [pick(before), pick(after)];
}

export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
  /** A file's change in words ('Logo changed'), shown across both columns instead. */
  summary?: string;
}

function fileSummary(label: string, before: unknown, after: unknown): string {
  const had = before !== null && before !== undefined && before !== '';
  const has = after !== null && after !== undefined && after !== '';
  return `${label} ${had && has ? 'changed' : has ? 'added' : 'removed'}`;
}

/** A record's changed fields, in its form's order, each with its values in words. */
export function changeRows(record: AuditLog): ChangeRow[] {
  const fields = fieldsOf(record.entity_type);
  const order = Object.keys(fields);
  const rank = (field: string) => {
    const at = order.indexOf(field);
    return at >= 0 ? at : order.length + (PLAYER.test(field) ? 0 : 1);
  };
  // A bare id beside the reference that names the same record says nothing more.
  const named = new Set(
    Object.keys(record.changes)
      .map((field) => spec(fields, field))
      .filter((field) => field.kind !== 'id')
      .map((field) => field.label),
  );
  return Object.entries(record.changes)
    .map(([field, change], arrival) => ({ field, change, arrival }))
    .filter(({ field }) => {
      const { kind, label } = spec(fields, field);
      return kind !== 'id' || !named.has(label);
    })
    .sort((a, b) => rank(a.field) - rank(b.field) || a.arrival - b.arrival)
    .map(({ field, change }) => {
      const label = fieldLabel(field, change, record.entity_type);
      const kind = spec(fields, field);
      if (kind.kind === 'file')
        return {
          field,
          label,
          before: '',
          after: '',
          summary: fileSummary(label, change.before, change.after),
        };
      const nested = PLAYER.test(field) ? AUDIT_PLAYER_FIELDS : undefined;
      const [before, after] = nested
        ? changedParts(change.before, change.after)
        : [change.before, change.after];
      return {
        field,
        label,
        before: valueText(before, kind, nested),
        after: valueText(after, kind, nested),
      };
    });
}

/** The changed fields of a record, named for reading: 'Location, Player Rohit Sharma'. */
export const changedFields = (record: AuditLog) =>
  changeRows(record)
    .map((row) => row.label)
    .join(', ');

export const actionLabel = (action: string) =>
  AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? statusLabel(action);

export const entityLabel = (type: string) =>
  AUDIT_ENTITIES[type as keyof typeof AUDIT_ENTITIES] ?? statusLabel(type);

/** Who made a change: their name as recorded, else their email, else the system. */
export const actorName = (record: AuditLog) =>
  record.actor.name ??
  record.actor.email ??
  (record.actor.id === null ? 'System' : `User #${record.actor.id}`);

/** The page of a recorded record, for the kinds that have one. */
export function recordHref(entityType: string, id: number): string | undefined {
  switch (entityType) {
    case 'user':
      return recordViewHref('/users', id);
    case 'team':
      return recordViewHref('/teams', id);
    case 'notification_send':
      return recordViewHref('/sent-notifications', id);
    case 'wa_template':
      return recordPathHref('/wa/templates/view/:id', id);
    case 'email_template':
      return recordPathHref('/email-templates/:id', id);
    default:
      return undefined;
  }
}

/** Each changed field with its value before and after, side by side. */
export function AuditChanges({ record }: { record: AuditLog }) {
  const rows = changeRows(record);
  if (rows.length === 0)
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
        {rows.map((row) => (
          <tr key={row.field} className="border-b border-neutral-100 align-top">
            <th
              scope="row"
              className="py-2 pr-3 text-left font-medium break-words text-neutral-700"
            >
              {row.label}
            </th>
            {row.summary ? (
              <td colSpan={2} className="py-2 text-neutral-700">
                {row.summary}
              </td>
            ) : (
              <>
                <td className="py-2 pr-3 break-words text-danger-700">
                  <span className="sr-only">Before: </span>
                  {row.before}
                </td>
                <td className="py-2 break-words text-primary-700">
                  <span className="sr-only">After: </span>
                  {row.after}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
