/**
 * Members (spec part 2 sections 2 and 6): the club's members by page, a search by name (and by
 * e-mail for owners and moderators, who also see e-mail addresses and pending requests), the
 * 'Owner' badge, and the Invite Members link for owners and moderators.
 */
import { Button, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import { idSchema, isClubManager } from '@clubs/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageColumn, PageHeading } from '../../components/PageColumn.tsx';
import { ShowMore } from '../../components/PagedList.tsx';
import { useClubSpace } from '../../layouts/club/clubSpace.ts';
import { MemberStatus, mayRemove, RemoveMember } from './MemberActions.tsx';
import { MembersTable } from './MembersTable.tsx';
import { LeaveClub, RoleToggle } from './RoleAndLeave.tsx';
import { MEMBERS_TEXTS as T } from './texts.ts';
import { useMembers } from './useMembers.ts';

function MembersList({ search }: { search: string }) {
  const { club, role } = useClubSpace();
  const { user } = useAuth();
  const manager = isClubManager(role);
  const members = useMembers(club.id, search);
  if (members.isPending) return <LoadingScreen />;
  if (members.isError && !members.data) {
    return <LoadFailed what="members" error={members.error} onRetry={() => void members.refetch()} />;
  }
  const items = members.data.pages.flatMap((page) => page.items);
  if (items.length === 0 && !members.hasNextPage) return <Text>{T.empty}</Text>;
  return (
    <Flex direction="column" gap="medium">
      <MembersTable
        members={items}
        status={(member) => <MemberStatus member={member} manager={manager} />}
        actions={(member) => (
          <Flex gap="xs" wrap="wrap">
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
  const { role, basePath } = useClubSpace();
  const [search, setSearch] = useState('');
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
        {manager ? (
          <Button as={Link} variation="primary" to={`${basePath}/invite`}>
            {T.invite}
          </Button>
        ) : null}
        {role && role !== 'club_owner' ? <LeaveClub clubId={clubId} /> : null}
      </PageHeading>
      <SearchField
        label={T.searchMembers}
        labelHidden
        placeholder={manager ? T.searchManaged : T.searchMembers}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onClear={() => setSearch('')}
        hasSearchButton={false}
      />
      <MembersList search={search} />
    </PageColumn>
  );
}
