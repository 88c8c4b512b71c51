import {
  avatarUploadInputSchema,
  meSchema,
  presignedUploadSchema,
  updateProfileInputSchema,
} from '../../domain/profile.ts';
import { GET, PATCH, POST, routesOf, SIGNED_IN } from '../route-builder.ts';

export const profileRoutes = routesOf('profiles', {
  getMe: GET('/api/me', {
    access: SIGNED_IN,
    summary: "The caller's profile, created on first call from the token's name and e-mail",
    response: meSchema,
  }),
  updateMe: PATCH('/api/me', {
    access: SIGNED_IN,
    summary:
      "Saves the caller's full name, bio, location and photo; a new photo must be an uploaded image under avatars/{callerId}/",
    body: updateProfileInputSchema,
    response: meSchema,
  }),
  createAvatarUpload: POST('/api/me/avatar-upload', {
    access: SIGNED_IN,
    summary:
      'Signs a short-lived presigned POST for a profile photo (image types only, at most 10 MB, key under avatars/{callerId}/)',
    body: avatarUploadInputSchema,
    response: presignedUploadSchema,
    status: 201,
  }),
});
