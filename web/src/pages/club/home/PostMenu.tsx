/**
 * A post's menu (spec part 2 section 2): Copy link (a link that opens this post) for everyone,
 * Edit for its author, Delete for its author and the club's managers, Pin / Unpin for the owner,
 * as the server's `actions` for the caller say.
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import type { Post } from '@clubs/shared';
import { Popover } from '../../../components/overlay/Popover.tsx';

export function PostMenu({
  post,
  onCopyLink,
  onEdit,
  onDelete,
  onTogglePin,
}: {
  post: Post;
  onCopyLink: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onTogglePin: () => void;
}) {
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
      {(close) => {
        const item = (label: string, action: () => void) => (
          <Button
            variation="link"
            justifyContent="flex-start"
            onClick={() => {
              close();
              action();
            }}
          >
            {label}
          </Button>
        );
        return (
          <Flex direction="column" gap="xxs">
            {item('Copy link', onCopyLink)}
            {post.actions.canEdit && item('Edit', onEdit)}
            {post.actions.canDelete && item('Delete', onDelete)}
            {post.actions.canPin && item(post.isPinned ? 'Unpin' : 'Pin', onTogglePin)}
          </Flex>
        );
      }}
    </Popover>
  );
}
