/**
 * Club creation and what its owner reads while setting it up: these routes never call Stripe,
 * so their function stays small (the Stripe calls live in the payments group).
 */
import * as z from 'zod';
import { createClubRequestSchema, membershipCheckoutStateSchema } from '../../domain/billing.ts';
import {
  clubImageUploadInputSchema,
  clubPathSchema,
  clubSchema,
  updateClubInputSchema,
} from '../../domain/club.ts';
import { presignedUploadSchema } from '../../domain/profile.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const clubAdminRoutes = {
  createClub: {
    method: 'POST',
    path: '/api/clubs',
    group: 'club-admin',
    uses: ['table:read', 'table:write'],
    access: { kind: 'signed_in' },
    summary:
      "Creates an unpaid club and the caller's active club_owner membership in one transaction; a repeated requestId returns the same club",
    body: createClubRequestSchema,
    response: clubSchema,
    status: 201,
  },
  getOwnedClub: {
    method: 'GET',
    path: '/api/owned-clubs/{clubId}',
    group: 'club-admin',
    uses: ['table:read'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary:
      "One of the caller's own clubs in any status (the setup callback polls it); 404 for anyone else's",
    params: clubPathSchema,
    response: clubSchema,
  },
  latestActiveOwnedClub: {
    method: 'GET',
    path: '/api/owned-clubs/latest-active',
    group: 'club-admin',
    uses: ['table:read'],
    access: { kind: 'signed_in' },
    summary: "The caller's newest active club, or null",
    response: z.object({ club: clubSchema.nullable() }),
  },
  editClub: {
    method: 'PATCH',
    path: '/api/clubs/{clubId}',
    group: 'club-admin',
    uses: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary:
      'Edit club: the owner saves name, description, category, logo and cover; the directory and search entries change in the same transaction; a new image must be one uploaded for this club',
    params: clubPathSchema,
    body: updateClubInputSchema,
    response: clubSchema,
  },
  createClubImageUpload: {
    method: 'POST',
    path: '/api/clubs/{clubId}/image-upload',
    group: 'club-admin',
    uses: ['media:upload'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary:
      "Signs a short-lived presigned POST for the club's logo or cover (image types only, at most 10 MB, key under clubs/{clubId}/{kind}/)",
    params: clubPathSchema,
    body: clubImageUploadInputSchema,
    response: presignedUploadSchema,
    status: 201,
  },
  getMembershipCheckout: {
    method: 'GET',
    path: '/api/clubs/{clubId}/membership-checkout',
    group: 'club-admin',
    uses: ['table:read'],
    access: { kind: 'signed_in' },
    summary: "The caller's membership of a club as the server knows it (the membership-success page)",
    params: clubPathSchema,
    response: membershipCheckoutStateSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
