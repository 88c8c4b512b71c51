/**
 * Club creation and what its owner reads while setting it up: these routes never call Stripe,
 * so their function stays small (the Stripe calls live in the payments group).
 */
import * as z from 'zod';
import { createClubRequestSchema, membershipCheckoutStateSchema } from '../../domain/billing.ts';
import { clubChatSettingsSchema } from '../../domain/chat-controls.ts';
import { clubImageUploadInputSchema, clubSchema, updateClubInputSchema } from '../../domain/club.ts';
import { membershipQuestionsInputSchema } from '../../domain/membership-questions.ts';
import { presignedUploadSchema } from '../../domain/profile.ts';
import { GET, inClub, PATCH, POST, PUT, routesOf, SIGNED_IN } from '../route-builder.ts';

export const clubAdminRoutes = routesOf('club-admin', {
  createClub: POST('/api/clubs', {
    access: SIGNED_IN,
    summary:
      "Creates an unpaid club and the caller's active club_owner membership in one transaction; a repeated requestId returns the same club; an account already holding UNPAID_CLUBS_PER_ACCOUNT unpaid clubs is refused (409), counted in the same transaction",
    body: createClubRequestSchema,
    response: clubSchema,
    status: 201,
  }),
  getOwnedClub: GET('/api/owned-clubs/{clubId}', {
    access: inClub('owner'),
    summary:
      "One of the caller's own clubs in any status (the setup callback polls it); 404 for anyone else's",
    response: clubSchema,
  }),
  latestActiveOwnedClub: GET('/api/owned-clubs/latest-active', {
    access: SIGNED_IN,
    summary: "The caller's newest active club, or null",
    response: z.object({ club: clubSchema.nullable() }),
  }),
  editClub: PATCH('/api/clubs/{clubId}', {
    access: inClub('owner'),
    summary:
      'Edit club: the owner saves name, description, category, logo and cover; the directory and search entries change in the same transaction; a new image must be one uploaded for this club',
    body: updateClubInputSchema,
    response: clubSchema,
  }),
  createClubImageUpload: POST('/api/clubs/{clubId}/image-upload', {
    access: inClub('owner'),
    summary:
      "Signs a short-lived presigned POST for the club's logo or cover (image types only, at most 10 MB, key under clubs/{clubId}/{kind}/); counted against the club's storage quota (413 with the figures when it does not fit)",
    body: clubImageUploadInputSchema,
    response: presignedUploadSchema,
    status: 201,
  }),
  saveClubChatSettings: PUT('/api/clubs/{clubId}/chat-settings', {
    access: inClub('owner'),
    summary:
      'The owner lets members start conversations with each other through the club, or not (conversations already started stay open)',
    body: clubChatSettingsSchema,
    response: clubChatSettingsSchema,
  }),
  saveMembershipQuestions: PUT('/api/clubs/{clubId}/membership-questions', {
    access: inClub('owner'),
    summary:
      'The owner saves the questions (at most three, each optionally required) that whoever requests to join answers; answers already given keep the questions they answered',
    body: membershipQuestionsInputSchema,
    response: membershipQuestionsInputSchema,
  }),
  getMembershipCheckout: GET('/api/clubs/{clubId}/membership-checkout', {
    access: SIGNED_IN,
    summary: "The caller's membership of a club as the server knows it (the membership-success page)",
    response: membershipCheckoutStateSchema,
  }),
});
