/**
 * The club's shared invite link `{origin}/invite/{clubId}/{token}`: made on its
 * first read and kept until the owner regenerates it, which stops the old link at once.
 */
import type { InviteLink } from '@clubs/shared';
import {
  getInviteLink,
  keepFirstInviteLink,
  replaceInviteLink,
} from '../../data/repositories/invitations.ts';
import { newInviteToken } from './tokens.ts';

const freshLink = (): InviteLink => ({ token: newInviteToken(), createdAt: new Date().toISOString() });

export async function inviteLinkOf(clubId: string, userId: string): Promise<InviteLink> {
  return (await getInviteLink(clubId)) ?? keepFirstInviteLink(clubId, freshLink(), userId);
}

export async function regenerateInviteLink(clubId: string, userId: string): Promise<InviteLink> {
  const link = freshLink();
  await replaceInviteLink(clubId, link, userId);
  return link;
}
