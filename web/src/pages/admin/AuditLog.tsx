/** The super-admin portal's audit log: who did what to which club, when, before and after. */
import { Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { AuditEntry } from '@clubs/shared';
import { useApiQuery } from '../../api/hooks.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'club.suspend': 'Suspended',
  'club.reactivate': 'Reactivated',
};

const statusOf = (state: Record<string, unknown>) => String(state.status ?? '');

export function AuditLog() {
  const log = useApiQuery('listAuditLog', { query: { limit: 20 } });
  return (
    <section aria-labelledby="audit-log-heading">
      <Heading level={2} id="audit-log-heading">
        Audit Log
      </Heading>
      {log.isError ? (
        <LoadFailed
          what="the audit log"
          error={log.error}
          onRetry={() => void log.refetch()}
          headingLevel={3}
        />
      ) : log.data && log.data.items.length === 0 ? (
        <Text color="font.secondary">No super-admin actions yet.</Text>
      ) : (
        <Table caption="Audit log" size="small">
          <TableHead>
            <TableRow>
              <TableCell as="th">When</TableCell>
              <TableCell as="th">Who</TableCell>
              <TableCell as="th">Action</TableCell>
              <TableCell as="th">Club</TableCell>
              <TableCell as="th">Before</TableCell>
              <TableCell as="th">After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(log.data?.items ?? []).map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>
                  <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                </TableCell>
                <TableCell>{entry.actorEmail}</TableCell>
                <TableCell>{ACTION_LABELS[entry.action]}</TableCell>
                <TableCell>{entry.clubName}</TableCell>
                <TableCell>{statusOf(entry.before)}</TableCell>
                <TableCell>{statusOf(entry.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
