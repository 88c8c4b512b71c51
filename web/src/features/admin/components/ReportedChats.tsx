/**
 * The super-admin portal's "Reported chats": conversations members reported to the platform, of
 * one status (open first), each with who reported whom, the reason, and the copy of the newest
 * messages taken when it was reported (members' words, shown as text), a page at a time; an open
 * one is resolved or dismissed.
 */
import { Badge, Button, Card, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import {
  CHAT_REPORT_STATUSES,
  type ChatReport,
  type ChatReportStatus,
  REPORT_REASON_LABELS,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { routeKey } from '../../../api/queryKeys.ts';
import { ShowMore } from '../../../components/PagedList.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useChatReports } from '../api.ts';
import { AdminSection } from './AdminSection.tsx';

export const REPORTED_CHATS_TEXTS = {
  title: 'Reported chats',
  what: 'the reported chats',
  empty: 'No reported chats here.',
  resolve: 'Resolve',
  dismiss: 'Dismiss',
  resolved: 'Report resolved',
  dismissed: 'Report dismissed',
  more: 'Show more reports',
  failed: 'The decision was not saved',
  deleted: '(deleted)',
} as const;
const T = REPORTED_CHATS_TEXTS;

const STATUS_LABELS: Record<ChatReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

function ReportCard({ report }: { report: ChatReport }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const decide = useApiMutation('decideChatReport', {
    onSuccess: (decided) => {
      void queryClient.invalidateQueries({ queryKey: routeKey('listChatReports') });
      toast({ title: decided.status === 'resolved' ? T.resolved : T.dismissed, variant: 'success' });
    },
    onError: (error) => toast({ title: T.failed, description: messageOf(error, ''), variant: 'error' }),
  });
  const nameOf = (userId: string) =>
    userId === report.reporter.userId ? report.reporter.name : report.reported.name;
  const headingId = `chat-report-${report.id}`;
  return (
    <Card variation="outlined" as="article" aria-labelledby={headingId}>
      <Flex direction="column" gap="small">
        <Heading level={3} id={headingId}>
          {report.reporter.name} reported {report.reported.name}
        </Heading>
        <Flex gap="small" alignItems="center" wrap="wrap">
          <Badge>{REPORT_REASON_LABELS[report.reason]}</Badge>
          <Text as="span" fontSize="small" color="font.secondary">
            <time dateTime={report.createdAt}>{new Date(report.createdAt).toLocaleString()}</time>
          </Text>
        </Flex>
        {report.text && <Text>“{report.text}”</Text>}
        <ol className="chat-report-messages" aria-label="Messages when reported, newest first">
          {report.messages.map((message) => (
            <li key={message.id}>
              <Text as="span" fontWeight="bold">
                {nameOf(message.senderId)}:
              </Text>{' '}
              <Text as="span">{message.deleted ? T.deleted : message.text}</Text>
              {message.image && (
                <a href={message.image.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={message.image.url}
                    style={{ display: 'block', maxWidth: '12rem', maxHeight: '12rem', height: 'auto' }}
                    alt={`Sent by ${nameOf(message.senderId)}`}
                  />
                </a>
              )}
            </li>
          ))}
        </ol>
        {report.status === 'open' && (
          <Flex gap="small">
            <Button
              size="small"
              variation="primary"
              isDisabled={decide.isPending}
              onClick={() => decide.run({ params: { reportId: report.id }, body: { outcome: 'resolved' } })}
            >
              {T.resolve}
            </Button>
            <Button
              size="small"
              isDisabled={decide.isPending}
              onClick={() => decide.run({ params: { reportId: report.id }, body: { outcome: 'dismissed' } })}
            >
              {T.dismiss}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

export function ReportedChats() {
  const [status, setStatus] = useState<ChatReportStatus>('open');
  const reports = useChatReports(status);
  return (
    <AdminSection id="reported-chats-heading" title={T.title} what={T.what} query={reports}>
      {(data) => (
        <Flex direction="column" gap="medium">
          <SelectField
            label="Report status"
            value={status}
            onChange={(event) => setStatus(event.target.value as ChatReportStatus)}
          >
            {CHAT_REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          {data.pages[0]?.items.length ? (
            data.pages
              .flatMap((page) => page.items)
              .map((report) => <ReportCard key={report.id} report={report} />)
          ) : (
            <Text color="font.secondary">{T.empty}</Text>
          )}
          <ShowMore list={reports} label={T.more} />
        </Flex>
      )}
    </AdminSection>
  );
}
