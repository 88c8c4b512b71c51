/**
 * Invitations by e-mail on the invite page: rows of name and e-mail (add another, remove a row,
 * one row always kept), the editable message with a preview of the e-mail as it will be read, and
 * Send Invitations. The server judges each row: rows it sent leave the form, the others stay with
 * their reason under them ('Invitations sent' only once the mail service took them). The club's
 * invitations still waiting are listed below the form, each with Revoke (SentInvitations), read
 * again after each send. Import CSV (ImportCsv) sends a file's rows with the same message.
 */
import { Button, Flex, Heading, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  defaultInvitationMessage,
  INVITATION_LIMITS,
  invitationEmailParts,
  LIMITS,
  type PublicClub,
  publicName,
  type SendInvitationsResult,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError, messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useMe } from '../../../api/me.ts';
import { problem, useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { pendingInvitationsKey } from '../api.ts';
import { ImportCsv } from './ImportCsv.tsx';
import { SentInvitations } from './SentInvitations.tsx';

export const INVITE_EMAIL_TEXTS = {
  heading: 'Invite by e-mail',
  name: 'Name',
  email: 'Email',
  addAnother: 'Add another',
  remove: 'Remove',
  message: 'Email message',
  preview: 'Preview',
  send: 'Send Invitations',
  sending: 'Sending...',
  sent: 'Invitations sent',
  notSent: 'Invitations not sent',
  notSentFallback: 'The invitations could not be sent. Please try again later.',
  someNotSent: 'Some invitations were not sent',
  emailRequired: 'Enter an e-mail address',
  linkPlaceholder: '(your personal invitation link)',
} as const;
const T = INVITE_EMAIL_TEXTS;

interface Row {
  key: number;
  name: string;
  email: string;
  error: string | null;
}

let nextKey = 0;
const emptyRow = (): Row => ({ key: nextKey++, name: '', email: '', error: null });

/** Rows the server did not send stay, with their reason; an all-sent form starts again empty. */
function keepUnsent(rows: readonly Row[], result: SendInvitationsResult['rows']): Row[] {
  const left = rows.flatMap((row, index) => {
    const answer = result[index];
    if (!answer || answer.outcome === 'sent') return [];
    return [{ ...row, error: answer.message }];
  });
  return left.length > 0 ? left : [emptyRow()];
}

export function InviteByEmail({ club }: { club: PublicClub }) {
  const { toast } = useToast();
  const me = useMe();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [message, setMessage] = useState(() => defaultInvitationMessage(club.name));
  const queryClient = useQueryClient();
  // How many rows this send holds: rows added or removed while it is under way keep their place.
  const asked = useRef(0);
  const send = useForm({
    check: () => {
      const checked = rows.map((row) => ({ ...row, error: row.email.trim() ? null : T.emailRequired }));
      setRows(checked);
      return checked.some((row) => row.error) ? problem(T.emailRequired) : null;
    },
    send: () => {
      asked.current = rows.length;
      return api('sendInvitations', {
        params: { clubId: club.id },
        body: { rows: rows.map(({ name, email }) => ({ name, email })), message },
      });
    },
    onSuccess: (result) => {
      if (result.sent > 0) void queryClient.invalidateQueries({ queryKey: pendingInvitationsKey(club.id) });
      setRows((current) => (current.length === asked.current ? keepUnsent(current, result.rows) : current));
      if (result.sent === result.rows.length) {
        toast({ title: T.sent, description: `${result.sent} sent`, variant: 'success' });
      } else if (result.sent > 0) {
        toast({
          title: T.someNotSent,
          description: `${result.sent} sent; see the rows left for why the others were not.`,
          variant: 'warning',
        });
      } else {
        toast({ title: T.notSent, description: 'See the reason under each row.', variant: 'warning' });
      }
    },
    failure: (error) => {
      const details = isApiError(error)
        ? (error.details as { rows?: SendInvitationsResult['rows'] })
        : undefined;
      if (details?.rows && details.rows.length === asked.current) {
        const answered = details.rows;
        setRows((current) => keepUnsent(current, answered));
      }
      toast({ title: T.notSent, description: messageOf(error, T.notSentFallback), variant: 'error' });
      return null;
    },
    label: 'Sending invitations',
  });

  const update = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch, error: null } : row)));

  const preview = invitationEmailParts({
    clubName: club.name,
    inviterName: me.data?.fullName?.trim() ? publicName(me.data) : 'You',
    recipientName: rows[0]?.name ?? '',
    message,
    acceptUrl: T.linkPlaceholder,
  });

  return (
    <>
      <section className="invite-card" aria-labelledby="invite-email-heading">
        <Heading level={2} id="invite-email-heading">
          {T.heading}
        </Heading>
        <Flex as="form" direction="column" gap="medium" onSubmit={send.submit} noValidate>
          {rows.map((row, index) => (
            <Flex key={row.key} gap="small" alignItems="flex-start" wrap="wrap" className="invite-row">
              <TextField
                label={`${T.name} ${index + 1}`}
                labelHidden={index > 0}
                placeholder={T.name}
                value={row.name}
                maxLength={LIMITS.personName}
                isDisabled={send.busy}
                onChange={(e) => update(row.key, { name: e.target.value })}
                flex="1 1 12rem"
              />
              <TextField
                label={`${T.email} ${index + 1}`}
                labelHidden={index > 0}
                type="email"
                placeholder={T.email}
                value={row.email}
                maxLength={LIMITS.email}
                isDisabled={send.busy}
                onChange={(e) => update(row.key, { email: e.target.value })}
                hasError={row.error !== null}
                errorMessage={row.error ?? undefined}
                flex="1 1 16rem"
              />
              <Button
                variation="link"
                aria-label={`${T.remove} row ${index + 1}`}
                isDisabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                {T.remove}
              </Button>
            </Flex>
          ))}
          <Button
            alignSelf="flex-start"
            size="small"
            isDisabled={rows.length >= INVITATION_LIMITS.rowsPerSend}
            onClick={() => setRows((current) => [...current, emptyRow()])}
          >
            {T.addAnother}
          </Button>
          <TextAreaField
            label={T.message}
            value={message}
            rows={4}
            maxLength={LIMITS.inviteMessage}
            onChange={(e) => setMessage(e.target.value)}
          />
          <section className="invite-preview" aria-label={T.preview}>
            <Text fontWeight="bold">{preview.subject}</Text>
            <Text>{preview.greeting}</Text>
            <Text whiteSpace="pre-wrap">{preview.message}</Text>
            <Text>{preview.accept}</Text>
            <Text color="font.secondary" fontSize="small">
              {preview.expiry}
            </Text>
          </section>
          <Button
            type="submit"
            variation="primary"
            alignSelf="flex-start"
            isLoading={send.busy}
            loadingText={T.sending}
            isDisabled={!message.trim()}
          >
            {T.send}
          </Button>
        </Flex>
      </section>
      <ImportCsv clubId={club.id} message={message} />
      <SentInvitations clubId={club.id} />
    </>
  );
}
