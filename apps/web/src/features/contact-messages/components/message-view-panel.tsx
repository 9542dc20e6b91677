import {
  CONTACT_MESSAGES,
  CONTACT_SUCCESS,
  type ContactReply,
  type ContactThread,
} from '@cricket/contracts';
import { Reply, RotateCw, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { DetailItem } from '@/components/detail-item';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { ProviderReason } from '@/components/provider-reason';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useRetryReply } from '../api/send-reply';
import { ContactStatusBadge, DeliveryBadge, PriorityBadge } from './contact-badges';

interface MessageViewPanelProps {
  thread: ContactThread | undefined;
  loading: boolean;
  onClose: () => void;
  onReply: () => void;
  onDelete: () => void;
}

/** A message, who sent it and its thread of replies with each one's delivery. */
export function MessageViewPanel({
  thread,
  loading,
  onClose,
  onReply,
  onDelete,
}: MessageViewPanelProps) {
  const canReply = useCan('contact_messages.reply');
  const canDelete = useCan('contact_messages.delete');
  const message = thread?.message;
  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && onClose()}
      title="Contact Message"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {message && canDelete && (
            <Button variant="danger" onClick={onDelete}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </Button>
          )}
          {message && canReply && (
            <Button onClick={onReply}>
              <Reply className="size-4" aria-hidden="true" />
              Reply
            </Button>
          )}
        </>
      }
    >
      {loading ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-neutral-500">
          <Spinner /> Loading...
        </p>
      ) : thread && message ? (
        <div className="space-y-6">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <DetailItem label="Name">{message.name}</DetailItem>
            <DetailItem label="Email">{message.email}</DetailItem>
            {message.phone_number && <DetailItem label="Phone">{message.phone_number}</DetailItem>}
            {message.company && <DetailItem label="Company">{message.company}</DetailItem>}
            <DetailItem label="Received">{formatDateTime(message.created_at)}</DetailItem>
            <DetailItem label="Status">
              <span className="flex flex-wrap gap-2">
                <ContactStatusBadge status={message.status} />
                <PriorityBadge priority={message.priority} />
              </span>
            </DetailItem>
            <DetailItem label="Subject" wide>
              {message.subject}
            </DetailItem>
          </dl>
          <section aria-labelledby="contact-message-text" className="space-y-2">
            <h3 id="contact-message-text" className="text-sm font-semibold text-neutral-900">
              Message
            </h3>
            <p className="rounded-lg bg-neutral-50 p-3 text-sm break-words whitespace-pre-wrap text-neutral-800">
              {message.message}
            </p>
          </section>
          <section aria-labelledby="contact-thread" className="space-y-3">
            <h3 id="contact-thread" className="text-sm font-semibold text-neutral-900">
              Replies ({thread.replies.length})
            </h3>
            {thread.replies.length === 0 ? (
              <p className="text-sm text-neutral-500">No replies yet</p>
            ) : (
              <ol className="space-y-3">
                {thread.replies.map((reply) => (
                  <ReplyItem
                    key={reply.id}
                    messageId={message.id}
                    name={message.name}
                    reply={reply}
                    canRetry={canReply}
                  />
                ))}
              </ol>
            )}
          </section>
        </div>
      ) : (
        <p className="py-6 text-sm text-neutral-500">{CONTACT_MESSAGES.notFound}</p>
      )}
    </SidePanel>
  );
}

function ReplyItem({
  messageId,
  name,
  reply,
  canRetry,
}: {
  messageId: number;
  name: string;
  reply: ContactReply;
  canRetry: boolean;
}) {
  const retry = useRetryReply();
  const flight = useSingleFlight();
  function send(click: { detail: number }) {
    void flight.run(async () => {
      try {
        await retry.mutateAsync({ id: messageId, replyId: reply.id });
        toast.success(CONTACT_SUCCESS.replySent(name));
      } catch (error) {
        toast.error(errorMessage(error, CONTACT_MESSAGES.replyFailed));
      }
    }, click);
  }
  return (
    <li
      aria-label={`Reply: ${reply.subject}`}
      className="space-y-2 rounded-lg border border-neutral-200 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-neutral-900">{reply.subject}</p>
        <DeliveryBadge status={reply.status} />
      </div>
      <p className="text-xs text-neutral-500">
        {reply.sent_by.name} · {formatDateTime(reply.sent_at ?? reply.created_at)}
      </p>
      <p className="break-words whitespace-pre-wrap text-neutral-800">{reply.message}</p>
      {reply.status === 'failed' && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-danger-50 px-3 py-2 text-danger-700">
          <span className="min-w-0">
            Not delivered:{' '}
            {reply.failure_reason ? <ProviderReason raw={reply.failure_reason} /> : null}
          </span>
          {canRetry && (
            <Button
              size="sm"
              variant="secondary"
              onClick={send}
              busy={flight.busy}
              busyText="Sending..."
            >
              <RotateCw className="size-4" aria-hidden="true" />
              Retry
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
