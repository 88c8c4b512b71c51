/**
 * The post composer: collapsed until clicked; then title, content
 * and the post type (text, image or video). Image posts take several files, video posts one; each
 * file goes straight to storage with a progress bar. A text post needs a non-blank title and
 * content, a media post at least one uploaded file (the shared create-post rules). After posting
 * it resets, collapses and says 'Post created' once the feed shows the post. The owner may tick
 * "Also e-mail all members" (an announcement, once per 72 hours per club): afterwards the toast
 * says how many members it goes to; over the limit the server's 429 says when the next is allowed.
 */
import { Button, CheckboxField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { createPostInputSchema, type PostType } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { ChoiceField } from '../../../components/form/ChoiceField.tsx';
import { FormFooter } from '../../../components/form/FormFooter.tsx';
import { schemaCheck, useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { feedKey } from '../api.ts';
import { useMediaUploads } from './useMediaUploads.ts';

const POST_TYPES: Record<PostType, string> = { text: 'Text', image: 'Image', video: 'Video' };

const ACCEPT: Record<Exclude<PostType, 'text'>, string> = {
  image: 'image/jpeg,image/png,image/gif,image/webp',
  video: 'video/mp4,video/webm',
};

export function Composer({ clubId, canAnnounce = false }: { clubId: string; canAnnounce?: boolean }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [type, setType] = useState<PostType>('text');
  const [announce, setAnnounce] = useState(false);
  const media = useMediaUploads(clubId);
  const fileInputId = useId();

  const reset = () => {
    setTitle('');
    setContent('');
    setType('text');
    setAnnounce(false);
    form.clear();
    media.clear();
    setExpanded(false);
  };

  const draft = () => ({
    title,
    content,
    type,
    media: type === 'text' ? [] : media.keys,
    announce: canAnnounce && announce,
  });
  const form = useForm({
    check: () =>
      schemaCheck(createPostInputSchema, draft(), (issue) => issue?.message ?? 'Please check the post'),
    send: () => api('createPost', { params: { clubId }, body: createPostInputSchema.parse(draft()) }),
    onSuccess: async (post) => {
      await queryClient.invalidateQueries({ queryKey: feedKey(clubId) });
      reset();
      const recipients = post.announcement?.recipients;
      toast(
        recipients === undefined
          ? { title: 'Post created', variant: 'success' }
          : {
              title: 'Announcement posted',
              description: `It goes to ${recipients} member${recipients === 1 ? '' : 's'}, by e-mail to those whose settings allow it.`,
              variant: 'success',
            },
      );
    },
    failure: (error) => {
      toast({
        title: 'Post creation failed',
        description: messageOf(error, 'Could not create your post. Please try again.'),
        variant: 'error',
      });
      return null;
    },
    label: 'Saving post',
  });

  const changeType = (next: PostType) => {
    setType(next);
    media.clear();
  };

  if (!expanded) {
    return (
      <button type="button" className="feed-composer__collapsed" onClick={() => setExpanded(true)}>
        Share something with the club...
      </button>
    );
  }

  const kind = type === 'text' ? null : type;
  const busy = form.busy;
  return (
    <form className="feed-card feed-composer" aria-label="New post" onSubmit={form.submit} noValidate>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
      <TextAreaField label="Content" rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
      <ChoiceField
        legend="Post type"
        name="post-type"
        direction="row"
        value={type}
        options={POST_TYPES}
        onChange={changeType}
      />
      {kind && (
        <div className="feed-composer__files">
          <label htmlFor={fileInputId} className="amplify-label">
            {kind === 'image' ? 'Images' : 'Video'}
          </label>
          <input
            id={fileInputId}
            type="file"
            accept={ACCEPT[kind]}
            multiple={kind === 'image'}
            onChange={(e) => {
              media.add(Array.from(e.target.files ?? []), kind);
              e.target.value = '';
            }}
          />
          {media.problem && (
            <p role="alert" className="feed-error">
              {media.problem}
            </p>
          )}
          <ul className="feed-composer__uploads" aria-label="Files">
            {media.files.map((file) => (
              <li key={file.id} className="feed-composer__upload">
                {file.kind === 'image' ? (
                  <img src={file.preview} alt="" width={48} height={48} />
                ) : (
                  <span className="feed-composer__video-mark" aria-hidden="true">
                    ▶
                  </span>
                )}
                <span className="feed-composer__upload-name">{file.name}</span>
                <progress
                  max={1}
                  value={file.progress}
                  aria-label={`Uploading ${file.name}`}
                  aria-valuetext={file.key ? 'Uploaded' : `${Math.round(file.progress * 100)}%`}
                />
                <Button size="small" variation="link" onClick={() => media.remove(file.id)}>
                  Remove<span className="visually-hidden"> {file.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canAnnounce && (
        <CheckboxField
          label="Also e-mail all members (once every 72 hours)"
          name="announce"
          checked={announce}
          onChange={(e) => setAnnounce(e.target.checked)}
        />
      )}
      <FormFooter
        problem={form.problem?.message ?? null}
        busy={busy}
        onCancel={reset}
        submit="Post"
        working="Posting..."
        submitDisabled={media.uploading}
      />
    </form>
  );
}
