/**
 * A club owner's switch for chat between the club's members: off, the club no longer counts as a
 * shared club for starting a conversation (services/chat.ts), and those already started go on.
 */
import type { Club, ClubChatSettings } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { updateExistingItem } from '../data/update-item.ts';
import { notFound } from '../errors.ts';

export async function saveClubChatSettings(club: Club, input: ClubChatSettings): Promise<ClubChatSettings> {
  const saved = await updateExistingItem(keys.club(club.id), input, () => true);
  if (!saved) throw notFound('Club not found');
  return input;
}
