/**
 * A post's menu: Copy link (a link that opens this post) for everyone,
 * Report for everyone but its author, Edit for its author, Delete for its author and the club's managers, Pin / Unpin for the owner,
 * as the server's `actions` for the caller say.
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import type { Post } from '@clubs/shared';
import { Popover } from '../../../components/overlay/Popover.tsx';

/** What each item of the menu does. */
export interface PostMenuActions {
  copyLink(): void;
  edit(): void;
  remove(): void;
  togglePin(): void;
  report(): void;
}

export function PostMenu({ post, on }: { post: Post; on: PostMenuActions }) {
  const { canEdit, canDelete, canPin } = post.actions;
  // Each item with whether the caller may use it, in the menu's order.
  const items = [
    { label: 'Copy link', shown: true, action: on.copyLink },
    // Reporting is for someone else's post: canEdit holds exactly for its author.
    { label: 'Report', shown: !canEdit, action: on.report },
    { label: 'Edit', shown: canEdit, action: on.edit },
    { label: 'Delete', shown: canDelete, action: on.remove },
    { label: post.isPinned ? 'Unpin' : 'Pin', shown: canPin, action: on.togglePin },
  ];
  return (
    <Popover
      label="Post options"
      buttonText={
        <>
          <span aria-hidden="true">⋯</span>
          <span className="visually-hidden">Post options</span>
        </>
      }
    >
      {(close) => (
        <Flex direction="column" gap="xxs">
          {items
            .filter((item) => item.shown)
            .map(({ label, action }) => (
              <Button
                key={label}
                variation="link"
                justifyContent="flex-start"
                onClick={() => {
                  close();
                  action();
                }}
              >
                {label}
              </Button>
            ))}
        </Flex>
      )}
    </Popover>
  );
}
