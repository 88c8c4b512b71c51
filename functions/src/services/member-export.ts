/**
 * The owner's export of the club's members as CSV, a page at a time (shared/src/domain/member-export.ts):
 * one query of the members index for the page, one batch read each of their points and their
 * subscriptions (and of the profiles of members whose card was never filled). Cells go through
 * Papa Parse's writer with its formula escaping: a cell starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading `'`, so no spreadsheet runs it.
 */
import {
  type Club,
  type ClubRole,
  levelOf,
  MEMBER_EXPORT,
  MEMBER_EXPORT_HEADER,
  MEMBERSHIP_QUESTIONS,
  type MemberExportPage,
  type MemberExportQuery,
} from '@clubs/shared';
import Papa from 'papaparse';
import { payingMembers } from '../data/repositories/billing.ts';
import { listClubMembers } from '../data/repositories/club-members.ts';
import { memberCardOf } from '../data/repositories/member-cards.ts';
import { ALL_TIME, pointsOf } from '../data/repositories/points.ts';
import { fillCards } from './member-cards.ts';

const ROLE_NAMES: Record<ClubRole, string> = {
  club_owner: 'owner',
  club_moderator: 'moderator',
  club_member: 'member',
};

/** Lines end as spreadsheets expect them (RFC 4180). */
const NEWLINE = '\r\n';

export async function exportMembers(club: Club, query: MemberExportQuery): Promise<MemberExportPage> {
  const page = await listClubMembers(
    club.id,
    { by: 'all' },
    { limit: MEMBER_EXPORT.pageSize, cursor: query.cursor, activeOnly: false },
  );
  const userIds = page.items.map(({ membership }) => membership.userId);
  const [filled, points, paying] = await Promise.all([
    fillCards(
      club.id,
      page.items.flatMap(({ membership, card }) => (card ? [] : [membership.userId])),
    ),
    pointsOf(club.id, ALL_TIME, userIds),
    payingMembers(club.id, userIds),
  ]);
  const rows = page.items.map(({ membership, card, email }) => {
    const fill = filled.get(membership.userId);
    const score = points.get(membership.userId) ?? 0;
    const all = membership.answers ?? [];
    const answers = all.filter((answer) => !answer.consent).slice(0, MEMBERSHIP_QUESTIONS.max);
    return [
      (card ?? fill?.card ?? memberCardOf(null)).name,
      email ?? fill?.email ?? '',
      ROLE_NAMES[membership.role],
      membership.status,
      (membership.activatedAt ?? membership.createdAt).slice(0, 10),
      String(levelOf(score)),
      String(score),
      paying.has(membership.userId) ? 'paid' : 'free',
      all.some((answer) => answer.consent) ? 'yes' : '',
      ...Array.from({ length: MEMBERSHIP_QUESTIONS.max }, (_, i) => [
        answers[i]?.question ?? '',
        answers[i]?.answer ?? '',
      ]).flat(),
    ];
  });
  const lines = query.cursor ? rows : [[...MEMBER_EXPORT_HEADER], ...rows];
  const csv =
    lines.length > 0 ? Papa.unparse(lines, { escapeFormulae: true, newline: NEWLINE }) + NEWLINE : '';
  return { csv, rows: rows.length, nextCursor: page.nextCursor };
}
