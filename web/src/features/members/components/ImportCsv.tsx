/**
 * Import CSV on the invite page: the owner picks a file of e-mail addresses with optional names
 * (up to 1,000 rows, as spreadsheets export them); the server checks each row and the preview
 * marks the ones it will not send, and why (a malformed address, one listed twice, a member, a
 * removed or banned person, one invited in the last day). Send e-mails the rest with the message
 * above, off the request path: the page follows the progress, and says when rows wait for the
 * next day's allowance.
 */
import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import {
  type ImportRow,
  type ImportRowCheck,
  type ImportRowOutcome,
  INVITATION_IMPORT_LIMITS,
  type InvitationImport,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useToast } from '../../../components/Toaster.tsx';
import { invitationImportKey, pendingInvitationsKey, useInvitationImport } from '../api.ts';

export const IMPORT_CSV_TEXTS = {
  heading: 'Import CSV',
  intro: `A file of e-mail addresses, one a row, with an optional name column: up to ${INVITATION_IMPORT_LIMITS.rows.toLocaleString('en-US')} rows, as a spreadsheet exports it. Everyone gets the message above.`,
  file: 'CSV file',
  reading: 'Checking the rows…',
  uploadFailed: 'The file could not be imported',
  send: (count: number) => `Send ${count} invitation${count === 1 ? '' : 's'}`,
  sendFailed: 'The invitations could not be sent',
  nothingToSend: 'No row of this file can be invited.',
  sending: (sent: number, total: number) => `Sending: ${sent} of ${total} sent`,
  done: (sent: number) => `Done: ${sent} invitation${sent === 1 ? '' : 's'} sent.`,
  waiting: (left: number, until: string) =>
    `Today's invitation allowance is used up: the ${left} row${left === 1 ? '' : 's'} left wait${left === 1 ? 's' : ''} for tomorrow's and go${left === 1 ? 'es' : ''} out after ${until}.`,
  stopped: 'Sending stopped',
  another: 'Import another file',
  rows: 'Rows of the file',
} as const;
const T = IMPORT_CSV_TEXTS;

const CHECK_LABELS: Record<ImportRowCheck, string> = {
  ok: 'To invite',
  invalid: 'Invalid address',
  duplicate: 'Duplicate',
  member: 'Already a member',
  removed: 'Removed',
  banned: 'Banned',
  invited: 'Invited recently',
};

const OUTCOME_LABELS: Record<ImportRowOutcome, string> = {
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Not sent',
};

const statusOf = (row: ImportRow) =>
  row.outcome ? OUTCOME_LABELS[row.outcome] : row.check === 'ok' ? CHECK_LABELS.ok : CHECK_LABELS[row.check];

function Summary({ data }: { data: InvitationImport }) {
  const counts = data.counts;
  const marked = (Object.keys(CHECK_LABELS) as ImportRowCheck[])
    .filter((check) => check !== 'ok' && counts[check] > 0)
    .map((check) => `${counts[check]} ${CHECK_LABELS[check].toLowerCase()}`);
  return (
    <Text>
      {data.rows.length} rows: {counts.ok} to invite{marked.length > 0 ? `; ${marked.join(', ')}` : ''}.
    </Text>
  );
}

function Progress({ data }: { data: InvitationImport }) {
  const { counts } = data;
  const handled = counts.sent + counts.skipped + counts.failed;
  if (data.status === 'sending') {
    return (
      <Flex direction="column" gap="xs" role="status">
        <Text>{T.sending(counts.sent, counts.ok)}</Text>
        <progress max={counts.ok} value={handled} aria-label="Invitations sent" />
      </Flex>
    );
  }
  if (data.status === 'waiting' && data.waitingUntil) {
    const until = new Date(data.waitingUntil).toLocaleString();
    return (
      <Flex direction="column" gap="xs" role="status">
        <Text>{T.sending(counts.sent, counts.ok)}</Text>
        <progress max={counts.ok} value={handled} aria-label="Invitations sent" />
        <Text variation="warning">{T.waiting(counts.ok - handled, until)}</Text>
      </Flex>
    );
  }
  if (data.status === 'done') return <Text role="status">{T.done(counts.sent)}</Text>;
  if (data.status === 'stopped') {
    return (
      <Text role="status" variation="error">
        {T.stopped}: {data.stoppedReason}
      </Text>
    );
  }
  return null;
}

function RowsTable({ rows }: { rows: readonly ImportRow[] }) {
  return (
    // A long file scrolls inside its box, which takes the keyboard's focus to scroll.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="invite-import__rows" aria-label="The file's rows" tabIndex={0}>
      <table className="invite-import__table">
        <caption className="visually-hidden">{T.rows}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} data-check={row.check} data-outcome={row.outcome ?? undefined}>
              <td>{row.row}</td>
              <td>{row.name}</td>
              <td>{row.email}</td>
              <td>
                {statusOf(row)}
                {row.message ? <span className="invite-import__why"> · {row.message}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function ImportCsv({ clubId, message }: { clubId: string; message: string }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [importId, setImportId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useInvitationImport(clubId, importId);
  const data = current.data;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const created = await api('createInvitationImport', {
        params: { clubId },
        body: { fileName: file.name.slice(0, 100), csv: await file.text() },
      });
      queryClient.setQueryData(invitationImportKey(clubId, created.id), created);
      setImportId(created.id);
    } catch (error) {
      toast({ title: T.uploadFailed, description: messageOf(error, T.uploadFailed), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!importId) return;
    setBusy(true);
    try {
      const sending = await api('sendInvitationImport', { params: { clubId, importId }, body: { message } });
      queryClient.setQueryData(invitationImportKey(clubId, importId), sending);
    } catch (error) {
      toast({ title: T.sendFailed, description: messageOf(error, T.sendFailed), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const status = data?.status;
  const finished = status === 'done' || status === 'stopped' || status === 'waiting';
  // The invitations an import sent join the list of those still waiting below.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: pendingInvitationsKey(clubId) });
  }, [finished, clubId, queryClient]);

  return (
    <section className="invite-card" aria-labelledby="invite-import-heading">
      <Heading level={2} id="invite-import-heading">
        {T.heading}
      </Heading>
      <Text color="font.secondary">{T.intro}</Text>
      {!data || finished ? (
        <Flex direction="column" gap="xs">
          <label htmlFor={fileId}>{data ? T.another : T.file}</label>
          <input id={fileId} type="file" accept=".csv,text/csv,text/plain" disabled={busy} onChange={pick} />
        </Flex>
      ) : null}
      {data?.status === 'checking' ? (
        <Flex gap="small" alignItems="center" role="status">
          <Loader /> <Text>{T.reading}</Text>
        </Flex>
      ) : null}
      {data && data.status !== 'checking' ? (
        <>
          <Text fontWeight="bold">{data.fileName}</Text>
          <Summary data={data} />
          <Progress data={data} />
          {data.status === 'ready' ? (
            data.counts.ok > 0 ? (
              <Button
                variation="primary"
                alignSelf="flex-start"
                isLoading={busy}
                isDisabled={!message.trim()}
                onClick={() => void send()}
              >
                {T.send(data.counts.ok)}
              </Button>
            ) : (
              <Text variation="warning">{T.nothingToSend}</Text>
            )
          ) : null}
          <RowsTable rows={data.rows} />
        </>
      ) : null}
    </section>
  );
}
