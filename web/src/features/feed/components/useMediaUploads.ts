/**
 * The composer's files: each is checked by the shared upload rules (type, 10 MB, matching the
 * post type) before anything is signed, then signed by the API and sent straight to storage
 * with its progress shown. A failed upload says 'Failed to upload: {message}' and leaves the
 * rest of the draft as it was.
 */
import { type PostMediaKind, type PostMediaUploadInput, postMediaUploadInputSchema } from '@clubs/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { uploadWithProgress } from '../../../api/upload.ts';
import { useToast } from '../../../components/Toaster.tsx';

export interface DraftFile {
  id: number;
  name: string;
  kind: PostMediaKind;
  /** A local preview of the file (an object URL), revoked when the file leaves the draft. */
  preview: string;
  /** 0 to 1. */
  progress: number;
  /** The stored file's key, once uploaded. */
  key: string | null;
}

/**
 * The file as the signing route takes it, or the first rule it breaks in the spec's order (type,
 * size, post type).
 */
export function checkFile(
  file: File,
  postType: PostMediaKind,
): { input: PostMediaUploadInput; problem?: undefined } | { problem: string } {
  const result = postMediaUploadInputSchema.safeParse({ postType, contentType: file.type, size: file.size });
  if (result.success) return { input: result.data };
  return { problem: result.error.issues[0]?.message ?? 'This file cannot be uploaded' };
}

export function useMediaUploads(clubId: string) {
  const { toast } = useToast();
  const [files, setFiles] = useState<DraftFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextId = useRef(1);
  const previews = useRef(new Set<string>());

  const forget = useCallback((preview: string) => {
    URL.revokeObjectURL(preview);
    previews.current.delete(preview);
  }, []);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (id: number, change: Partial<DraftFile>) =>
    setFiles((current) => current.map((f) => (f.id === id ? { ...f, ...change } : f)));

  const remove = useCallback(
    (id: number) =>
      setFiles((current) => {
        const gone = current.find((f) => f.id === id);
        if (gone) forget(gone.preview);
        return current.filter((f) => f.id !== id);
      }),
    [forget],
  );

  const clear = useCallback(() => {
    setFiles((current) => {
      for (const f of current) forget(f.preview);
      return [];
    });
    setProblem(null);
  }, [forget]);

  async function uploadOne(file: File, input: PostMediaUploadInput, draft: DraftFile) {
    try {
      const signed = await api('createPostMediaUpload', { params: { clubId }, body: input });
      await uploadWithProgress(signed, file, (progress) => patch(draft.id, { progress }));
      patch(draft.id, { key: signed.key, progress: 1 });
    } catch (error) {
      console.error('Post media upload failed', error);
      remove(draft.id);
      toast({
        title: 'Upload Failed',
        description: `Failed to upload: ${messageOf(error, 'An error occurred during upload')}`,
        variant: 'error',
      });
    }
  }

  /** Video posts take one file (a new one replaces it); image posts several. */
  function add(selected: File[], kind: PostMediaKind) {
    setProblem(null);
    const checked = (kind === 'video' ? selected.slice(0, 1) : selected).map((file) => ({
      file,
      check: checkFile(file, kind),
    }));
    for (const { check } of checked) {
      if (check.problem !== undefined) {
        setProblem(check.problem);
        return;
      }
    }
    if (kind === 'video') clear();
    for (const { file, check } of checked) {
      if (check.problem !== undefined) continue;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const draft: DraftFile = {
        id: nextId.current++,
        name: file.name,
        kind,
        preview,
        progress: 0,
        key: null,
      };
      setFiles((current) => [...current, draft]);
      void uploadOne(file, check.input, draft);
    }
  }

  return {
    files,
    problem,
    add,
    remove,
    clear,
    uploading: files.some((f) => f.key === null),
    keys: files.flatMap((f) => (f.key ? [f.key] : [])),
  };
}
