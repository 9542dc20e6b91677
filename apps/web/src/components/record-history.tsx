import type { AuditEntityType } from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { auditLogsQuery } from '@/lib/audit-logs';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session';
import { actionLabel, actorName, AuditChanges } from './audit-changes';
import { TimeAgo } from './time-ago';
import { ListError } from './list-page';
import { Card } from './ui/card';
import { Spinner } from './ui/spinner';

const HISTORY_SIZE = 5;

/**
 * The 'History' section of a record (issue 13): its latest changes from the audit trail with
 * before and after values, and a link to all of them in the Activity Log. Shown only to roles
 * holding audit.view.
 */
export function RecordHistory({
  entityType,
  entityId,
  className,
}: {
  entityType: AuditEntityType;
  entityId: number;
  className?: string;
}) {
  const canView = useCan('audit.view');
  const history = useQuery({
    ...auditLogsQuery({
      entity_type: entityType,
      entity_id: entityId,
      page: 1,
      limit: HISTORY_SIZE,
    }),
    enabled: canView,
  });
  if (!canView) return null;
  const total = history.data?.pagination.total ?? 0;

  return (
    <Card
      title="History"
      className={className}
      actions={
        total > 0 && (
          <Link
            to={`/activity-log?entity_type=${entityType}&entity_id=${entityId}`}
            className="text-sm font-medium text-primary-700 hover:underline"
          >
            View all ({total})
          </Link>
        )
      }
    >
      {history.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Spinner className="size-4" /> Loading history...
        </p>
      ) : history.isError ? (
        <ListError
          error={history.error}
          fallback="Failed to load the history"
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.data.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-neutral-500">
          <History className="size-4" aria-hidden="true" /> No changes recorded yet
        </p>
      ) : (
        <ol aria-label="History" className="space-y-5">
          {history.data.data.map((record) => (
            <li
              key={record.id}
              aria-label={`${actionLabel(record.action)} ${formatDateTime(record.created_at)}`}
            >
              <p className="mb-2 text-sm">
                <span className="font-medium text-neutral-900">{actionLabel(record.action)}</span>
                <span className="text-neutral-500">
                  {' '}
                  by {actorName(record)} · <TimeAgo value={record.created_at} />
                </span>
              </p>
              <AuditChanges record={record} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
