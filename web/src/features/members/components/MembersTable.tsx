/**
 * The members table: Name, Role, Status, Actions. Owners and moderators
 * see e-mail addresses under the names, and the answers to the club's membership questions (open
 * on a request to join, folded once the member is in); the actions column holds what the viewer may do to each
 * member (MemberActions).
 */
import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import type { ClubRole, MemberView } from '@clubs/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LevelBadge } from '../../../components/clubs/LevelBadge.tsx';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import './members.css';

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
        {member.answers?.length ? <MemberAnswers member={member} /> : null}
      </Flex>
    </Flex>
  );
}

export const ANSWERS_SUMMARY = 'Answers to the membership questions';

function MemberAnswers({ member }: { member: MemberView }) {
  return (
    <details className="member-answers" open={member.status === 'pending'}>
      <summary>{ANSWERS_SUMMARY}</summary>
      <dl>
        {member.answers?.map(({ question, answer }, index) => (
          // Two questions may read alike: an answer is its place in the list, which never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: stored answers are never reordered
          <div key={index}>
            <dt>{question}</dt>
            <dd>{answer}</dd>
          </div>
        ))}
      </dl>
    </details>
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
