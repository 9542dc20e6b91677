import { RECORD_VERSION_MESSAGES as M } from '@cricket/contracts';
import { RotateCw } from 'lucide-react';
import { Button } from './ui/button';

/** A field the other save changed: its value now stored, and the one in the form. */
export interface ChangedField {
  name: string;
  label: string;
  theirs: string;
  yours: string;
}

/** The version of a record read again after a 412 (decision 059). */
export interface RecordChange {
  fields: ChangedField[];
}

/** A form value in a word a reader knows: Yes/No, '(empty)', or the text. */
export function shownValue(value: unknown): string {
  if (value === true) return M.yes;
  if (value === false) return M.no;
  if (value === null || value === undefined || value === '') return M.empty;
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/** The fields whose stored value is no longer the one the form opened with. */
export function changedFields(
  opened: Record<string, unknown>,
  theirs: Record<string, unknown>,
  yours: Record<string, unknown>,
  labels: Record<string, string | undefined>,
): ChangedField[] {
  const fields: ChangedField[] = [];
  for (const [name, label] of Object.entries(labels)) {
    if (label === undefined) continue;
    if (JSON.stringify(opened[name] ?? null) === JSON.stringify(theirs[name] ?? null)) continue;
    fields.push({ name, label, theirs: shownValue(theirs[name]), yours: shownValue(yours[name]) });
  }
  return fields;
}

interface RecordChangedNoticeProps {
  change: RecordChange;
  onReload: () => void;
  reloading: boolean;
}

/**
 * Someone else saved the record since the form opened it: what they changed beside what this
 * form holds, and Reload to take their version.
 */
export function RecordChangedNotice({ change, onReload, reloading }: RecordChangedNoticeProps) {
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-danger-200 bg-danger-50 p-3 text-sm text-danger-700"
    >
      <p className="font-medium">{M.changed}</p>
      {change.fields.length > 0 && (
        <>
          <p>{M.changedHint}</p>
          <table className="w-full text-left text-neutral-900">
            <thead>
              <tr>
                <th scope="col" className="pr-2 font-medium">
                  {M.field}
                </th>
                <th scope="col" className="pr-2 font-medium">
                  {M.theirs}
                </th>
                <th scope="col" className="font-medium">
                  {M.yours}
                </th>
              </tr>
            </thead>
            <tbody>
              {change.fields.map((field) => (
                <tr key={field.name}>
                  <th scope="row" className="pr-2 font-normal">
                    {field.label}
                  </th>
                  <td className="pr-2 break-all">{field.theirs}</td>
                  <td className="break-all">{field.yours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Button variant="secondary" size="sm" onClick={onReload} busy={reloading}>
        <RotateCw className="size-4" aria-hidden="true" />
        {M.reload}
      </Button>
    </div>
  );
}
