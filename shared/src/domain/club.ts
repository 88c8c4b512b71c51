import * as z from 'zod';
import { CATEGORIES, CLUB_IMAGE_KINDS, CLUB_IMAGE_UPLOAD, LIMITS, NEW_CLUB_DEFAULTS } from '../constants.ts';
import { idSchema, isoDateTime, mediaUrlSchema, requiredText, uploadFileShape } from './common.ts';
import { membershipQuestionSchema } from './membership-questions.ts';
import { AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE } from './profile.ts';

export const CLUB_STATUSES = ['active', 'unpaid', 'inactive', 'pending'] as const;
export const clubStatusSchema = z.enum(CLUB_STATUSES);
export type ClubStatus = z.infer<typeof clubStatusSchema>;

export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code')
  .transform((v) => v.toUpperCase());

/** Price per month in major units; 0 means free. At most two decimals. */
export const priceSchema = z
  .number()
  .min(0)
  .max(LIMITS.maxPrice)
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    'at most 2 decimals',
  );

/** A club as the API returns it. */
export const clubSchema = z.object({
  id: idSchema,
  ownerId: idSchema,
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  createdAt: isoDateTime,
  price: z.number(),
  currency: z.string(),
  trialPeriod: z.number().int(),
  category: categorySchema.nullable(),
  status: clubStatusSchema,
  memberCount: z.number().int().min(0),
  /**
   * When a super admin suspended the club (its status is then inactive): only a suspended club is
   * reactivated, so a club its owner deleted stays closed.
   */
  suspendedAt: isoDateTime.optional(),
  /** The status the club had when it was suspended, which reactivation gives back. */
  suspendedFrom: clubStatusSchema.optional(),
  /** Reports that hide an item by themselves (MODERATION.reportThreshold's default when unset). */
  reportThreshold: z.number().int().optional(),
  /** Whether a new member's first post waits for a moderator's approval. */
  holdFirstPosts: z.boolean().optional(),
  /** Whether members may start conversations with each other through the club (on when unset). */
  membersCanMessage: z.boolean().optional(),
  /** What the club asks whoever requests to join (none when unset). */
  membershipQuestions: z.array(membershipQuestionSchema).optional(),
  /**
   * The owner's e-mail-capture consent line, shown in the join dialog with a box to tick (none
   * when unset or empty); a person who ticks it has it kept among their answers.
   */
  membershipConsent: z.string().optional(),
});
export type Club = z.infer<typeof clubSchema>;

/**
 * A club as shown to anyone but its owner (directory, club page, dashboards): without the
 * owner's account id, which is nobody else's business.
 */
export const publicClubSchema = clubSchema.omit({ ownerId: true });
export type PublicClub = z.infer<typeof publicClubSchema>;

export function toPublicClub(club: Club): PublicClub {
  const { ownerId: _owner, ...shown } = club;
  return shown;
}

/** The create-club form: name and description. */
export const createClubInputSchema = z.strictObject({
  name: requiredText(LIMITS.clubName),
  description: requiredText(LIMITS.clubDescription),
});
export type CreateClubInput = z.infer<typeof createClubInputSchema>;

/**
 * Edit club: the name is required and never blank; description, images and category
 * optional (null removes an image or the category). A new logo or cover must be a file uploaded
 * for this club (the API checks what is stored).
 */
export const updateClubInputSchema = z.strictObject({
  name: requiredText(LIMITS.clubName),
  description: z.string().trim().max(LIMITS.clubDescription).optional(),
  logoUrl: mediaUrlSchema.nullable().optional(),
  coverImageUrl: mediaUrlSchema.nullable().optional(),
  category: categorySchema.nullable().optional(),
});
export type UpdateClubInput = z.infer<typeof updateClubInputSchema>;

export const clubImageKindSchema = z.enum(CLUB_IMAGE_KINDS);
export type ClubImageKind = z.infer<typeof clubImageKindSchema>;

/** What the browser says about a logo or cover it wants to upload; checked before anything is signed. */
export const clubImageUploadInputSchema = z.strictObject({
  kind: clubImageKindSchema,
  ...uploadFileShape(CLUB_IMAGE_UPLOAD, { type: AVATAR_TYPE_MESSAGE, size: AVATAR_SIZE_MESSAGE }),
});
export type ClubImageUploadInput = z.infer<typeof clubImageUploadInputSchema>;

/** The membership pricing draft. */
export const membershipPricingSchema = z.strictObject({
  model: z.enum(['free', 'paid']),
  monthlyPrice: priceSchema,
  freeTrial: z.boolean(),
  currency: currencySchema.default(NEW_CLUB_DEFAULTS.currency),
});
export type MembershipPricing = z.infer<typeof membershipPricingSchema>;
