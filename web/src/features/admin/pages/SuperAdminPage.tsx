/**
 * The super-admin portal at /super-admin (the route's guard lets only the
 * super_admin group in): the banner, the 'All Clubs' table (Club Name, Owner, Email, Status) searched by club
 * name, owner name or e-mail and filtered by status, 10 a page by cursor, each club's page one
 * click away, suspension and reactivation, the platform figures above, the chats members reported,
 * and the audit log of what super admins did.
 */
import { Alert, Badge, Button, Flex, Heading, SearchField, SelectField, Text } from '@aws-amplify/ui-react';
import { type AdminClubRow, type AdminStatusFilter, adminStatusFilterSchema } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useAdminClubs } from '../api.ts';
import { AuditLog } from '../components/AuditLog.tsx';
import { PlatformFigures } from '../components/PlatformFigures.tsx';
import { ReportedChats } from '../components/ReportedChats.tsx';

export const SUPER_ADMIN_TEXTS = {
  title: 'Super Admin Portal',
  banner: 'You are signed in as a super admin: you oversee every club on the platform.',
  allClubs: 'All Clubs',
  search: 'Search by club name, owner name or email',
  empty: 'No clubs found matching your search criteria.',
  loadFailed: 'Failed to load clubs data. Please try again.',
  suspended: 'Club suspended',
  suspendedBilling: "Its members' subscriptions are paused: nobody is charged until it is reactivated.",
  reactivated: 'Club reactivated',
  reactivatedBilling: "Its members' subscriptions are collected again from their next renewal.",
  actionFailed: 'The change was not saved',
} as const;
const T = SUPER_ADMIN_TEXTS;

const STATUS_LABELS: Record<AdminStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  unpaid: 'Unpaid',
};

const STATUS_BADGES: Record<AdminClubRow['status'], 'success' | 'warning' | 'error' | 'info'> = {
  active: 'success',
  pending: 'info',
  unpaid: 'warning',
  inactive: 'error',
};

/** The search text as typed, sent once typing pauses. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function SuspendButton({ club }: { club: AdminClubRow }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const done = (title: string, description: string) => () => {
    void queryClient.invalidateQueries();
    toast({ title: `${title}: ${club.name}`, description, variant: 'success' });
  };
  const failed = (error: Error) => {
    console.error(T.actionFailed, error);
    toast({ title: T.actionFailed, description: messageOf(error, ''), variant: 'error' });
  };
  const suspend = useApiMutation('suspendClub', {
    onSuccess: done(T.suspended, T.suspendedBilling),
    onError: failed,
  });
  const reactivate = useApiMutation('reactivateClub', {
    onSuccess: done(T.reactivated, T.reactivatedBilling),
    onError: failed,
  });
  const params = { clubId: club.id };
  if (club.suspended) {
    return (
      <Button size="small" onClick={() => reactivate.run({ params })} isLoading={reactivate.isPending}>
        Reactivate
      </Button>
    );
  }
  if (club.status === 'inactive') return null; // closed by its owner: nothing to suspend
  return (
    <Button
      size="small"
      variation="destructive"
      onClick={() => suspend.run({ params, body: {} })}
      isLoading={suspend.isPending}
    >
      Suspend
    </Button>
  );
}

const CLUB_COLUMNS: Column<AdminClubRow>[] = [
  {
    header: 'Club Name',
    cell: (club) =>
      club.status === 'active' ? <TextLink to={`/communities/${club.id}`}>{club.name}</TextLink> : club.name,
  },
  { header: 'Owner', cell: (club) => club.ownerName },
  { header: 'Email', cell: (club) => club.ownerEmail },
  {
    header: 'Status',
    cell: (club) => (
      <Badge variation={STATUS_BADGES[club.status]}>{club.suspended ? 'suspended' : club.status}</Badge>
    ),
  },
  { header: 'Actions', cell: (club) => <SuspendButton club={club} /> },
];

export default function SuperAdminPage() {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<AdminStatusFilter>('all');
  // The cursors of the pages before the current one, and the current one's (none: the first page).
  const [cursors, setCursors] = useState<string[]>([]);
  const q = useSettled(text.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at page 1
  useEffect(() => setCursors([]), [q, status]);
  const cursor = cursors.at(-1);
  const clubs = useAdminClubs({ ...(q ? { q } : {}), status, ...(cursor ? { cursor } : {}) });
  const page = clubs.data;

  return (
    <PageColumn width="80rem">
      <Flex direction="column" gap="xs" className="super-admin-banner">
        <Heading level={1}>{T.title}</Heading>
        <Text>{T.banner}</Text>
      </Flex>
      <PlatformFigures />
      <Heading level={2}>{T.allClubs}</Heading>
      <Flex gap="medium" wrap="wrap" alignItems="flex-end">
        <SearchField
          label={T.search}
          labelHidden
          placeholder={T.search}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onClear={() => setText('')}
          flex="1 1 20rem"
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(adminStatusFilterSchema.parse(event.target.value))}
        >
          {adminStatusFilterSchema.options.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </Flex>
      {clubs.isPending ? (
        <LoadingLine label="Loading clubs" />
      ) : clubs.isError ? (
        <LoadFailed what="clubs" error={clubs.error} onRetry={() => void clubs.refetch()} />
      ) : page && page.items.length === 0 ? (
        <Alert variation="info">{T.empty}</Alert>
      ) : page ? (
        <DataTable caption={T.allClubs} columns={CLUB_COLUMNS} rows={page.items} rowKey={(club) => club.id} />
      ) : null}
      <Flex gap="small" justifyContent="flex-end" aria-label="Pages">
        <Button
          size="small"
          isDisabled={cursors.length === 0}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          Previous
        </Button>
        <Button
          size="small"
          isDisabled={!page?.nextCursor || clubs.isFetching}
          onClick={() => page?.nextCursor && setCursors((list) => [...list, page.nextCursor as string])}
        >
          Next
        </Button>
      </Flex>
      <ReportedChats />
      <AuditLog />
    </PageColumn>
  );
}
