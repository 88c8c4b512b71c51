/**
 * The super admins' "Reported chats": conversations members reported, and closing each as
 * resolved or dismissed (the routes are `super_admin`: the access step checked the caller).
 */
import type { ChatReport, ChatReportStatus } from '@clubs/shared';
import type { Page } from '../data/query.ts';
import { closeChatReport, listChatReports } from '../data/repositories/chat-reports.ts';
import { conflict, notFound } from '../errors.ts';

export const chatReports = (query: {
  status: ChatReportStatus;
  limit: number;
  cursor?: string;
}): Promise<Page<ChatReport>> => listChatReports(query.status, query);

export async function decideChatReport(
  deciderId: string,
  reportId: string,
  outcome: 'resolved' | 'dismissed',
  now = new Date(),
): Promise<ChatReport> {
  const closed = await closeChatReport(reportId, outcome, deciderId, now.toISOString());
  if (closed === null) throw notFound('Report not found');
  if (closed === 'closed') throw conflict('This report was decided already');
  return closed;
}
