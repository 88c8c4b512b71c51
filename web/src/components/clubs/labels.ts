/**
 * The directory's tabs in words, the club categories among them: the directory's tabs and the
 * owner's category field say a category the same way.
 */
import type { DirectoryTab } from '@clubs/shared';

export const TAB_LABELS: Record<DirectoryTab, string> = {
  all: 'All Clubs',
  free: 'Free',
  premium: 'Premium',
  wellness: 'Wellness',
  sports: 'Sports',
  business: 'Business',
  arts: 'Arts',
  lifestyle: 'Lifestyle',
};
