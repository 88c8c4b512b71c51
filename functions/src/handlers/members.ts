/**
 * The members page: listing and searching a club's members, approving, removing and
 * promoting them, and a member leaving. The access check has refused anyone
 * the route's declaration does not allow and hands over the club and the caller's membership.
 */
import { memberRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import {
  approveMember,
  changeMemberRole,
  leaveClub,
  liftMemberRemoval,
  listMembers,
  listRemovedPeople,
  pendingMembers,
  removeMember,
  seesMemberDetails,
} from '../services/members.ts';

export const handler = defineGroup('members', memberRoutes, {
  listClubMembers: async ({ input, auth, club, viewer }) => {
    return listMembers(club, seesMemberDetails(viewer, auth.isSuperAdmin), input.query);
  },
  countPendingMembers: async ({ club }) => pendingMembers(club),
  approveClubMember: async ({ input, club, auth }) => approveMember(club, input.params.userId, auth.userId),
  removeClubMember: async ({ input, club, viewer }) => removeMember(club, viewer, input.params.userId),
  changeClubMemberRole: async ({ input, club }) =>
    changeMemberRole(club, input.params.userId, input.body.role),
  leaveClub: async ({ input, auth }) => leaveClub(input.params.clubId, auth.userId),
  listRemovedMembers: async ({ input, club }) => listRemovedPeople(club, input.query),
  liftMemberRemoval: async ({ input, club }) => liftMemberRemoval(club, input.params.userId),
});
