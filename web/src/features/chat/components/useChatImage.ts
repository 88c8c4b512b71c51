/**
 * The image a message being written carries: checked by the shared upload rule (an image of at
 * most 10 MB) before anything is signed, then signed for the conversation and sent straight to
 * storage with its progress shown. A message names the image only once it is stored.
 */
import { avatarUploadInputSchema } from '@clubs/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { uploadWithProgress } from '../../../api/upload.ts';

export interface DraftImage {
  name: string;
  /** A local preview (an object URL), revoked when the image leaves the draft. */
  preview: string;
  /** 0 to 1. */
  progress: number;
  /** The stored image's key, once uploaded. */
  key: string | null;
}

export function useChatImage(conversationId: string) {
  const [image, setImage] = useState<DraftImage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Which pick is current: a replaced or removed image's upload must not come back when it ends.
  const current = useRef(0);

  // A preview's object URL is revoked once the draft moves to another image or goes.
  const preview = image?.preview;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const clear = useCallback(() => {
    current.current += 1;
    setImage(null);
    setProblem(null);
  }, []);

  async function add(file: File) {
    setProblem(null);
    const checked = avatarUploadInputSchema.safeParse({ contentType: file.type, size: file.size });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'This file cannot be added');
      return;
    }
    const pick = ++current.current;
    const patch = (change: Partial<DraftImage>) =>
      setImage((draft) => (draft && pick === current.current ? { ...draft, ...change } : draft));
    setImage({ name: file.name, preview: URL.createObjectURL(file), progress: 0, key: null });
    try {
      const signed = await api('createChatImageUpload', { params: { conversationId }, body: checked.data });
      await uploadWithProgress(signed, file, (progress) => patch({ progress }));
      patch({ key: signed.key, progress: 1 });
    } catch (error) {
      if (pick !== current.current) return;
      setImage(null);
      setProblem(`Failed to upload: ${messageOf(error, 'An error occurred during upload')}`);
    }
  }

  return { image, problem, add, clear, uploading: image !== null && image.key === null };
}
