/**
 * The edit-club page's texts: the club name is required, and a failed save shows the server's
 * message, else the fallback.
 */
export const EDIT_CLUB_TEXTS = {
  title: 'Edit Club',
  general: 'General',
  appearance: 'Appearance',
  updated: 'Club updated',
  updateFailed: 'Update failed',
  updateFailedFallback: 'An error occurred while updating the club.',
  nameRequired: 'Club name is required',
  save: 'Save Changes',
} as const;
