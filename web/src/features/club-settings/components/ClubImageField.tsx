/**
 * One club image of Edit club's Appearance tab (logo or cover): the preview, Upload or Replace
 * (the file goes straight to the bucket through a presigned POST for the club's folder of that
 * kind, with progress) and Remove. The club keeps the new image only when the form is saved.
 */
import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import {
  AVATAR_TYPE_MESSAGE,
  CLUB_IMAGE_UPLOAD,
  type ClubImageKind,
  type ClubImageUploadInput,
  clubImageUploadInputSchema,
} from '@clubs/shared';
import { type ChangeEvent, useRef, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useAction } from '../../../api/mutations.ts';
import { uploadWithProgress } from '../../../api/upload.ts';
import { useToast } from '../../../components/Toaster.tsx';

export const IMAGE_TEXTS = {
  uploaded: 'Upload Success',
  uploadFailed: 'Upload Failed',
  keepHint: 'Save Changes to keep it.',
} as const;

/** The browser's check is the API's schema: an image type, then a size from 1 byte to 10 MB. */
export function clubImageProblem(kind: ClubImageKind, file: Pick<File, 'type' | 'size'>): string | null {
  const checked = clubImageUploadInputSchema.safeParse({ kind, contentType: file.type, size: file.size });
  return checked.success ? null : (checked.error.issues[0]?.message ?? AVATAR_TYPE_MESSAGE);
}

interface ClubImageFieldProps {
  clubId: string;
  kind: ClubImageKind;
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  onBusyChange: (busy: boolean) => void;
}

export function ClubImageField({ clubId, kind, label, value, onChange, onBusyChange }: ClubImageFieldProps) {
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useAction({
    mutationFn: async (file: File) => {
      onBusyChange(true);
      setProgress(0);
      const body = { kind, contentType: file.type as ClubImageUploadInput['contentType'], size: file.size };
      const signed = await api('createClubImageUpload', { params: { clubId }, body });
      await uploadWithProgress(signed, file, setProgress);
      return signed.mediaUrl;
    },
    onSuccess: (mediaUrl) => {
      onChange(mediaUrl);
      toast({ title: IMAGE_TEXTS.uploaded, description: IMAGE_TEXTS.keepHint, variant: 'success' });
    },
    onError: (error) => {
      console.error(`${label} upload failed`, error);
      toast({ title: IMAGE_TEXTS.uploadFailed, description: messageOf(error, ''), variant: 'error' });
    },
    onSettled: () => {
      setProgress(null);
      onBusyChange(false);
    },
  });

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = clubImageProblem(kind, file);
    if (problem) toast({ title: IMAGE_TEXTS.uploadFailed, description: problem, variant: 'error' });
    else upload.run(file);
  }

  const uploading = progress !== null;
  return (
    <Flex direction="column" gap="small" aria-label={label} role="group">
      <Text fontWeight="bold">{label}</Text>
      {value ? (
        <img
          src={value}
          alt={`${label} preview`}
          className={
            kind === 'logo' ? 'clubs-image-preview clubs-image-preview--logo' : 'clubs-image-preview'
          }
        />
      ) : (
        <Text color="font.secondary">No {label.toLowerCase()} yet</Text>
      )}
      {uploading ? (
        <Flex alignItems="center" gap="small" role="status">
          <Loader variation="linear" percentage={Math.round(progress * 100)} isDeterminate />
          <Text>Uploading... {Math.round(progress * 100)}%</Text>
        </Flex>
      ) : null}
      <Flex gap="small">
        <Button type="button" onClick={() => input.current?.click()} isDisabled={uploading}>
          {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </Button>
        {value ? (
          <Button type="button" variation="link" onClick={() => onChange(null)} isDisabled={uploading}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Flex>
      <input
        ref={input}
        type="file"
        accept={CLUB_IMAGE_UPLOAD.contentTypes.join(',')}
        hidden
        aria-label={`${label} file`}
        onChange={onFile}
      />
    </Flex>
  );
}
