/**
 * Edit club: the owner's name, description, category, logo and cover. The club item and
 * its directory and search entries change in one transaction (updateClub), so the directory finds
 * the new name at once and never the old one. Logos and covers go from the browser straight to the
 * club's public folder by a presigned POST; before the club names one, the API checks that it is a
 * file uploaded for this club of that kind and that what is stored is an image within the limit.
 */
import type {
  Club,
  ClubImageKind,
  ClubImageUploadInput,
  PresignedUpload,
  UpdateClubInput,
} from '@clubs/shared';
import { refreshAdminEntry } from '../data/repositories/admin-clubs.ts';
import { updateClub } from '../data/repositories/clubs.ts';
import { notFound } from '../errors.ts';
import { mediaKeyOf } from '../media/uploads.ts';
import { requireClubInService, UPLOADS_NOT_ACTIVE_MESSAGE } from './club-in-service.ts';
import { removeClubMedia, settleClubUploads } from './club-storage.ts';
import { requireUploadedImage, signImageUpload } from './image-uploads.ts';

/** The public folder of a club's logos or covers (served at /media/clubs/...). */
export const clubImagePrefixOf = (clubId: string, kind: ClubImageKind): string => `clubs/${clubId}/${kind}`;

const IMAGE_FIELDS = { logo: 'logoUrl', cover: 'coverImageUrl' } as const satisfies Record<
  ClubImageKind,
  keyof Club
>;

/** Signs an upload of one logo or cover into the club's own folder. */
export async function createClubImageUpload(
  club: Club,
  uploaderId: string,
  input: ClubImageUploadInput,
): Promise<PresignedUpload> {
  requireClubInService(club, UPLOADS_NOT_ACTIVE_MESSAGE);
  return signImageUpload(clubImagePrefixOf(club.id, input.kind), input, { clubId: club.id, uploaderId });
}

/** Saves the owner's changes (the route's declaration checked ownership); replaced images are removed. */
export async function editClub(club: Club, input: UpdateClubInput): Promise<Club> {
  const kinds = Object.keys(IMAGE_FIELDS) as ClubImageKind[];
  const changedImages = kinds.filter((kind) => {
    const next = input[IMAGE_FIELDS[kind]];
    return next !== undefined && next !== club[IMAGE_FIELDS[kind]];
  });
  await Promise.all(
    changedImages.map((kind) => {
      const next = input[IMAGE_FIELDS[kind]];
      return next
        ? requireUploadedImage(next, clubImagePrefixOf(club.id, kind), {
            path: `body.${IMAGE_FIELDS[kind]}`,
            what: kind,
            uploadFirst: `Upload the ${kind} first`,
          })
        : undefined;
    }),
  );
  await settleClubUploads(
    club.id,
    changedImages.flatMap((kind) => mediaKeyOf(input[IMAGE_FIELDS[kind]]) ?? []),
  );
  const updated = await updateClub(club.id, {
    name: input.name,
    description: input.description,
    category: input.category,
    logoUrl: input.logoUrl,
    coverImageUrl: input.coverImageUrl,
  });
  if (!updated) throw notFound('Club not found');
  if (updated.name !== club.name) await refreshAdminEntry(updated, null);
  // Only files of this club's own folders are removed (seeded or older images may live elsewhere).
  for (const kind of changedImages) {
    const oldKey = mediaKeyOf(club[IMAGE_FIELDS[kind]]);
    if (oldKey?.startsWith(`${clubImagePrefixOf(club.id, kind)}/`)) await removeClubMedia(club.id, oldKey);
  }
  return updated;
}
