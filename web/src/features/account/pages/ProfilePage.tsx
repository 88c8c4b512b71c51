/**
 * Edit Profile: the photo with 'Change Photo', Full Name, Bio, Location and Save
 * Changes, with a toast for each outcome. A photo goes straight to the media bucket with a presigned
 * POST signed by POST /api/me/avatar-upload (the API checks type and size before signing,
 * the policy repeats them), and is kept by Save Changes. Signed out: 'Please log in'.
 */

import { Button, Flex, Heading, Loader, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  AVATAR_TYPE_MESSAGE,
  AVATAR_UPLOAD,
  type AvatarUploadInput,
  avatarUploadInputSchema,
  initials,
  LIMITS,
  type Me,
  type PresignedUpload,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { meKey, useMe } from '../../../api/me.ts';
import { useAction } from '../../../api/mutations.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import {
  FILE_UPLOAD_FAILED,
  FILE_UPLOADED,
  PROFILE_LOAD_FAILED,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
} from '../../../auth/messages.ts';
import {
  bindField,
  noFieldProblems,
  OPTIONAL,
  toastFailure,
  useForm,
} from '../../../components/form/useForm.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { PleaseLogIn } from '../components/PleaseLogIn.tsx';
import '../../../components/public/public.css';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { TextLink } from '../../../components/TextLink.tsx';

/** The browser's checks are the API's schema: an image type, then a size from 1 byte to 10 MB. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  const checked = avatarUploadInputSchema.safeParse({ contentType: file.type, size: file.size });
  return checked.success ? null : (checked.error.issues[0]?.message ?? AVATAR_TYPE_MESSAGE);
}

/** Sends the file to the bucket as the presigned POST says: its fields, then the file last. */
export async function postUpload(
  upload: PresignedUpload,
  file: File,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetchImpl(upload.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`The upload was refused (HTTP ${response.status})`);
}

function Avatar({ url, name }: { url: string | null; name: string }) {
  if (url) return <img src={url} alt="You" className="clubs-avatar clubs-avatar--large" />;
  return (
    <span
      className="clubs-avatar clubs-avatar--large clubs-avatar--initials"
      role="img"
      aria-label="No profile photo yet"
    >
      {initials(name) || '?'}
    </span>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fullName, setFullName] = useState(me.fullName);
  const [bio, setBio] = useState(me.bio);
  const [location, setLocation] = useState(me.location);
  const [avatarUrl, setAvatarUrl] = useState<string | null>(me.avatarUrl);
  const upload = useAction({
    mutationFn: async (file: File) => {
      const body = { contentType: file.type as AvatarUploadInput['contentType'], size: file.size };
      const presigned = await api('createAvatarUpload', { body });
      await postUpload(presigned, file);
      return presigned.mediaUrl;
    },
    onSuccess: (mediaUrl) => {
      setAvatarUrl(mediaUrl);
      toast({
        title: FILE_UPLOADED,
        description: 'Save Changes to keep your new photo.',
        variant: 'success',
      });
    },
    onError: (error) => {
      console.error('Photo upload failed', error);
      toast({ title: FILE_UPLOAD_FAILED, description: messageOf(error, ''), variant: 'error' });
    },
  });
  const save = useForm({
    send: () => api('updateMe', { body: { fullName, bio, location, avatarUrl } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(meKey(user?.sub ?? null), saved);
      setFullName(saved.fullName);
      setBio(saved.bio);
      setLocation(saved.location);
      setAvatarUrl(saved.avatarUrl);
      toast({ title: PROFILE_UPDATED, variant: 'success' });
    },
    failure: toastFailure(toast, PROFILE_UPDATE_FAILED, ''),
    label: 'Profile update',
    // The photo's address is known once its upload is done.
    ready: !upload.isPending,
  });
  const uploading = upload.isPending;
  const saving = save.busy;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) toast({ title: problem, variant: 'error' });
    else upload.run(file);
  }

  const busy = saving || uploading;
  // Not marked required: an empty name, bio or location is the server's to judge.
  const field = bindField(noFieldProblems, saving);
  return (
    <Flex
      as="form"
      direction="column"
      gap="large"
      onSubmit={save.submit}
      noValidate
      aria-label="Edit Profile"
    >
      <Flex alignItems="center" gap="large" wrap="wrap">
        <Avatar url={avatarUrl} name={fullName || me.email} />
        <Flex direction="column" gap="xs">
          <Button
            type="button"
            onClick={() => fileInput.current?.click()}
            isDisabled={busy}
            isLoading={uploading}
            loadingText="Uploading..."
          >
            Change Photo
          </Button>
          <Text fontSize="small" color="font.secondary">
            JPG, PNG, GIF or WebP, under 10 MB.
          </Text>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_UPLOAD.contentTypes.join(',')}
            onChange={(e) => void onFile(e)}
            hidden
            data-testid="avatar-input"
          />
        </Flex>
      </Flex>
      <TextField
        label="Full Name"
        autoComplete="name"
        maxLength={LIMITS.personName}
        {...field('fullName', fullName, setFullName, OPTIONAL)}
      />
      <TextField
        label="Email"
        name="email"
        value={me.email}
        isReadOnly
        descriptiveText={
          <>
            Change it in <TextLink to="/settings">Account Settings</TextLink>.
          </>
        }
      />
      <TextAreaField
        label="Bio"
        rows={4}
        maxLength={LIMITS.bio}
        {...field('bio', bio, setBio, OPTIONAL)}
        placeholder="Tell other members a little about yourself"
      />
      <TextField
        label="Location"
        autoComplete="address-level2"
        maxLength={LIMITS.location}
        {...field('location', location, setLocation, OPTIONAL)}
      />
      <Button type="submit" variation="primary" isDisabled={busy} alignSelf="flex-start">
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </Flex>
  );
}

export default function ProfilePage() {
  const { user, loading } = useAuth();
  const { toast } = useToast();
  const me = useMe();
  const failed = me.isError;
  useEffect(() => {
    if (failed) toast({ title: PROFILE_LOAD_FAILED, variant: 'error' });
  }, [failed, toast]);

  if (loading) return <LoadingScreen />;
  if (!user) return <PleaseLogIn />;
  return (
    <PageColumn width="40rem">
      <Heading level={1}>Edit Profile</Heading>
      {me.data ? (
        // Keyed by the profile's id: a different person's data starts a fresh form.
        <ProfileForm key={me.data.id} me={me.data} />
      ) : me.isError ? (
        <Flex direction="column" gap="small" alignItems="flex-start">
          <Text role="alert">{PROFILE_LOAD_FAILED}</Text>
          <Button onClick={() => void me.refetch()}>Try again</Button>
        </Flex>
      ) : (
        <Loader ariaLabel="Loading your profile" size="large" />
      )}
    </PageColumn>
  );
}
