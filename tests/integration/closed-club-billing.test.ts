/**
 * Members are not charged by a club that is not open to them, against DynamoDB Local, the local
 * bus, the SES emulator and the Stripe simulator: the owner's plan going past due pauses every
 * member subscription's collection (void) and a paid renewal resumes it; the plan ending cancels
 * them; each member is told by e-mail (prorated refunds not owed). A member may leave a club that
 * is not active, and its subscription ends at once. A suspended club's plan that ended meanwhile
 * keeps it closed at reactivation, and a club deleted while suspended is not reopened.
 */
import { getSubscriptionRecord } from '@clubs/functions/data/repositories/billing';
import { getClub, updateClub } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { setSesClient } from '@clubs/functions/email/send-email';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as payments } from '@clubs/functions/routes/payments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useBus } from '../support/bus.ts';
import { addPerson } from '../support/members.ts';
import { call, deliver, paidClubs, subscriptionOf, useTestStripe } from '../support/paid-clubs.ts';
import { clearSentEmails, readSentEmails, startSesEmulator } from '../support/ses-store.ts';
import { ofType } from '../support/stripe.ts';
import { asAdmin } from '../support/super-admin.ts';

const stripe = useTestStripe();
const bus = useBus();
const { sim, onboardedOwner, createdClub, payPlan, paidMember } = paidClubs(stripe);

let ses: Awaited<ReturnType<typeof startSesEmulator>>;
beforeAll(async () => {
  ses = await startSesEmulator();
  process.env.SES_ENDPOINT = ses.url;
  process.env.EMAIL_FROM = 'no-reply@clubs.test';
  setSesClient(undefined);
});
afterAll(async () => {
  setSesClient(undefined);
  await ses.stop();
});
beforeEach(async () => {
  await clearSentEmails(ses.url);
});

/** Hands Stripe's events to the app and waits for the bus, until both are quiet. */
async function settle() {
  for (let round = 0; round < 6; round++) {
    await bus().idle();
    const events = stripe().takeEvents();
    if (events.length === 0) return;
    for (const event of events) await deliver(event);
  }
}

const subscription = (id: string) => stripe().stripe.subscriptions.retrieve(id);

/** A paid club whose owner paid the creator plan through checkout, with two paying members who have profiles. */
async function clubWithPayingMembers() {
  const ownerId = (await onboardedOwner()).ownerId;
  const created = await createdClub(ownerId, 'Night Owls');
  const completed = ofType(await payPlan(created.id, ownerId), 'checkout.session.completed');
  await deliver(completed);
  await settle();
  const plan = subscriptionOf(completed);
  await updateClub(created.id, { price: 10, currency: 'EUR', trialPeriod: 0 });
  const people = [await addPerson('Mia Member'), await addPerson('Max Member')];
  const paying = [];
  for (const id of people) paying.push(await paidMember(created.id, id));
  await settle();
  expect((await getClub(created.id))?.status).toBe('active');
  return { clubId: created.id, ownerId, plan, paying };
}

async function mailTo(userId: string) {
  const sent = await readSentEmails(ses.url);
  // The address is the one on the member's profile, whichever domain their sign-in gave it.
  return sent.filter((email) => email.to[0]?.startsWith(`${userId.toLowerCase()}@`));
}

describe("members' billing follows their club's plan", () => {
  it('plan past due pauses the members (told once), a paid renewal resumes them; the plan ending cancels them', async () => {
    const { clubId, plan, paying } = await clubWithPayingMembers();

    sim().failRenewal(plan);
    await settle();
    expect((await getClub(clubId))?.status).toBe('unpaid');
    for (const member of paying) {
      expect((await subscription(member.subscriptionId)).pause_collection).toMatchObject({
        behavior: 'void',
      });
      const mail = await mailTo(member.memberId);
      expect(mail.map((email) => email.subject)).toEqual(['Your membership payments are paused: Night Owls']);
    }
    // A member's renewal while the club is unpaid is voided: nothing is charged.
    const renewed = sim().renew(paying[0]?.subscriptionId as string);
    expect(sim().store.get(String(renewed.latest_invoice), 'invoice')).toMatchObject({ status: 'void' });
    await settle();

    sim().renew(plan);
    await settle();
    expect((await getClub(clubId))?.status).toBe('active');
    for (const member of paying) {
      expect((await subscription(member.subscriptionId)).pause_collection).toBeNull();
      expect((await mailTo(member.memberId)).map((email) => email.subject)).toContain(
        'Your membership payments resume: Night Owls',
      );
      expect(await getMembership(clubId, member.memberId)).toMatchObject({ status: 'active' });
    }

    await clearSentEmails(ses.url);
    sim().cancelSubscription(plan);
    await settle();
    expect((await getClub(clubId))?.status).toBe('inactive');
    for (const member of paying) {
      expect((await subscription(member.subscriptionId)).status).toBe('canceled');
      const mail = await mailTo(member.memberId);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.subject).toBe('Your membership has ended: Night Owls');
      expect(mail[0]?.text).toContain('prorated refunds for the rest of the current period are not owed');
      expect(await getMembership(clubId, member.memberId)).toBeNull();
    }
  });

  it('a member leaves an unpaid club: the paused subscription ends at once', async () => {
    const { clubId, plan, paying } = await clubWithPayingMembers();
    sim().failRenewal(plan);
    await settle();
    expect((await getClub(clubId))?.status).toBe('unpaid');
    const member = paying[0] as { memberId: string; subscriptionId: string };

    const left = await call(members, 'leaveClub', member.memberId, { params: { clubId } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toEqual({ left: true, endsAt: null });
    expect((await subscription(member.subscriptionId)).status).toBe('canceled');
    expect(await getMembership(clubId, member.memberId)).toBeNull();
    // Someone who is not a member learns nothing of the club.
    const stranger = await call(members, 'leaveClub', await addPerson('Stan Stranger'), {
      params: { clubId },
    });
    expect(stranger.status).toBe(404);
  });

  it('reactivating a suspended club whose plan ended meanwhile keeps it closed and ends its members', async () => {
    const { clubId, plan, paying } = await clubWithPayingMembers();
    expect((await asAdmin('suspendClub', clubId)).status).toBe(200);
    await settle();
    sim().cancelSubscription(plan);
    await settle();
    expect((await getSubscriptionRecord({ kind: 'club_plan', clubId }))?.status).toBe('canceled');

    expect((await asAdmin('reactivateClub', clubId)).status).toBe(200);
    await settle();
    expect((await getClub(clubId))?.status).toBe('inactive');
    for (const member of paying) expect((await subscription(member.subscriptionId)).status).toBe('canceled');
  });

  it('a club its owner deleted while suspended is not reopened by a reactivation', async () => {
    const { clubId, ownerId } = await clubWithPayingMembers();
    expect((await asAdmin('suspendClub', clubId)).status).toBe(200);
    const deleted = await call(payments, 'deleteClub', ownerId, { params: { clubId } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await asAdmin('reactivateClub', clubId)).status).toBe(409);
    expect((await getClub(clubId))?.status).toBe('inactive');
  });
});
