import {
  CONTACT_MESSAGES,
  CONTACT_SUCCESS,
  contactReplyInput,
  replySubject,
  type ContactMessage,
  type ContactReplyInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { replyKeptFailed, useSendReply } from '../api/send-reply';

interface ReplyPanelProps {
  message: ContactMessage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 'Reply to {name}' with the §5 rules; the reply really goes out by email. */
export function ReplyPanel({ message, open, onOpenChange }: ReplyPanelProps) {
  const values = (): ContactReplyInput => ({ subject: replySubject(message.subject), message: '' });
  const form = useForm({
    resolver: zodResolver(contactReplyInput),
    defaultValues: values(),
    reValidateMode: 'onSubmit',
  });
  const send = useSendReply();
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values,
    successText: CONTACT_SUCCESS.replySent(message.name),
    failureText: CONTACT_MESSAGES.replyFailed,
    invalidText: CONTACT_MESSAGES.invalidReply,
    submit: (v) => send.mutateAsync({ id: message.id, values: v }),
    failureKept: replyKeptFailed,
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={`Reply to ${message.name}`}
      description={`To ${message.email}`}
      submitLabel="Send Reply"
      busyLabel="Sending..."
    >
      <TextField form={form} name="subject" label="Subject" required />
      <TextAreaField form={form} name="message" label="Message" required rows={8} />
    </FormDrawer>
  );
}
