/**
 * The members page: listing and searching a club's members, approving, removing and
 * promoting them, and a member leaving. The access check has refused anyone
 * the route's declaration does not allow and hands over the club and the caller's membership.
 */
import { memberRoutes, moderationRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { exportMembers } from '../services/member-export.ts';
import {
  approveMember,
  changeMemberRole,
  leaveClub,
  liftMemberRemoval,
  listMembers,
  listRemovedPeople,
  memberOf,
  pendingMembers,
  removeMember,
  seesMemberDetails,
} from '../services/members.ts';
import {
  clubAudit,
  countReports,
  decideReport,
  listReports,
  moderationSettingsOf,
  saveModerationSettings,
} from '../services/moderation/queue.ts';

const routes = { ...memberRoutes, ...moderationRoutes };

export const handler = defineGroup('members', routes, {
  listClubMembers: async ({ input, auth, club, viewer }) => {
    return listMembers(club, seesMemberDetails(viewer, auth.isSuperAdmin), input.query);
  },
  // A key acts as the club, so it reads what the club's owner reads.
  listClubMembersWithKey: async ({ input, club }) => listMembers(club, true, input.query),
  getClubMemberWithKey: async ({ input, club }) => memberOf(club, input.params.userId),
  countPendingMembers: async ({ club }) => pendingMembers(club),
  exportMembers: async ({ input, club }) => exportMembers(club, input.query),
  approveClubMember: async ({ input, club, auth }) => approveMember(club, input.params.userId, auth.userId),
  removeClubMember: async ({ input, club, viewer }) => removeMember(club, viewer, input.params.userId),
  changeClubMemberRole: async ({ input, club }) =>
    changeMemberRole(club, input.params.userId, input.body.role),
  leaveClub: async ({ input, auth }) => leaveClub(input.params.clubId, auth.userId),
  listRemovedMembers: async ({ input, club }) => listRemovedPeople(club, input.query),
  liftMemberRemoval: async ({ input, club }) => liftMemberRemoval(club, input.params.userId),
  listReports: async ({ input, club }) => listReports(club.id, input.query),
  countReports: async ({ club }) => countReports(club.id),
  decideReport: async ({ input, auth, club, viewer }) =>
    decideReport(club, auth, viewer, input.params.itemId, input.body.action),
  listClubAudit: async ({ input, club }) => clubAudit(club.id, input.query),
  getModerationSettings: async ({ club }) => moderationSettingsOf(club),
  saveModerationSettings: async ({ input, auth, club }) => saveModerationSettings(club, auth, input.body),
});
