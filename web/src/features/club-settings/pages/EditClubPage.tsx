/**
 * Edit club: tabs General (name, required; description; category) and Appearance
 * (logo and cover, see ClubImageField). Owner only: the owner's club route answers 404 to anyone
 * else, who is sent to /dashboard. Saving rewrites the club and its directory entries in one
 * write; 'Club updated' shows only once the server has stored it.
 */
import { Button, Flex, Heading, SelectField, Tabs, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { CATEGORIES, type Category, type Club, LIMITS } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { TAB_LABELS } from '../../../components/clubs/labels.ts';
import { problem, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { ownedClubKey, refreshAfterClubEdit, useOwnedClub } from '../api.ts';
import { ClubImageField } from '../components/ClubImageField.tsx';
import { EDIT_CLUB_TEXTS as T } from '../components/editClubTexts.ts';

function EditClubForm({ club }: { club: Club }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState(club.name);
  const [description, setDescription] = useState(club.description);
  const [category, setCategory] = useState<Category | ''>(club.category ?? '');
  const [logoUrl, setLogoUrl] = useState(club.logoUrl);
  const [coverImageUrl, setCoverImageUrl] = useState(club.coverImageUrl);
  const [uploads, setUploads] = useState(0);
  const nameMissing = name.trim() === '';
  const save = useForm({
    check: () => (nameMissing ? problem(T.nameRequired, 'name') : null),
    send: () =>
      api('editClub', {
        params: { clubId: club.id },
        body: { name, description, category: category || null, logoUrl, coverImageUrl },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ownedClubKey(club.id), saved);
      void refreshAfterClubEdit(queryClient);
      toast({ title: T.updated, variant: 'success' });
    },
    failure: toastFailure(toast, T.updateFailed, T.updateFailedFallback),
    label: 'Club update',
    // An image still uploading has no address yet: Enter in a field waits for it as the button does.
    ready: uploads === 0,
  });
  const onBusyChange = (uploading: boolean) => setUploads((n) => n + (uploading ? 1 : -1));
  const general = (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <TextField
        label="Club Name"
        name="name"
        value={name}
        maxLength={LIMITS.clubName}
        isRequired
        hasError={save.problem !== null && nameMissing}
        errorMessage={T.nameRequired}
        onChange={(event) => setName(event.target.value)}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={5}
        value={description}
        maxLength={LIMITS.clubDescription}
        onChange={(event) => setDescription(event.target.value)}
      />
      <SelectField
        label="Category"
        name="category"
        value={category}
        onChange={(event) => setCategory(event.target.value as Category | '')}
      >
        <option value="">No category</option>
        {CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {TAB_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </Flex>
  );
  const images = [
    { kind: 'logo', label: 'Logo', value: logoUrl, onChange: setLogoUrl },
    { kind: 'cover', label: 'Cover Image', value: coverImageUrl, onChange: setCoverImageUrl },
  ] as const;
  const appearance = (
    <Flex direction="column" gap="large" paddingTop="medium">
      {images.map((image) => (
        <ClubImageField key={image.kind} clubId={club.id} {...image} onBusyChange={onBusyChange} />
      ))}
    </Flex>
  );

  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={save.submit} noValidate aria-label={T.title}>
      {/* The tabs are buttons inside the form: without type="button" each submits it (a tab switch
          saved the club, and Enter in a field pressed the first tab instead of Save Changes). */}
      <Tabs.Container defaultValue="general">
        <Tabs.List>
          <Tabs.Item value="general" type="button">
            {T.general}
          </Tabs.Item>
          <Tabs.Item value="appearance" type="button">
            {T.appearance}
          </Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="general">{general}</Tabs.Panel>
        <Tabs.Panel value="appearance">{appearance}</Tabs.Panel>
      </Tabs.Container>
      <Button
        type="submit"
        variation="primary"
        alignSelf="flex-start"
        isLoading={save.busy}
        loadingText="Saving..."
        isDisabled={uploads > 0}
      >
        {T.save}
      </Button>
    </Flex>
  );
}

export default function EditClubPage() {
  const { clubId = '' } = useParams();
  const club = useOwnedClub(clubId);
  if (club.isPending) return <LoadingScreen />;
  // Only the owner reads the owner's club: anyone else goes to their dashboard.
  if (club.isError) {
    if (isApiError(club.error) && (club.error.status === 404 || club.error.status === 403)) {
      return <Navigate to="/dashboard" replace />;
    }
    return <LoadFailed what="the club" error={club.error} onRetry={() => void club.refetch()} />;
  }
  return (
    <PageColumn width="48rem">
      <Heading level={1}>
        {T.title}: {club.data.name}
      </Heading>
      <EditClubForm key={club.data.id} club={club.data} />
    </PageColumn>
  );
}
