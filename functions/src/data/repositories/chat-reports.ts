/**
 * Conversations reported to the super admins: one item per report holding the copy of the newest
 * messages taken when it was made, listed by status through the byStatus index (a decision moves
 * it to its new status's partition in the same update).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ChatReport, type ChatReportStatus, chatReportSchema, TABLE } from '@clubs/shared';
import { indexKeys, keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';
import { type Page, queryPage } from '../query.ts';
import { type RateWindow, type WindowsFull, writeCounted } from '../rate-windows.ts';

type Item = Record<string, unknown>;

/** A report as stored: each copied message's image by its key, signed for the reader by the service. */
export type StoredChatReport = Omit<ChatReport, 'messages'> & {
  messages: (Omit<ChatReport['messages'][number], 'image'> & { imageKey?: string })[];
};

const toReport = (item: Item): StoredChatReport => {
  const report = chatReportSchema.parse({
    id: item.id,
    conversationId: item.conversationId,
    clubId: item.clubId,
    reporter: item.reporter,
    reported: item.reported,
    reason: item.reason,
    text: item.text ?? '',
    status: item.status,
    createdAt: item.createdAt,
    decidedAt: item.decidedAt ?? null,
    messages: item.messages ?? [],
  });
  const stored = (item.messages ?? []) as { imageKey?: unknown }[];
  return {
    ...report,
    messages: report.messages.map(({ image: _image, ...message }, index) => {
      const imageKey = stored[index]?.imageKey;
      return typeof imageKey === 'string' ? { ...message, imageKey } : message;
    }),
  };
};

/** Stores a report, the reporter's daily count moved with it; the full window when it is refused. */
export async function putChatReport(
  report: StoredChatReport,
  reporterLimit: RateWindow,
  now: Date,
): Promise<WindowsFull | null> {
  const item = {
    ...keys.chatReport(report.id),
    ...indexKeys.chatReportStatus(report.status, report.createdAt, report.id),
    type: 'chat_report',
    ...report,
  };
  return writeCounted(
    reporterLimit,
    [{ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }],
    now,
  );
}

/** A page of the reports of one status, newest first (the closed ones by when they were decided). */
export function listChatReports(
  status: ChatReportStatus,
  page: { limit: number; cursor?: string },
): Promise<Page<StoredChatReport>> {
  return queryPage(
    {
      index: TABLE.indexes.byStatus,
      partition: indexKeys.chatReportStatusPartition(status),
      order: 'descending',
    },
    page,
    toReport,
  );
}

/**
 * Closes an open report with `outcome`, by whom and when: the report as it is now, or null when
 * there is none open by that id ('closed' when it exists but was decided already).
 */
export async function closeChatReport(
  reportId: string,
  outcome: Exclude<ChatReportStatus, 'open'>,
  deciderId: string,
  at: string,
): Promise<StoredChatReport | 'closed' | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatReport(reportId),
        UpdateExpression:
          'SET #status = :outcome, decidedAt = :at, decidedBy = :by, gsi1pk = :g1pk, gsi1sk = :g1sk',
        ConditionExpression: 'attribute_exists(pk) AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':at': at,
          ':by': deciderId,
          ...prefixed(indexKeys.chatReportStatus(outcome, at, reportId)),
          ':open': 'open',
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return Attributes ? toReport(Attributes) : null;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (error as { Item?: Item }).Item ? 'closed' : null;
  }
}

const prefixed = (index: { gsi1pk: string; gsi1sk: string }) => ({
  ':g1pk': index.gsi1pk,
  ':g1sk': index.gsi1sk,
});
