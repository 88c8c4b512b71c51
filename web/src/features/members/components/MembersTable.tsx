/**
 * The members table: Name, Role, Status, Actions. Owners and moderators
 * see e-mail addresses under the names; the actions column holds what the viewer may do to each
 * member (MemberActions).
 */
import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import type { ClubRole, MemberView } from '@clubs/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LevelBadge } from '../../../components/clubs/LevelBadge.tsx';
import { type Column, DataTable } from '../../../components/DataTable.tsx';

export const ROLE_LABELS: Record<ClubRole, string> = {
  club_owner: 'Owner',
  club_moderator: 'Moderator',
  club_member: 'Member',
};

function MemberName({ member }: { member: MemberView }) {
  return (
    <Flex alignItems="center" gap="small">
      <PersonAvatar name={member.name} url={member.avatarUrl} size={32} decorative />
      <Flex direction="column" gap="0">
        <Flex alignItems="center" gap="xs" wrap="wrap">
          <Link to={`/members/${member.userId}`}>{member.name}</Link>
          {member.isOwner ? <Badge variation="info">Owner</Badge> : null}
          {member.level !== undefined && <LevelBadge level={member.level} />}
        </Flex>
        {member.email ? (
          <Text fontSize="small" color="font.secondary">
            {member.email}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
}

export function MembersTable({
  members,
  status,
  actions,
}: {
  members: MemberView[];
  /** The status cell (a manager's approve control on a pending member). */
  status: (member: MemberView) => ReactNode;
  actions: (member: MemberView) => ReactNode;
}) {
  const columns: Column<MemberView>[] = [
    { header: 'Name', cell: (member) => <MemberName member={member} /> },
    { header: 'Role', cell: (member) => ROLE_LABELS[member.role] },
    { header: 'Status', cell: status },
    { header: 'Actions', cell: actions },
  ];
  return (
    <DataTable
      caption="Club members"
      columns={columns}
      rows={members}
      rowKey={(member) => member.userId}
      rowTestId="member-row"
    />
  );
}
