/**
 * A post's comments: the list, oldest first and paged by cursor, and the
 * form to add one (non-blank, the shared comment rule). The post's count follows the server.
 * Someone else's comment can be reported; a hidden one is shown only to its author, marked.
 */
import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { createCommentInputSchema, HIDDEN_LABELS } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LevelBadge } from '../../../components/clubs/LevelBadge.tsx';
import { schemaCheck, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';
import { useDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { ReportDialog } from '../../../components/overlay/ReportDialog.tsx';
import { ListLoadFailed, NextPageLink } from '../../../components/PagedList.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { commentsKey, updateCachedPost, useComments } from '../api.ts';

export function Comments({
  clubId,
  postId,
  canWrite,
}: {
  clubId: string;
  postId: string;
  canWrite: boolean;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const me = useAuth().user?.sub;
  const reportDialog = useDialog();
  const [reported, setReported] = useState<string | null>(null);
  const comments = useComments(clubId, postId);

  const countBy = (step: number) =>
    updateCachedPost(queryClient, clubId, postId, (post) => ({
      ...post,
      commentCount: Math.max(0, post.commentCount + step),
    }));

  const add = useForm({
    check: () =>
      schemaCheck(
        createCommentInputSchema,
        { content: draft },
        (issue) => issue?.message ?? 'Please write a comment',
      ),
    send: () =>
      api('addComment', {
        params: { clubId, postId },
        body: createCommentInputSchema.parse({ content: draft }),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commentsKey(clubId, postId) });
      countBy(1);
      setDraft('');
      toast({ title: 'Comment added', variant: 'success' });
    },
    failure: toastFailure(
      toast,
      'Comment failed',
      'There was a problem adding your comment. Please try again.',
    ),
    label: 'Adding a comment',
  });
  const remove = useApiMutation('deleteComment', {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commentsKey(clubId, postId) });
      countBy(-1);
      toast({ title: 'Comment deleted', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not delete comment',
        description: messageOf(error, 'Please try again.'),
        variant: 'error',
      }),
  });

  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="feed-comments" aria-label="Comments">
      {comments.isPending && <p className="feed-muted">Loading comments...</p>}
      {comments.isError && <ListLoadFailed what="the comments" list={comments} className="feed-error" />}
      <ul className="feed-comments__list">
        {items.map((comment) => (
          <li key={comment.id} className="feed-comment">
            <PersonAvatar name={comment.author.name} url={comment.author.avatarUrl} size={28} decorative />
            <div className="feed-comment__body">
              <span className="feed-comment__author">{comment.author.name}</span>
              {comment.author.level !== undefined && <LevelBadge level={comment.author.level} />}
              {comment.hidden && <span className="feed-post__hidden">{HIDDEN_LABELS[comment.hidden]}</span>}
              <LinkifiedText className="feed-text" text={comment.content} />
            </div>
            {comment.author.id !== me && (
              <Button
                size="small"
                variation="link"
                onClick={() => {
                  setReported(comment.id);
                  reportDialog.open();
                }}
              >
                Report<span className="visually-hidden"> comment by {comment.author.name}</span>
              </Button>
            )}
            {comment.canDelete && (
              <Button
                size="small"
                variation="link"
                isDisabled={remove.isPending}
                onClick={() => remove.run({ params: { clubId, postId, commentId: comment.id } })}
              >
                Delete<span className="visually-hidden"> comment by {comment.author.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {reported && (
        <ReportDialog
          dialog={reportDialog}
          target={{ kind: 'comment', clubId, postId, commentId: reported }}
        />
      )}
      <NextPageLink list={comments} label="Show more comments" loadingText="Loading more comments..." />
      {canWrite && (
        <form onSubmit={add.submit} noValidate className="feed-comments__form">
          <TextAreaField
            label="Write a comment"
            labelHidden
            placeholder="Write a comment..."
            rows={2}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            hasError={add.problem !== null}
            errorMessage={add.problem?.message}
          />
          <Flex justifyContent="flex-end">
            <Button
              type="submit"
              size="small"
              variation="primary"
              isLoading={add.busy}
              loadingText="Sending..."
            >
              Comment
            </Button>
          </Flex>
        </form>
      )}
    </section>
  );
}
