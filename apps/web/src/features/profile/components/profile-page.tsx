import { Pencil, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-neutral-900">{value}</dd>
    </div>
  );
}

/**
 * Spec §2 Profile (Account Details). The form has no fields yet and the API has no
 * PUT /user/profile, so there is nothing to save: the button says it only closes the editor
 * instead of claiming a save that never happened. The full profile comes in its own issue.
 */
export function ProfilePage() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  if (!user) return null;

  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');

  function onDone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEditing(false);
  }

  return (
    <>
      <PageHeader title="Account Details" />
      <Card
        title="Account details"
        actions={
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {editing ? (
              <>
                <X className="size-4" aria-hidden="true" />
                Close
              </>
            ) : (
              <>
                <Pencil className="size-4" aria-hidden="true" />
                Edit account details
              </>
            )}
          </Button>
        }
      >
        <dl className="grid gap-5 sm:grid-cols-2">
          {fullName && <Detail label="Name" value={fullName} />}
          <Detail label="Email" value={user.email} />
          <Detail label="Role" value={user.role.name} />
        </dl>

        {editing && (
          <form
            onSubmit={onDone}
            aria-label="Edit account details"
            className="mt-6 border-t border-neutral-100 pt-5"
          >
            <p className="text-sm text-neutral-500">There are no editable account details yet.</p>
            <div className="mt-4 flex justify-end">
              <Button type="submit">Done</Button>
            </div>
          </form>
        )}
      </Card>
    </>
  );
}
