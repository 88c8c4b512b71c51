/**
 * The super admins' "Reported chats": conversations members reported, and closing each as
 * resolved or dismissed (the routes are `super_admin`: the access step checked the caller).
 */
import type { ChatReport, ChatReportStatus } from '@clubs/shared';
import type { Page } from '../data/query.ts';
import {
  closeChatReport,
  listChatReports,
  type StoredChatReport,
} from '../data/repositories/chat-reports.ts';
import { conflict, notFound } from '../errors.ts';
import { signMemberMediaRead } from '../media/member-media.ts';

/** A report as the super admins see it: its copied images by URLs signed for a short while. */
async function shown(report: StoredChatReport, now: Date): Promise<ChatReport> {
  const messages = await Promise.all(
    report.messages.map(async ({ imageKey, ...message }) => {
      if (!imageKey) return { ...message, image: null };
      const { url, expiresAt } = await signMemberMediaRead(imageKey, now);
      return { ...message, image: { url, expiresAt } };
    }),
  );
  return { ...report, messages };
}

export async function chatReports(query: {
  status: ChatReportStatus;
  limit: number;
  cursor?: string;
}): Promise<Page<ChatReport>> {
  const page = await listChatReports(query.status, query);
  const now = new Date();
  return { ...page, items: await Promise.all(page.items.map((report) => shown(report, now))) };
}

export async function decideChatReport(
  deciderId: string,
  reportId: string,
  outcome: 'resolved' | 'dismissed',
  now = new Date(),
): Promise<ChatReport> {
  const closed = await closeChatReport(reportId, outcome, deciderId, now.toISOString());
  if (closed === null) throw notFound('Report not found');
  if (closed === 'closed') throw conflict('This report was decided already');
  return shown(closed, now);
}
