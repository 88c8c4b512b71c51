/**
 * Club settings → Developers → Webhooks (owner only): the club's endpoints as the server lists
 * them (URL, events, enabled, paused or disabled for failing), a form making one with a URL and
 * its events, and per endpoint: its delivery log (event, status, attempts, last status code, when)
 * with Resend, Send test event, Rotate secret, Pause or Turn on, and Delete behind a confirmation.
 * A new or rotated signing secret (`whsec_…`) is shown once, right after the server made it. A
 * queued test or resend shows in the log as pending at once and the log reads again until nothing
 * in it is pending.
 */
import { Alert, Badge, Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import {
  WEBHOOK_CHANGE_TYPES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookChangeType,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { problem, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';
import { ConfirmedWriteButton } from '../../../components/overlay/ConfirmedWriteButton.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useWebhookDeliveries, useWebhooks, webhookDeliveriesKey, webhooksKey } from '../api.ts';
import { Choices, SecretOnce } from './SecretOnce.tsx';

export const WEBHOOK_TEXTS = {
  heading: 'Webhooks',
  intro:
    "Webhooks send what happens in this club (members joining, new posts, comments and events) to a URL of yours as it happens, each message signed the Standard Webhooks way with the endpoint's secret.",
  caption: "The club's webhook endpoints",
  none: 'This club has no webhook endpoints yet.',
  newEndpoint: 'New webhook endpoint',
  url: 'Endpoint URL',
  urlPlaceholder: 'https://example.com/webhooks/clubs',
  urlMissing: 'Give the endpoint a URL',
  events: 'Events',
  eventsMissing: 'Choose at least one event',
  create: 'Add endpoint',
  created: 'Webhook endpoint added',
  createFailed: 'Could not add the webhook endpoint',
  full: 'This club holds as many endpoints as it may; delete one to add another.',
  secretHeading: 'Signing secret',
  secretWarning:
    'Copy this signing secret now: you will not see it again. Verify each delivery with it (see the API documentation).',
  secretLabel: 'Signing secret',
  copy: 'Copy',
  copied: 'Secret copied',
  copyFailed: 'Could not copy: select the secret and copy it yourself.',
  done: 'Done',
  test: 'Send test event',
  testQueued: 'Test event queued',
  testFailed: 'Could not send a test event',
  rotate: 'Rotate secret',
  rotated: 'New signing secret made',
  rotateFailed: 'Could not rotate the secret',
  pause: 'Pause',
  enable: 'Turn on',
  changed: 'Webhook endpoint updated',
  changeFailed: 'Could not update the webhook endpoint',
  log: 'Deliveries',
  hideLog: 'Hide deliveries',
  logCaption: 'Deliveries to the endpoint',
  noDeliveries: 'Nothing has been sent to this endpoint yet.',
  resend: 'Resend',
  resent: 'Delivery queued again',
  resendFailed: 'Could not resend the delivery',
  moreDeliveries: 'Show older deliveries',
  delete: 'Delete',
  dialog: {
    title: 'Delete the webhook endpoint?',
    question: 'Nothing more is sent to it, and its delivery log goes with it. This cannot be undone.',
    confirm: 'Delete',
    working: 'Deleting...',
  },
  deleted: 'Webhook endpoint deleted',
  deleteFailed: 'Could not delete the webhook endpoint',
  statuses: { enabled: 'Enabled', paused: 'Paused', failing: 'Disabled: failing' },
} as const;
const T = WEBHOOK_TEXTS;

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      })
    : '—';

const statusOf = (webhook: Webhook) =>
  webhook.status === 'enabled' ? T.statuses.enabled : T.statuses[webhook.disabledReason ?? 'paused'];

function SecretShown({ shown, onDone }: { shown: WebhookWithSecret; onDone: () => void }) {
  return (
    <SecretOnce
      heading={`${T.secretHeading}: ${shown.webhook.url}`}
      secret={shown.secret}
      texts={{ ...T, warning: T.secretWarning, label: T.secretLabel }}
      onDone={onDone}
    />
  );
}

function DeliveryLog({ clubId, webhookId }: { clubId: string; webhookId: string }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const log = useWebhookDeliveries(clubId, webhookId);
  const resend = useApiMutation('resendWebhookDelivery', {
    onSuccess: () => {
      toast({ title: T.resent, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(clubId, webhookId) });
    },
    onError: (error) => toast({ title: T.resendFailed, description: messageOf(error, ''), variant: 'error' }),
  });
  if (log.isPending) return <LoadingLine label="Loading the deliveries" />;
  if (log.isError) return <QueryFailed query={log} what="the deliveries" headingLevel={3} />;
  const items = log.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text color="font.secondary">{T.noDeliveries}</Text>;
  return (
    <Flex direction="column" gap="small">
      <DataTable<WebhookDelivery>
        caption={T.logCaption}
        rows={items}
        rowKey={(delivery) => delivery.id}
        columns={[
          { header: 'Event', cell: (delivery) => <code>{delivery.eventType}</code> },
          {
            header: 'Status',
            cell: (delivery) => (
              <Badge
                size="small"
                variation={
                  delivery.status === 'succeeded'
                    ? 'success'
                    : delivery.status === 'failed'
                      ? 'error'
                      : 'warning'
                }
              >
                {delivery.status}
              </Badge>
            ),
          },
          { header: 'Attempts', cell: (delivery) => String(delivery.attempts) },
          {
            header: 'Response',
            cell: (delivery) =>
              delivery.lastError ?? (delivery.lastStatusCode ? String(delivery.lastStatusCode) : '—'),
          },
          { header: 'Created', cell: (delivery) => when(delivery.createdAt) },
          { header: 'Last attempt', cell: (delivery) => when(delivery.lastAttemptAt) },
          { header: 'Next attempt', cell: (delivery) => when(delivery.nextAttemptAt) },
          {
            header: 'Actions',
            cell: (delivery) => (
              <Button
                size="small"
                isDisabled={resend.isPending}
                aria-label={`Resend the ${delivery.eventType} delivery of ${when(delivery.createdAt)}`}
                onClick={() => resend.run({ params: { clubId, webhookId, deliveryId: delivery.id } })}
              >
                {T.resend}
              </Button>
            ),
          },
        ]}
      />
      {log.hasNextPage ? (
        <Button
          size="small"
          alignSelf="flex-start"
          isLoading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {T.moreDeliveries}
        </Button>
      ) : null}
    </Flex>
  );
}

function EndpointCard({
  clubId,
  webhook,
  onSecret,
}: {
  clubId: string;
  webhook: Webhook;
  onSecret: (shown: WebhookWithSecret) => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const params = { clubId, webhookId: webhook.id };
  const refreshLog = () =>
    queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(clubId, webhook.id) });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: webhooksKey(clubId) });
  const test = useApiMutation('sendWebhookTest', {
    onSuccess: () => {
      setOpen(true);
      toast({ title: T.testQueued, variant: 'success' });
      void refreshLog();
    },
    onError: (error) => toast({ title: T.testFailed, description: messageOf(error, ''), variant: 'error' }),
  });
  const rotate = useApiMutation('rotateWebhookSecret', {
    onSuccess: (shown) => {
      onSecret(shown);
      toast({ title: T.rotated, variant: 'success' });
    },
    onError: (error) => toast({ title: T.rotateFailed, description: messageOf(error, ''), variant: 'error' }),
  });
  const toggle = useApiMutation('updateWebhook', {
    onSuccess: () => {
      toast({ title: T.changed, variant: 'success' });
      void refreshList();
    },
    onError: (error) => toast({ title: T.changeFailed, description: messageOf(error, ''), variant: 'error' }),
  });
  const headingId = `webhook-${webhook.id}`;
  return (
    <Card variation="outlined" as="article" aria-labelledby={headingId}>
      <Flex direction="column" gap="small">
        <Flex gap="small" alignItems="center" wrap="wrap">
          <Heading level={4} fontSize="small" id={headingId}>
            <code>{webhook.url}</code>
          </Heading>
          <Badge size="small" variation={webhook.status === 'enabled' ? 'success' : 'warning'}>
            {statusOf(webhook)}
          </Badge>
        </Flex>
        <Flex gap="xxs" wrap="wrap" aria-label="Events">
          {webhook.eventTypes.map((type) => (
            <Badge key={type} size="small">
              {type}
            </Badge>
          ))}
        </Flex>
        {webhook.failingSince ? (
          <Text color="font.warning">Failing since {when(webhook.failingSince)}</Text>
        ) : null}
        <Flex gap="small" wrap="wrap">
          <Button size="small" isLoading={test.isPending} onClick={() => test.run({ params })}>
            {T.test}
          </Button>
          <Button size="small" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
            {open ? T.hideLog : T.log}
          </Button>
          <Button size="small" isLoading={rotate.isPending} onClick={() => rotate.run({ params })}>
            {T.rotate}
          </Button>
          <Button
            size="small"
            isLoading={toggle.isPending}
            onClick={() => toggle.run({ params, body: { enabled: webhook.status !== 'enabled' } })}
          >
            {webhook.status === 'enabled' ? T.pause : T.enable}
          </Button>
          <ConfirmedWriteButton
            route="deleteWebhook"
            input={{ params }}
            done={async () => {
              await refreshList();
              toast({ title: T.deleted, variant: 'success' });
            }}
            failed={T.deleteFailed}
            label={T.delete}
            ariaLabel={`Delete the webhook endpoint ${webhook.url}`}
            buttonVariation="warning"
            texts={T.dialog}
          />
        </Flex>
        {open ? <DeliveryLog clubId={clubId} webhookId={webhook.id} /> : null}
      </Flex>
    </Card>
  );
}

function CreateEndpoint({
  clubId,
  full,
  onCreated,
}: {
  clubId: string;
  full: boolean;
  onCreated: (shown: WebhookWithSecret) => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<readonly WebhookChangeType[]>([]);
  const form = useForm({
    check: () =>
      !url.trim()
        ? problem(T.urlMissing, 'url')
        : types.length === 0
          ? problem(T.eventsMissing, 'eventTypes')
          : null,
    send: () =>
      api('createWebhook', {
        params: { clubId },
        body: { url: url.trim(), eventTypes: WEBHOOK_CHANGE_TYPES.filter((type) => types.includes(type)) },
      }),
    onSuccess: (created) => {
      setUrl('');
      setTypes([]);
      onCreated(created);
      toast({ title: T.created, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: webhooksKey(clubId) });
    },
    failure: toastFailure(toast, T.createFailed, ''),
    label: 'Adding the webhook endpoint',
  });
  return (
    <Card variation="outlined">
      <form onSubmit={form.submit} aria-labelledby="new-webhook-heading">
        <Flex direction="column" gap="small" maxWidth="32rem">
          <Heading level={4} fontSize="medium" id="new-webhook-heading">
            {T.newEndpoint}
          </Heading>
          {full ? <Alert variation="info">{T.full}</Alert> : null}
          {form.alert}
          <TextField
            {...form.fieldProps('url')}
            label={T.url}
            name="url"
            type="url"
            placeholder={T.urlPlaceholder}
            maxLength={WEBHOOK_URL_MAX}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <Choices
            legend={T.events}
            name="eventTypes"
            options={WEBHOOK_CHANGE_TYPES}
            labels={WEBHOOK_EVENT_LABELS}
            chosen={types}
            onChange={setTypes}
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

export function WebhooksSection({ clubId }: { clubId: string }) {
  const webhooks = useWebhooks(clubId);
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const items = webhooks.data?.items ?? [];
  return (
    <Flex direction="column" gap="medium" as="section" aria-labelledby="webhooks-heading">
      <Heading level={3} fontSize="medium" id="webhooks-heading">
        {T.heading}
      </Heading>
      <Text>{T.intro}</Text>
      {shown ? <SecretShown shown={shown} onDone={() => setShown(null)} /> : null}
      {webhooks.isPending ? (
        <LoadingLine label="Loading the webhook endpoints" />
      ) : webhooks.isError ? (
        <QueryFailed query={webhooks} what="the webhook endpoints" headingLevel={3} />
      ) : items.length === 0 ? (
        <Text color="font.secondary">{T.none}</Text>
      ) : (
        <Flex
          direction="column"
          gap="small"
          aria-label={T.caption}
          as="ul"
          padding="0"
          style={{ listStyle: 'none' }}
        >
          {items.map((webhook) => (
            <li key={webhook.id}>
              <EndpointCard clubId={clubId} webhook={webhook} onSecret={setShown} />
            </li>
          ))}
        </Flex>
      )}
      <CreateEndpoint
        clubId={clubId}
        full={webhooks.isSuccess && items.length >= webhooks.data.max}
        onCreated={setShown}
      />
    </Flex>
  );
}
