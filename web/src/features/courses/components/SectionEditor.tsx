/**
 * A section's edit mode, loaded only when someone edits (its own chunk, with TipTap): the title,
 * the 'HTML Editor' tab (a rich-text editor writing HTML, with a source view for people who
 * write HTML), the 'Media Upload' tab (an image or video that replaces the section's content) and
 * Save Changes. The API sanitizes what is saved; the editor's HTML is never trusted.
 */
import { Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { courseMediaUploadInputSchema, SECTION_TITLE_EMPTY, type Section } from '@clubs/shared';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { uploadWithProgress } from '../../../api/upload.ts';
import { ChoiceField } from '../../../components/form/ChoiceField.tsx';
import { toastFailure, toastRefusal, useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { purifiedHtml } from './SectionView.tsx';

const MEDIA_KINDS = { image: 'Image', video: 'Video' } as const;

export interface SectionEditorProps {
  clubId: string;
  courseId: string;
  section: Section;
  onSaved(section: Section): void;
  onCancel(): void;
  onDirtyChange(dirty: boolean): void;
}

export default function SectionEditor({
  clubId,
  courseId,
  section,
  onSaved,
  onCancel,
  onDirtyChange,
}: SectionEditorProps) {
  const { toast } = useToast();
  const [title, setTitle] = useState(section.title);
  const [html, setHtml] = useState(section.htmlContent);
  const [tab, setTab] = useState<'html' | 'media'>('html');
  // TipTap keeps no <video>: a section with one is edited as source.
  const [source, setSource] = useState(/<video\b/.test(section.htmlContent));
  const [kind, setKind] = useState<keyof typeof MEDIA_KINDS>('image');
  const [file, setFile] = useState<File | null>(null);

  const editor = useEditor({
    extensions: [StarterKit, Image],
    content: purifiedHtml(section.htmlContent),
    onUpdate: ({ editor: changed }) => setHtml(changed.getHTML()),
  });
  useEffect(() => {
    onDirtyChange(title !== section.title || html !== section.htmlContent);
  }, [title, html, section, onDirtyChange]);
  const showSource = (on: boolean) => {
    if (!on) editor?.commands.setContent(purifiedHtml(html));
    setSource(on);
  };

  const save = useForm({
    check: () =>
      title.trim()
        ? null
        : toastRefusal(toast, { title: 'Validation Error', description: SECTION_TITLE_EMPTY }),
    send: () =>
      api('updateSection', {
        params: { clubId, courseId, sectionId: section.id },
        body: { title, htmlContent: html },
      }),
    onSuccess: (saved) => {
      toast({ title: 'Success', description: 'Content updated successfully', variant: 'success' });
      onSaved(saved);
    },
    failure: toastFailure(toast, 'Update Failed', 'Please try again.'),
    label: 'Saving the section',
  });

  /** Why the chosen file cannot go in the section (the upload policy, then the media type), or null. */
  const fileProblem = (): string | null => {
    if (!file) return 'Missing file or course information';
    const checked = courseMediaUploadInputSchema.safeParse({ contentType: file.type, size: file.size });
    if (!checked.success) return checked.error.issues[0]?.message ?? 'This file cannot be uploaded';
    return file.type.startsWith(`${kind}/`) ? null : `Selected file is not a ${kind}`;
  };
  // The file goes to the media bucket; the section's content becomes the element that shows it.
  const sendMedia = useForm({
    check: () => {
      const refused = fileProblem();
      return refused ? toastRefusal(toast, { title: 'Upload Failed', description: refused }) : null;
    },
    send: async () => {
      const chosen = file as File;
      const chosenKind = kind;
      const body = courseMediaUploadInputSchema.parse({ contentType: chosen.type, size: chosen.size });
      const signed = await api('createCourseMediaUpload', { params: { clubId, courseId }, body });
      await uploadWithProgress(signed, chosen, () => undefined);
      const src = signed.previewUrl.replace(/&/g, '&amp;');
      const media =
        chosenKind === 'video'
          ? `<video src="${src}" controls="controls"></video>`
          : `<img src="${src}" alt="" />`;
      return { media, chosenKind };
    },
    onSuccess: ({ media, chosenKind }) => {
      setHtml(media);
      editor?.commands.setContent(media);
      if (chosenKind === 'video') setSource(true);
      toast({ title: 'Upload Success', description: 'File uploaded successfully', variant: 'success' });
    },
    failure: (error) => {
      const reason = messageOf(error, 'An error occurred during upload');
      toast({ title: 'Upload Failed', description: `Failed to upload: ${reason}`, variant: 'error' });
      return null;
    },
    label: 'Section media upload',
  });

  return (
    <Flex direction="column" gap="small" className="course-editor">
      <TextField label="Section Title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <Flex role="tablist" gap="xs">
        <Button role="tab" size="small" aria-selected={tab === 'html'} onClick={() => setTab('html')}>
          HTML Editor
        </Button>
        <Button role="tab" size="small" aria-selected={tab === 'media'} onClick={() => setTab('media')}>
          Media Upload
        </Button>
      </Flex>
      {tab === 'html' && (
        <div role="tabpanel" aria-label="HTML Editor">
          <Button size="small" variation="link" onClick={() => showSource(!source)}>
            {source ? 'Rich text' : 'HTML source'}
          </Button>
          {source ? (
            <TextAreaField
              label="HTML source"
              rows={14}
              value={html}
              onChange={(event) => setHtml(event.target.value)}
            />
          ) : (
            <EditorContent editor={editor} aria-label="Section content" />
          )}
        </div>
      )}
      {tab === 'media' && (
        <div role="tabpanel" aria-label="Media Upload">
          <ChoiceField
            legend="Media type"
            name="media-kind"
            value={kind}
            options={MEDIA_KINDS}
            onChange={setKind}
          />
          <label>
            Choose a file{' '}
            <input
              type="file"
              accept="image/*,video/*"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
          <p>Supported formats: JPG, PNG, GIF, MP4, WebM</p>
          <p role="note">Uploading new media replaces the existing content of this section.</p>
          <Button size="small" isLoading={sendMedia.busy} onClick={() => sendMedia.submit()}>
            Upload
          </Button>
        </div>
      )}
      <Flex gap="small">
        <Button variation="primary" isLoading={save.busy} onClick={() => save.submit()}>
          Save Changes
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Flex>
    </Flex>
  );
}
