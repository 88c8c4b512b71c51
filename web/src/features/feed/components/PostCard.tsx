/**
 * One post of the feed: author name and avatar ("Message" beside them for an active member
 * reading someone else's post), title, content (plain text, links clickable), media, the like toggle with its count, the comments, and the menu.
 * Every change waits for the server and then shows what it answered.
 */
import { Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { HIDDEN_LABELS, HIDDEN_POST_REFUSAL, type Post, updatePostInputSchema } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { MessageButton } from '../../../components/chat/MessageButton.tsx';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LevelBadge } from '../../../components/clubs/LevelBadge.tsx';
import { problem, schemaCheck, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';
import { ConfirmDialog, type ConfirmTexts, useDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { ReportDialog } from '../../../components/overlay/ReportDialog.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { feedKey, removeCachedPost, updateCachedPost, updateTrendingLikes } from '../api.ts';
import { Comments } from './Comments.tsx';
import { PostMedia } from './PostMedia.tsx';
import { PostMenu } from './PostMenu.tsx';

const REQUEST_ERROR = 'There was an error processing your request.';
const DELETE_POST: ConfirmTexts = {
  title: 'Delete post',
  question: 'Are you sure you want to delete this post? This action cannot be undone.',
  confirm: 'Delete',
  working: 'Deleting...',
};
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function postLink(basePath: string, postId: string): string {
  return `${window.location.origin}${basePath}?post=${encodeURIComponent(postId)}`;
}

function EditForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const draft = () => ({ title, content });
  const save = useForm({
    check: () => {
      const refused = schemaCheck(updatePostInputSchema, draft(), (issue) => issue?.message ?? '');
      if (refused) return refused;
      const input = updatePostInputSchema.parse(draft());
      return post.type === 'text' && (!input.title || !input.content)
        ? problem('A text post needs a title and content')
        : null;
    },
    send: () =>
      api('updatePost', {
        params: { clubId: post.clubId, postId: post.id },
        body: updatePostInputSchema.parse(draft()),
      }),
    onSuccess: (saved) => {
      updateCachedPost(queryClient, post.clubId, post.id, () => saved);
      toast({ title: 'Post updated', variant: 'success' });
      onDone();
    },
    failure: toastFailure(toast, 'Error saving post', REQUEST_ERROR),
    label: 'Saving a post',
  });
  return (
    <form onSubmit={save.submit} noValidate aria-label="Edit post" className="feed-edit">
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField label="Content" rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
      {save.problem && (
        <p role="alert" className="feed-error">
          {save.problem.message}
        </p>
      )}
      <Flex gap="small" justifyContent="flex-end">
        <Button onClick={onDone} isDisabled={save.busy}>
          Cancel
        </Button>
        <Button type="submit" variation="primary" isLoading={save.busy} loadingText="Saving...">
          Save
        </Button>
      </Flex>
    </form>
  );
}

export function PostCard({
  post,
  basePath,
  canWrite,
  canMessage,
}: {
  post: Post;
  basePath: string;
  canWrite: boolean;
  /** The viewer may start a conversation with the author through this club (useStartable). */
  canMessage: boolean;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const deleteDialog = useDialog();
  const reportDialog = useDialog();
  const [showComments, setShowComments] = useState(false);
  const titleId = useId();
  const viewerId = useAuth().user?.sub;
  const params = { clubId: post.clubId, postId: post.id };

  const likeDone = {
    onSuccess: (result: { liked: boolean; likeCount: number }) => {
      updateCachedPost(queryClient, post.clubId, post.id, (p) => ({
        ...p,
        likedByMe: result.liked,
        likeCount: result.likeCount,
      }));
      updateTrendingLikes(queryClient, post.clubId, post.id, result.likeCount);
    },
  };
  const like = useApiMutation('likePost', {
    ...likeDone,
    onError: () => toast({ title: 'Could not like post', description: REQUEST_ERROR, variant: 'error' }),
  });
  const unlike = useApiMutation('unlikePost', {
    ...likeDone,
    onError: () => toast({ title: 'Could not unlike post', description: REQUEST_ERROR, variant: 'error' }),
  });
  const pinDone = (title: string) => async () => {
    // Pinning moves posts (and unpins another): the feed is read again before it says so.
    await queryClient.invalidateQueries({ queryKey: feedKey(post.clubId) });
    toast({ title, variant: 'success' });
  };
  const pinFailed = () => toast({ title: 'Could not update pin status', variant: 'error' });
  const pin = useApiMutation('pinPost', { onSuccess: pinDone('Post pinned'), onError: pinFailed });
  const unpin = useApiMutation('unpinPost', { onSuccess: pinDone('Post unpinned'), onError: pinFailed });
  const remove = useApiMutation('deletePost', {
    onSuccess: async () => {
      removeCachedPost(queryClient, post.clubId, post.id);
      deleteDialog.close();
      await queryClient.invalidateQueries({ queryKey: feedKey(post.clubId) });
      toast({ title: 'Post deleted', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not delete post',
        description: messageOf(error, REQUEST_ERROR),
        variant: 'error',
      }),
  });

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(postLink(basePath, post.id));
      toast({ title: 'Link copied!', variant: 'success' });
    } catch {
      toast({ title: 'Failed to copy', description: 'Please try again.', variant: 'error' });
    }
  };

  const liking = like.isPending || unlike.isPending;
  // A hidden post (its author alone sees it) takes no likes or comments until it is restored; a
  // like given before can still be taken back.
  const open = canWrite && !post.hidden;
  return (
    <article className="feed-card feed-post" aria-labelledby={titleId} data-post-id={post.id}>
      <header className="feed-post__header">
        <Link to={`/members/${post.author.id}`} className="feed-post__author">
          <PersonAvatar name={post.author.name} url={post.author.avatarUrl} size={40} decorative />
          <span>{post.author.name}</span>
        </Link>
        {post.author.level !== undefined && <LevelBadge level={post.author.level} />}
        {post.viaApi && (
          <span className="feed-post__via" title="Posted by the club's API key">
            via API
          </span>
        )}
        {canWrite && canMessage && post.author.id !== viewerId && (
          <MessageButton
            userId={post.author.id}
            clubId={post.clubId}
            name={post.author.name}
            variation="link"
          />
        )}
        <time className="feed-muted" dateTime={post.createdAt}>
          {dateFormat.format(new Date(post.createdAt))}
        </time>
        {post.isPinned && <span className="feed-post__pinned">Pinned</span>}
        {post.hidden && <span className="feed-post__hidden">{HIDDEN_LABELS[post.hidden]}</span>}
        <span className="feed-post__menu">
          <PostMenu
            post={post}
            on={{
              copyLink: () => void copyLink(),
              edit: () => setEditing(true),
              remove: deleteDialog.open,
              togglePin: () => (post.isPinned ? unpin.run({ params }) : pin.run({ params })),
              report: reportDialog.open,
            }}
          />
        </span>
      </header>
      {editing ? (
        <EditForm post={post} onDone={() => setEditing(false)} />
      ) : (
        <>
          <h3 id={titleId} className="feed-post__title">
            {post.title || `Post by ${post.author.name}`}
          </h3>
          {post.content && <LinkifiedText className="feed-text" text={post.content} />}
        </>
      )}
      <PostMedia title={post.title} media={post.media} type={post.type} />
      <footer className="feed-post__actions">
        <Button
          size="small"
          variation={post.likedByMe ? 'primary' : undefined}
          aria-pressed={post.likedByMe}
          isDisabled={liking || !(open || (canWrite && post.likedByMe))}
          onClick={() => (post.likedByMe ? unlike.run({ params }) : like.run({ params }))}
        >
          {post.likedByMe ? 'Liked' : 'Like'}
        </Button>
        <span className="feed-muted" data-testid="like-count">
          {plural(post.likeCount, 'like', 'likes')}
        </span>
        <Button
          size="small"
          variation="link"
          aria-expanded={showComments}
          onClick={() => setShowComments(!showComments)}
        >
          {plural(post.commentCount, 'comment', 'comments')}
        </Button>
      </footer>
      {post.hidden && canWrite && <p className="feed-muted">{HIDDEN_POST_REFUSAL}</p>}
      {showComments && <Comments clubId={post.clubId} postId={post.id} canWrite={open} />}
      <ConfirmDialog dialog={deleteDialog} texts={DELETE_POST} request={remove} input={{ params }} />
      <ReportDialog dialog={reportDialog} target={{ kind: 'post', ...params }} />
    </article>
  );
}
