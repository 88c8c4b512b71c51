/**
 * The audit trail: who did what, when, with the state before and after. The platform's log holds
 * super admins' actions (suspensions); each club's trail holds its owner's and moderators'
 * (moderation decisions, bans). An entry is written in the same transaction as the action where
 * the action is one write, so the trail holds exactly the actions that happened.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type AuditEntry, auditEntrySchema } from '@clubs/shared';
import { adminKeys, clubAuditPartition, keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { db, tableName } from './client.ts';
import { type Page, queryPage } from './query.ts';

export interface Actor {
  userId: string;
  email: string;
}

/** Whose trail: the platform's (super admins) or one club's. */
export type AuditTrail = { platform: true } | { clubId: string };

const partitionOf = (trail: AuditTrail) =>
  'platform' in trail ? adminKeys.auditPartition : clubAuditPartition(trail.clubId);

const keyOf = (trail: AuditTrail, id: string) =>
  'platform' in trail ? adminKeys.audit(id) : keys.clubAudit(trail.clubId, id);

export interface AuditFacts {
  action: AuditEntry['action'];
  club: { id: string; name: string };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The item of one entry, to put alone or inside the action's transaction. */
export function auditItem(trail: AuditTrail, actor: Actor, facts: AuditFacts, now: Date) {
  const id = ulid(now.getTime());
  const entry: AuditEntry = {
    id,
    at: now.toISOString(),
    actorId: actor.userId,
    actorEmail: actor.email,
    action: facts.action,
    clubId: facts.club.id,
    clubName: facts.club.name,
    before: facts.before,
    after: facts.after,
  };
  return { ...keyOf(trail, id), type: 'audit', ...entry };
}

/** Writes one entry by itself (after an action of several writes). */
export async function writeAudit(trail: AuditTrail, actor: Actor, facts: AuditFacts, now = new Date()) {
  await db().send(new PutCommand({ TableName: tableName(), Item: auditItem(trail, actor, facts, now) }));
}

/** A trail, newest first, by cursor: one query. */
export function listAudit(
  trail: AuditTrail,
  page: { limit: number; cursor?: string },
): Promise<Page<AuditEntry>> {
  return queryPage({ partition: partitionOf(trail), order: 'descending' }, page, (item) =>
    auditEntrySchema.parse(item),
  );
}
