import { idSchema } from '@clubs/shared';
import * as z from 'zod';

/**
 * Who wrote a post or a comment, as stored with it: the name and avatar are copied from the
 * profile when it is written (services/feed/viewer.ts, authorFields), so a list of posts or
 * comments shows its authors without reading their profiles.
 */
export const storedAuthorShape = {
  authorId: idSchema,
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
};
