/**
 * Members: the club's members by page (requests to join first for those who answer them, then
 * the owner, moderators and members, newest first), a search by name (and by e-mail for owners
 * and moderators, who also see e-mail addresses, pending requests and a Pending filter with their
 * count), the 'Owner' badge, the Invite Members link for those who may invite (the owner), and
 * for the owner a Removed view of the people kept out, each with Allow back, and Export CSV.
 */
import { Button, CheckboxField, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import {
  hasPermission,
  idSchema,
  isClubManager,
  type MemberFilter,
  type MemberSearchField,
} from '@clubs/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { MessageButton } from '../../../components/chat/MessageButton.tsx';
import { FilterButtons } from '../../../components/FilterButtons.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { PageColumn, PageHeading } from '../../../components/PageColumn.tsx';
import { ShowMore } from '../../../components/PagedList.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useStartable } from '../../chat/api.ts';
import { pendingLabel, useMembers, usePendingCount } from '../api.ts';
import { ExportMembers } from '../components/ExportMembers.tsx';
import { MemberStatus, mayRemove, RemoveMember } from '../components/MemberActions.tsx';
import { MembersTable } from '../components/MembersTable.tsx';
import { RemovedMembers } from '../components/RemovedMembers.tsx';
import { LeaveClub, RoleToggle } from '../components/RoleAndLeave.tsx';
import { MEMBERS_TEXTS as T } from '../components/texts.ts';

/** What the page lists: a members filter, or (the owner only) the people removed and kept out. */
type MembersView = MemberFilter | 'removed';

/**
 * Owners and moderators choose everyone or only the requests to join, with their count; the
 * owner also the people removed.
 */
function MemberFilters({ filter, onChange }: { filter: MembersView; onChange: (next: MembersView) => void }) {
  const { club, role } = useClubSpace();
  const waiting = pendingLabel(usePendingCount(club.id, role).data);
  const choices: [MembersView, string][] = [
    ['all', T.filterAll],
    ['pending', waiting ? `${T.filterPending} (${waiting})` : T.filterPending],
    ...(role === 'club_owner' ? [['removed', T.filterRemoved] as [MembersView, string]] : []),
  ];
  return <FilterButtons label={T.filters} value={filter} choices={choices} onChange={onChange} />;
}

function MembersList({
  search,
  filter,
  searchIn,
}: {
  search: string;
  filter: MemberFilter;
  searchIn: MemberSearchField;
}) {
  const { club, role, canWrite } = useClubSpace();
  const { user } = useAuth();
  const manager = isClubManager(role);
  const members = useMembers(club.id, search, filter, searchIn);
  const shown = members.data?.pages.flatMap((page) => page.items) ?? [];
  // "Message" shows only for whom the start would be allowed through this club.
  const startable = useStartable(
    canWrite ? [club.id] : [],
    shown.filter((member) => member.status === 'active').map((member) => member.userId),
    user?.sub,
  );
  if (members.isPending) return <LoadingScreen />;
  if (members.isError && !members.data) {
    return <LoadFailed what="members" error={members.error} onRetry={() => void members.refetch()} />;
  }
  const items = shown;
  if (items.length === 0 && !members.hasNextPage) {
    return <Text>{filter === 'pending' && !search.trim() ? T.noPending : T.empty}</Text>;
  }
  return (
    <Flex direction="column" gap="medium">
      <MembersTable
        members={items}
        status={(member) => <MemberStatus member={member} manager={manager} />}
        actions={(member) => (
          <Flex gap="xs" wrap="wrap">
            {startable.has(member.userId) ? (
              <MessageButton userId={member.userId} clubId={club.id} name={member.name} />
            ) : null}
            {role === 'club_owner' ? <RoleToggle member={member} /> : null}
            {mayRemove(role, user?.sub ?? '', member) ? <RemoveMember member={member} /> : null}
          </Flex>
        )}
      />
      <ShowMore list={members} label={T.loadMore} />
    </Flex>
  );
}

export default function MembersPage() {
  const { clubId = '' } = useParams();
  const { club, role, basePath } = useClubSpace();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<MembersView>('all');
  const [searchIn, setSearchIn] = useState<MemberSearchField>('names');
  if (!idSchema.safeParse(clubId).success) {
    return (
      <PageColumn width="56rem">
        <Heading level={1}>{T.invalidClub}</Heading>
      </PageColumn>
    );
  }
  const manager = isClubManager(role);
  return (
    <PageColumn width="56rem">
      <PageHeading title={T.heading} intro={T.intro}>
        {hasPermission(role, 'INVITE_MEMBERS') ? (
          <Button as={Link} variation="primary" to={`${basePath}/invite`}>
            {T.invite}
          </Button>
        ) : null}
        {role === 'club_owner' ? <ExportMembers clubId={clubId} clubName={club.name} /> : null}
        {role && role !== 'club_owner' ? <LeaveClub clubId={clubId} /> : null}
      </PageHeading>
      {filter === 'removed' ? null : (
        <SearchField
          label={T.searchMembers}
          labelHidden
          placeholder={
            manager ? (searchIn === 'answers' ? T.searchAnswersManaged : T.searchManaged) : T.searchMembers
          }
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onClear={() => setSearch('')}
          hasSearchButton={false}
        />
      )}
      {manager && filter !== 'removed' ? (
        // Owners and moderators may look through what people answered when they asked to join.
        <CheckboxField
          name="searchInAnswers"
          label={T.searchInAnswers}
          value="answers"
          checked={searchIn === 'answers'}
          onChange={(event) => setSearchIn(event.target.checked ? 'answers' : 'names')}
        />
      ) : null}
      {manager ? <MemberFilters filter={filter} onChange={setFilter} /> : null}
      {filter === 'removed' && role === 'club_owner' ? (
        <RemovedMembers clubId={clubId} />
      ) : (
        <MembersList
          search={search}
          filter={manager && filter !== 'removed' ? filter : 'all'}
          searchIn={manager ? searchIn : 'names'}
        />
      )}
    </PageColumn>
  );
}
