import {
  avatarUploadInputSchema,
  meSchema,
  presignedUploadSchema,
  updateProfileInputSchema,
} from '../../domain/profile.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const profileRoutes = {
  getMe: {
    method: 'GET',
    path: '/api/me',
    group: 'profiles',
    uses: ['table:read', 'table:write'],
    access: { kind: 'signed_in' },
    summary: "The caller's profile, created on first call from the token's name and e-mail",
    response: meSchema,
  },
  updateMe: {
    method: 'PATCH',
    path: '/api/me',
    group: 'profiles',
    uses: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
    access: { kind: 'signed_in' },
    summary:
      "Saves the caller's full name, bio, location and photo; a new photo must be an uploaded image under avatars/{callerId}/",
    body: updateProfileInputSchema,
    response: meSchema,
  },
  createAvatarUpload: {
    method: 'POST',
    path: '/api/me/avatar-upload',
    group: 'profiles',
    uses: ['media:upload'],
    access: { kind: 'signed_in' },
    summary:
      'Signs a short-lived presigned POST for a profile photo (image types only, at most 10 MB, key under avatars/{callerId}/)',
    body: avatarUploadInputSchema,
    response: presignedUploadSchema,
    status: 201,
  },
} as const satisfies Record<string, RouteDefinition>;
