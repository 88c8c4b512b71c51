/**
 * The members page's texts. Only owners and moderators may search by e-mail, hence their own
 * search hint.
 */
export const MEMBERS_TEXTS = {
  heading: 'Members',
  intro: 'Manage members of your club',
  invite: 'Invite Members',
  empty: 'No members found.',
  invalidClub: 'Invalid club ID',
  searchMembers: 'Search members...',
  searchManaged: 'Search by name or email...',
  searchAnswersManaged: 'Search the answers to your questions...',
  searchInAnswers: 'Search answers to the membership questions',
  loadMore: 'Load more',
  filters: 'Show',
  filterAll: 'All',
  filterPending: 'Pending',
  filterRemoved: 'Removed',
  noPending: 'No requests to join.',
} as const;

/**
 * The invite page's texts. A new invite link stops the old one at once; people who joined
 * through it stay members.
 */
export const INVITE_TEXTS = {
  heading: 'Invite Members',
  intro: 'Share your club link or send invitations by e-mail.',
  linkHeading: 'Invite link',
  linkLabel: 'Your club invite link',
  linkHint: 'Anyone with this link can join your club.',
  copy: 'Copy Invite Link',
  regenerate: 'Create a new link',
  regenerateDialog: {
    title: 'Create a new invite link?',
    question: 'The current link will stop working at once. People who already joined stay members.',
    confirm: 'Create new link',
  },
  regenerated: 'New invite link created',
  regenerateFailed: 'Could not create a new link',
  back: 'Back to Club',
} as const;
