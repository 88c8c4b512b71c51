/**
 * The moderators' queue (Admin Controls → Reports, /communities/{id}/reports): each open item —
 * reported, or a new member's first post held for approval — with its excerpt, author, count and
 * reasons, and the decisions Keep (Approve for a held post), Hide, Delete and Ban author, each
 * sent and confirmed by the server before the queue drops it; 20 at a time, 'Show more' for the
 * next page by cursor. Below: the owner's moderation
 * options, and the club's audit trail of decisions with who and when.
 */
import { Button, Card, CheckboxField, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import {
  AUDIT_ACTION_LABELS,
  type AuditEntry,
  HIDDEN_LABELS,
  isClubManager,
  MODERATION,
  type ModerationAction,
  moderationSettingsSchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportCase,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { problem, useForm } from '../../../components/form/useForm.tsx';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { ShowMore } from '../../../components/PagedList.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import {
  auditKey,
  moderationSettingsKey,
  reportCountKey,
  reportsKey,
  useClubAudit,
  useModerationSettings,
  useReports,
} from '../api.ts';

const DECISIONS: { action: ModerationAction; label: (item: ReportCase) => string; done: string }[] = [
  { action: 'keep', label: (item) => (item.hidden === 'held' ? 'Approve' : 'Keep'), done: 'Kept' },
  { action: 'hide', label: () => 'Hide', done: 'Hidden' },
  { action: 'delete', label: () => 'Delete', done: 'Deleted' },
  { action: 'ban', label: () => 'Ban author', done: 'Author banned' },
];

const reasonsOf = (item: ReportCase) =>
  REPORT_REASONS.filter((reason) => (item.reasons[reason] ?? 0) > 0)
    .map((reason) => `${REPORT_REASON_LABELS[reason]} (${item.reasons[reason]})`)
    .join(', ');

function useQueueRefresh(clubId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reportsKey(clubId) }),
      queryClient.invalidateQueries({ queryKey: reportCountKey(clubId) }),
      queryClient.invalidateQueries({ queryKey: auditKey(clubId) }),
    ]);
}

function QueueItem({ clubId, item }: { clubId: string; item: ReportCase }) {
  const { toast } = useToast();
  const refresh = useQueueRefresh(clubId);
  const [done, setDone] = useState<string | null>(null);
  const decide = useApiMutation('decideReport', {
    onSuccess: async (result) => {
      await refresh();
      toast({ title: DECISIONS.find((d) => d.action === result.action)?.done ?? 'Done', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not decide',
        description: messageOf(error, 'Please try again.'),
        variant: 'error',
      }),
  });
  return (
    <Card as="li" variation="outlined" className="reports-item" data-testid="report-item">
      <Flex direction="column" gap="xs">
        <Text fontWeight="bold">{item.excerpt || '(no text)'}</Text>
        <Text fontSize="small" color="font.secondary">
          {item.kind === 'post' ? 'Post' : 'Comment'} by {item.author.name}
          {item.hidden ? ` · ${HIDDEN_LABELS[item.hidden]}` : ''}
        </Text>
        {item.reportCount > 0 ? (
          <Text fontSize="small">
            {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}: {reasonsOf(item)}
          </Text>
        ) : (
          <Text fontSize="small">A new member's first post, held for approval</Text>
        )}
        {item.note && <Text fontSize="small">“{item.note}”</Text>}
        <Flex gap="xs" wrap="wrap">
          {DECISIONS.map(({ action, label }) => (
            <Button
              key={action}
              size="small"
              variation={action === 'delete' || action === 'ban' ? 'destructive' : undefined}
              isDisabled={decide.isPending}
              isLoading={decide.isPending && done === action}
              onClick={() => {
                setDone(action);
                decide.run({ params: { clubId, itemId: item.id }, body: { action } });
              }}
            >
              {label(item)}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}

function ModerationOptions({ clubId, canEdit }: { clubId: string; canEdit: boolean }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const settings = useModerationSettings(clubId);
  const [threshold, setThreshold] = useState('');
  const [hold, setHold] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setThreshold(String(settings.data.reportThreshold));
    setHold(settings.data.holdFirstPosts);
  }, [settings.data]);
  const draft = () => ({ reportThreshold: Number(threshold), holdFirstPosts: hold });
  const save = useForm({
    check: () => {
      if (moderationSettingsSchema.safeParse(draft()).success) return null;
      const { min, max } = MODERATION.reportThreshold;
      return problem(`Reports that hide an item: a whole number from ${min} to ${max}`);
    },
    send: () =>
      api('saveModerationSettings', { params: { clubId }, body: moderationSettingsSchema.parse(draft()) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(moderationSettingsKey(clubId), saved);
      toast({ title: 'Moderation options saved', variant: 'success' });
    },
    failure: (error) => problem(messageOf(error, 'Could not save. Please try again.')),
    label: 'Saving the moderation options',
  });
  if (settings.isPending) return <LoadingLine label="Loading the options" />;
  if (settings.isError) return <QueryFailed what="the moderation options" query={settings} />;
  return (
    <form onSubmit={save.submit} noValidate aria-label="Moderation options">
      <Flex direction="column" gap="small">
        <TextField
          label="Reports that hide an item until a moderator decides"
          type="number"
          value={threshold}
          isDisabled={!canEdit}
          onChange={(e) => setThreshold(e.target.value)}
          hasError={save.problem !== null}
          errorMessage={save.problem?.message}
        />
        <CheckboxField
          label="Hold new members' first post for approval"
          name="holdFirstPosts"
          checked={hold}
          isDisabled={!canEdit}
          onChange={(e) => setHold(e.target.checked)}
        />
        {canEdit && (
          <Flex>
            <Button type="submit" isLoading={save.busy} loadingText="Saving...">
              Save options
            </Button>
          </Flex>
        )}
      </Flex>
    </form>
  );
}

function AuditTrail({ clubId }: { clubId: string }) {
  const trail = useClubAudit(clubId);
  if (trail.isPending) return <LoadingLine label="Loading the audit trail" />;
  if (trail.isError) return <QueryFailed what="the audit trail" query={trail} />;
  if (trail.data.items.length === 0) return <Text>No decisions yet.</Text>;
  return (
    <ul className="reports-audit" aria-label="Audit trail">
      {trail.data.items.map((entry: AuditEntry) => (
        <li key={entry.id}>
          <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> · {entry.actorEmail} ·{' '}
          {AUDIT_ACTION_LABELS[entry.action]}
          {typeof entry.after.excerpt === 'string' ? ` · “${entry.after.excerpt}”` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The open reports, a page at a time ('Show more'); only a manager's page asks for them. */
function OpenReports({ clubId }: { clubId: string }) {
  const queue = useReports(clubId);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Open reports">
      {queue.isPending && <LoadingLine label="Loading reports" />}
      {queue.isError && <QueryFailed what="the reports" query={queue} />}
      {queue.data && items.length === 0 && <Text>Nothing to review.</Text>}
      {items.length > 0 && (
        <ul className="reports-list">
          {items.map((item) => (
            <QueueItem key={item.id} clubId={clubId} item={item} />
          ))}
        </ul>
      )}
      <ShowMore list={queue} label="Show more" marginTop="medium" />
    </section>
  );
}

export default function ReportsPage() {
  const { club, role } = useClubSpace();
  if (!isClubManager(role)) {
    return (
      <PageColumn width="48rem">
        <Heading level={1}>Reports</Heading>
        <Text>Only the club's owner and moderators see reports.</Text>
      </PageColumn>
    );
  }
  return (
    <PageColumn width="48rem">
      <Heading level={1}>Reports</Heading>
      <OpenReports clubId={club.id} />
      <Heading level={2}>Moderation options</Heading>
      <ModerationOptions clubId={club.id} canEdit={role === 'club_owner'} />
      <Heading level={2}>Audit trail</Heading>
      <AuditTrail clubId={club.id} />
    </PageColumn>
  );
}
