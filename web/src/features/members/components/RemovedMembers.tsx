/**
 * The owner's Removed view of the members page: the people removed from the club and kept out
 * (their invitations, the shared link and join requests refused), each with Allow back, which
 * lifts the removal once confirmed; the list is read again after the server stored it.
 */
import { Flex, Text } from '@aws-amplify/ui-react';
import type { RemovedPerson } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { ConfirmedWriteButton } from '../../../components/overlay/ConfirmedWriteButton.tsx';
import { ShowMore } from '../../../components/PagedList.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { removedKey, useRemoved } from '../api.ts';

export const REMOVED_TEXTS = {
  empty: 'Nobody is kept out of this club.',
  caption: 'People removed from the club',
  allowBack: 'Allow back',
  dialog: {
    title: 'Allow back?',
    question:
      'They will be able to use an invitation, the invite link or a request to join again. They do not become a member until then.',
    confirm: 'Allow back',
    working: 'Allowing...',
  },
  allowed: (name: string) => `${name} may join again`,
  failed: 'Could not allow them back',
  loadMore: 'Load more',
} as const;
const T = REMOVED_TEXTS;

function AllowBack({ person }: { person: RemovedPerson }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return (
    <ConfirmedWriteButton
      route="liftMemberRemoval"
      input={{ params: { clubId: person.clubId, userId: person.userId } }}
      done={async () => {
        await queryClient.invalidateQueries({ queryKey: removedKey(person.clubId) });
        toast({ title: T.allowed(person.name), variant: 'success' });
      }}
      failed={T.failed}
      label={T.allowBack}
      ariaLabel={`Allow ${person.name} back`}
      variation="primary"
      texts={T.dialog}
    />
  );
}

const COLUMNS: Column<RemovedPerson>[] = [
  {
    header: 'Name',
    cell: (person) => (
      <Flex direction="column" gap="0">
        <Text>{person.name}</Text>
        {person.email ? (
          <Text fontSize="small" color="font.secondary">
            {person.email}
          </Text>
        ) : null}
      </Flex>
    ),
  },
  {
    header: 'Removed',
    cell: (person) => `${new Date(person.removedAt).toLocaleDateString()}${person.banned ? ' · Banned' : ''}`,
  },
  { header: 'Actions', cell: (person) => <AllowBack person={person} /> },
];

export function RemovedMembers({ clubId }: { clubId: string }) {
  const removed = useRemoved(clubId);
  if (removed.isPending) return <LoadingScreen />;
  if (removed.isError && !removed.data) {
    return <LoadFailed what="removed people" error={removed.error} onRetry={() => void removed.refetch()} />;
  }
  const people = removed.data.pages.flatMap((page) => page.items);
  if (people.length === 0) return <Text>{T.empty}</Text>;
  return (
    <Flex direction="column" gap="medium">
      <DataTable
        caption={T.caption}
        columns={COLUMNS}
        rows={people}
        rowKey={(person) => person.userId}
        rowTestId="removed-row"
      />
      <ShowMore list={removed} label={T.loadMore} />
    </Flex>
  );
}
