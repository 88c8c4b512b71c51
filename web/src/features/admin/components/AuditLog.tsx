/** The super-admin portal's audit log: who did what to which club, when, before and after. */
import { Text } from '@aws-amplify/ui-react';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@clubs/shared';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { useAuditLog } from '../api.ts';
import { AdminSection } from './AdminSection.tsx';

const statusOf = (state: Record<string, unknown>) => String(state.status ?? '');

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> },
  { header: 'Who', cell: (entry) => entry.actorEmail },
  { header: 'Action', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { header: 'Club', cell: (entry) => entry.clubName },
  { header: 'Before', cell: (entry) => statusOf(entry.before) },
  { header: 'After', cell: (entry) => statusOf(entry.after) },
];

export function AuditLog() {
  const log = useAuditLog();
  return (
    <AdminSection id="audit-log-heading" title="Audit Log" what="the audit log" query={log}>
      {(data) =>
        data.items.length === 0 ? (
          <Text color="font.secondary">No super-admin actions yet.</Text>
        ) : (
          <DataTable
            caption="Audit log"
            columns={COLUMNS}
            rows={data.items}
            rowKey={(entry) => entry.id}
            highlightOnHover={false}
          />
        )
      }
    </AdminSection>
  );
}
