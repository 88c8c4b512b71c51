/**
 * Club settings → Developers (owner only): the club's API keys as the server lists them (name,
 * prefix, scopes, when made and last used), a form making one with a name and its scopes, and
 * Revoke behind a confirmation. A new key's secret is shown once, right after the server made it,
 * with Copy and the warning that it cannot be shown again; only its hash is stored. A key leaves
 * the list only when the list read after the revocation no longer holds it. Below the keys, the
 * club's webhook endpoints (WebhooksSection).
 */
import { Alert, Badge, Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/index.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { problem, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';
import { ConfirmedWriteButton } from '../../../components/overlay/ConfirmedWriteButton.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { apiKeysKey, useApiKeys } from '../api.ts';
import { Choices, SecretOnce } from './SecretOnce.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

export const DEVELOPER_TEXTS = {
  intro:
    "API keys let your own systems (a CRM, a spreadsheet, an automation tool) call this club's API. A key acts as the club, never as you, and sees only this club.",
  heading: 'API keys',
  caption: "The club's API keys",
  none: 'This club has no API keys yet.',
  newKey: 'New API key',
  name: 'Name',
  namePlaceholder: 'e.g. CRM sync',
  nameMissing: 'Give the key a name',
  scopes: 'Scopes',
  scopesMissing: 'Choose at least one scope',
  create: 'Create key',
  created: 'API key created',
  createFailed: 'Could not create the API key',
  full: 'This club holds as many keys as it may; revoke one to make another.',
  secretHeading: 'Your new API key',
  secretWarning:
    'Copy this secret now and keep it somewhere safe: you will not see it again. Only its fingerprint is stored.',
  secretLabel: 'Secret',
  copy: 'Copy',
  copied: 'Secret copied',
  copyFailed: 'Could not copy: select the secret and copy it yourself.',
  done: 'Done',
  revoke: 'Revoke',
  dialog: {
    title: 'Revoke the API key?',
    question: 'Calls made with it are refused from now on. This cannot be undone.',
    confirm: 'Revoke',
    working: 'Revoking...',
  },
  revoked: 'API key revoked',
  revokeFailed: 'Could not revoke the API key',
  never: 'Never',
} as const;
const T = DEVELOPER_TEXTS;

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : T.never;

function Revoke({ clubId, apiKey }: { clubId: string; apiKey: ApiKey }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return (
    <ConfirmedWriteButton
      route="revokeApiKey"
      input={{ params: { clubId, keyId: apiKey.id } }}
      done={async () => {
        await queryClient.invalidateQueries({ queryKey: apiKeysKey(clubId) });
        toast({ title: T.revoked, description: `${apiKey.name} no longer works.`, variant: 'success' });
      }}
      failed={T.revokeFailed}
      label={T.revoke}
      ariaLabel={`Revoke the API key ${apiKey.name}`}
      buttonVariation="warning"
      texts={T.dialog}
    />
  );
}

/** The secret of the key just made: shown this once, with Copy; Done forgets it. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <SecretOnce
      heading={`${T.secretHeading}: ${created.key.name}`}
      secret={created.secret}
      texts={{ ...T, warning: T.secretWarning, label: T.secretLabel }}
      onDone={onDone}
    />
  );
}

function CreateKey({
  clubId,
  full,
  onCreated,
}: {
  clubId: string;
  full: boolean;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly ApiKeyScope[]>([]);
  const form = useForm({
    check: () =>
      !name.trim()
        ? problem(T.nameMissing, 'name')
        : scopes.length === 0
          ? problem(T.scopesMissing, 'scopes')
          : null,
    send: () =>
      api('createApiKey', {
        params: { clubId },
        // In the order the page lists them, so a key's scopes always read the same way.
        body: { name: name.trim(), scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)) },
      }),
    onSuccess: (created) => {
      setName('');
      setScopes([]);
      onCreated(created);
      toast({ title: T.created, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: apiKeysKey(clubId) });
    },
    failure: toastFailure(toast, T.createFailed, ''),
    label: 'Creating the API key',
  });
  return (
    <Card variation="outlined">
      <form onSubmit={form.submit} aria-labelledby="new-api-key-heading">
        <Flex direction="column" gap="small" maxWidth="32rem">
          <Heading level={3} fontSize="medium" id="new-api-key-heading">
            {T.newKey}
          </Heading>
          {full ? <Alert variation="info">{T.full}</Alert> : null}
          {form.alert}
          <TextField
            {...form.fieldProps('name')}
            label={T.name}
            name="name"
            placeholder={T.namePlaceholder}
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Choices
            legend={T.scopes}
            name="scopes"
            options={API_KEY_SCOPES}
            labels={API_KEY_SCOPE_LABELS}
            chosen={scopes}
            onChange={setScopes}
          />
          <Button
            type="submit"
            variation="primary"
            isLoading={form.busy}
            isDisabled={full}
            alignSelf="flex-start"
          >
            {T.create}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}

export function DevelopersTab({ clubId }: { clubId: string }) {
  const keys = useApiKeys(clubId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const items = keys.data?.items ?? [];
  return (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <Text>{T.intro}</Text>
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      <Heading level={3} fontSize="medium">
        {T.heading}
      </Heading>
      {keys.isPending ? (
        <LoadingLine label="Loading the API keys" />
      ) : keys.isError ? (
        <QueryFailed query={keys} what="the API keys" headingLevel={3} />
      ) : items.length === 0 ? (
        <Text color="font.secondary">{T.none}</Text>
      ) : (
        <DataTable
          caption={T.caption}
          rows={items}
          rowKey={(key) => key.id}
          columns={[
            { header: 'Name', cell: (key) => key.name },
            { header: 'Key', cell: (key) => <code>{`${key.prefix}…`}</code> },
            {
              header: 'Scopes',
              cell: (key) => (
                <Flex gap="xxs" wrap="wrap">
                  {key.scopes.map((scope) => (
                    <Badge key={scope} size="small">
                      {scope}
                    </Badge>
                  ))}
                </Flex>
              ),
            },
            { header: 'Created', cell: (key) => when(key.createdAt) },
            { header: 'Last used', cell: (key) => when(key.lastUsedAt) },
            { header: 'Actions', cell: (key) => <Revoke clubId={clubId} apiKey={key} /> },
          ]}
        />
      )}
      <CreateKey
        clubId={clubId}
        full={keys.isSuccess && items.length >= keys.data.max}
        onCreated={setCreated}
      />
      <WebhooksSection clubId={clubId} />
    </Flex>
  );
}
