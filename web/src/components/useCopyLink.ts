/** Copying a link to the clipboard with the spec's toasts ('Link copied!' / 'Failed to copy'). */
import { useCallback } from 'react';
import { useToast } from './Toaster.tsx';

export const COPY_TEXTS = {
  copied: 'Link copied!',
  failed: 'Failed to copy',
  retry: 'Please try again.',
} as const;

export function useCopyLink() {
  const { toast } = useToast();
  return useCallback(
    async (link: string) => {
      try {
        await navigator.clipboard.writeText(link);
        toast({ title: COPY_TEXTS.copied, variant: 'success' });
      } catch {
        toast({ title: COPY_TEXTS.failed, description: COPY_TEXTS.retry, variant: 'error' });
      }
    },
    [toast],
  );
}

/** The club's invite link as its owner shares it: the site's origin and the club's token. */
export const inviteUrlOf = (clubId: string, token: string) =>
  `${window.location.origin}/invite/${clubId}/${token}`;
