import * as z from 'zod';
import { CLUB_ROLES } from '../permissions.ts';
import { idSchema, isoDateTime } from './common.ts';

export const clubRoleSchema = z.enum(CLUB_ROLES);
export const MEMBERSHIP_STATUSES = ['active', 'pending'] as const;
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** As seen from a club page: not_member also covers signed-out visitors (part 1 section 4). */
export const viewerMembershipStatusSchema = z.enum(['not_member', 'pending', 'active']);
export type ViewerMembershipStatus = z.infer<typeof viewerMembershipStatusSchema>;

export const membershipSchema = z.object({
  clubId: idSchema,
  userId: idSchema,
  role: clubRoleSchema,
  status: membershipStatusSchema,
  createdAt: isoDateTime,
});
export type Membership = z.infer<typeof membershipSchema>;

/** The members page view adds the person (part 2 section 3). */
export const memberViewSchema = membershipSchema.extend({
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isOwner: z.boolean(),
});
export type MemberView = z.infer<typeof memberViewSchema>;
