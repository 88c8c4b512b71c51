/**
 * A super admin suspends a club (it becomes inactive: out of the directory and search, closed to
 * its members and to new joins and checkouts; its owner still enters it) and reactivates it (back
 * to the status it had). Each action and its audit entry (who, what, when, before and after) are
 * one transaction, so the log holds exactly the actions that happened.
 */
import type { AuditEntry, Club, ClubStatus } from '@clubs/shared';
import { indexKeys } from '@clubs/shared/table-keys';
import { type Actor, auditItem, listAudit } from '../audit-trail.ts';
import type { Page } from '../query.ts';
import { rewriteClub } from './clubs.ts';

export type { Actor } from '../audit-trail.ts';

export type SuspensionResult = { ok: true; club: Club } | { ok: false; reason: 'missing' | 'conflict' };

const shown = (club: Club) => ({ status: club.status, suspendedAt: club.suspendedAt ?? null });

/** Applies a status move with its audit entry; `plan` says what to write, or why not. */
async function moveWithAudit(
  clubId: string,
  action: AuditEntry['action'],
  actor: Actor,
  plan: (club: Club) => { status: ClubStatus; set: Record<string, unknown>; remove: string[] } | null,
  now: Date,
  announce: readonly Record<string, unknown>[],
): Promise<SuspensionResult> {
  let refused = false;
  const club = await rewriteClub(clubId, (current) => {
    const move = plan(current);
    refused = move === null;
    if (!move) return null;
    const set = { ...move.set, status: move.status, gsi1pk: indexKeys.clubStatusPartition(move.status) };
    const after = { ...current, ...set } as Club;
    for (const name of move.remove) delete (after as Record<string, unknown>)[name];
    const facts = { action, club: current, before: shown(current), after: shown(after) };
    return {
      set,
      remove: move.remove,
      alsoPut: [auditItem({ platform: true }, actor, facts, now), ...announce],
    };
  });
  if (club) return { ok: true, club };
  return { ok: false, reason: refused ? 'conflict' : 'missing' };
}

/**
 * Suspends a club that is not suspended or closed (a deleted club stays deleted); `announce` are
 * outbox items written with it (its members' billing follows).
 */
export function suspendClub(
  clubId: string,
  actor: Actor,
  now = new Date(),
  announce: readonly Record<string, unknown>[] = [],
): Promise<SuspensionResult> {
  return moveWithAudit(
    clubId,
    'club.suspend',
    actor,
    (club) =>
      club.suspendedAt || club.status === 'inactive'
        ? null
        : {
            status: 'inactive',
            set: { suspendedAt: now.toISOString(), suspendedFrom: club.status },
            remove: [],
          },
    now,
    announce,
  );
}

/**
 * Gives a suspended club back its status: the one its creator plan stands for now (`planStatus`,
 * so a plan that ended or went unpaid during the suspension is not undone), else the one it had;
 * a club held as pending stays pending. Any other club is left alone (a club deleted while
 * suspended is no longer suspended: it stays closed).
 */
export function reactivateClub(
  clubId: string,
  actor: Actor,
  now = new Date(),
  planStatus: ClubStatus | null = null,
  announce: readonly Record<string, unknown>[] = [],
): Promise<SuspensionResult> {
  return moveWithAudit(
    clubId,
    'club.reactivate',
    actor,
    (club) => {
      if (!club.suspendedAt) return null;
      const before = club.suspendedFrom ?? 'active';
      const status = before === 'pending' ? before : (planStatus ?? before);
      return { status, set: {}, remove: ['suspendedAt', 'suspendedFrom'] };
    },
    now,
    announce,
  );
}

/** The audit log, newest first, by cursor. */
export function listAuditLog(page: { limit: number; cursor?: string }): Promise<Page<AuditEntry>> {
  return listAudit({ platform: true }, page);
}
