/**
 * Membership questions on DynamoDB Local and the Stripe simulator: the owner saves up to three;
 * a free club's join request and a paid club's checkout carry the answers (a required one left
 * blank refuses the request and writes nothing); the answers show on the pending request and
 * after approval to the owner and moderators only; editing the questions leaves the answers
 * given earlier as they were.
 */
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as clubs } from '@clubs/functions/routes/clubs';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler as payments } from '@clubs/functions/routes/payments';
import {
  ANSWER_REQUIRED_MESSAGE,
  CONSENT_GIVEN,
  MEMBERSHIP_QUESTIONS,
  type MemberPage,
  type MembershipQuestion,
  type PublicClub,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember } from '../support/members.ts';
import { call, paidClubs, useTestStripe } from '../support/paid-clubs.ts';

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const stripe = useTestStripe();
const { paidClub } = paidClubs(stripe);

const QUESTIONS: MembershipQuestion[] = [
  { text: 'What brings you here?', required: true },
  { text: 'Where do you swim?', required: false },
];

const saveQuestions = (ownerId: string, clubId: string, questions: unknown) =>
  call<{ questions: MembershipQuestion[] } & ErrorBody>(clubAdmin, 'saveMembershipQuestions', ownerId, {
    params: { clubId },
    body: { questions },
  });
const join = (clubId: string, userId: string, answers?: string[]) =>
  call<{ status: string; created: boolean } & ErrorBody>(memberships, 'requestMembership', userId, {
    params: { clubId },
    ...(answers ? { body: { answers } } : {}),
  });
const membersAs = (viewerId: string, clubId: string, filter?: 'pending') =>
  invoke<MemberPage>(
    members,
    httpEvent('listClubMembers', {
      params: { clubId },
      query: filter ? { filter } : {},
      claims: memberClaims(viewerId),
    }),
  );

/** A free active club whose owner asked QUESTIONS. */
async function askingClub() {
  const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
  const saved = await saveQuestions(ownerId, club.id, QUESTIONS);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { clubId: club.id, ownerId };
}

describe('the owner’s questions', () => {
  it('are saved by the owner alone, at most three, each at most the allowed length, and shown on the club page', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const member = await addMember(club.id);
    // Only the owner edits the club: anyone else is answered as if there were nothing to edit.
    expect((await saveQuestions(member, club.id, QUESTIONS)).status).toBe(404);
    const tooMany = Array.from({ length: MEMBERSHIP_QUESTIONS.max + 1 }, (_, i) => ({
      text: `Question ${i}`,
      required: false,
    }));
    expect((await saveQuestions(ownerId, club.id, tooMany)).status).toBe(400);
    const tooLong = [{ text: 'x'.repeat(MEMBERSHIP_QUESTIONS.questionLength + 1), required: true }];
    expect((await saveQuestions(ownerId, club.id, tooLong)).status).toBe(400);
    expect((await saveQuestions(ownerId, club.id, [{ text: '   ', required: true }])).status).toBe(400);

    const saved = await saveQuestions(ownerId, club.id, QUESTIONS);
    expect(saved).toMatchObject({ status: 200, body: { questions: QUESTIONS } });
    const page = await call<PublicClub>(clubs, 'getClub', ulid(), { params: { clubId: club.id } });
    expect(page.body.membershipQuestions).toEqual(QUESTIONS);
  });
});

describe('the e-mail consent line', () => {
  it('is shown on the club page and kept, as it was shown, with the answers of whoever ticks it', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const line = 'I agree to receive the club newsletter by e-mail';
    const save = (consent: string) =>
      call<{ questions: MembershipQuestion[]; consent: string } & ErrorBody>(
        clubAdmin,
        'saveMembershipQuestions',
        ownerId,
        { params: { clubId: club.id }, body: { questions: [], consent } },
      );
    expect((await save('x'.repeat(MEMBERSHIP_QUESTIONS.consentLength + 1))).status).toBe(400);
    expect((await save(`  ${line}  `)).body).toEqual({ questions: [], consent: line });
    const page = await call<PublicClub>(clubs, 'getClub', ulid(), { params: { clubId: club.id } });
    expect(page.body.membershipConsent).toBe(line);

    const [ticks, declines] = [ulid(), ulid()];
    for (const [person, consent] of [
      [ticks, true],
      [declines, false],
    ] as const) {
      const res = await call(memberships, 'requestMembership', person, {
        params: { clubId: club.id },
        body: { answers: [], consent },
      });
      expect(res.body).toEqual({ status: 'pending', created: true });
    }
    const kept = [{ question: line, answer: CONSENT_GIVEN, consent: true }];
    const pending = async () => (await membersAs(ownerId, club.id, 'pending')).body.items;
    expect((await pending()).find((m) => m.userId === ticks)?.answers).toEqual(kept);
    expect((await pending()).find((m) => m.userId === declines)).not.toHaveProperty('answers');
    // A new line does not rewrite what someone agreed to.
    await save('Another line');
    expect((await pending()).find((m) => m.userId === ticks)?.answers).toEqual(kept);
  });
});

describe('a free club’s join request', () => {
  it('is refused with the question named when a required answer is blank, and nothing is written', async () => {
    const { clubId } = await askingClub();
    const person = ulid();
    for (const answers of [undefined, ['   ', 'Lake Geneva'], ['x', 'y', 'one too many']]) {
      const res = await join(clubId, person, answers);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const blank = await join(clubId, person, ['', '']);
    expect(blank.body.error.details).toEqual([{ path: 'body.answers.0', message: ANSWER_REQUIRED_MESSAGE }]);
    const tooLong = await join(clubId, person, ['x'.repeat(MEMBERSHIP_QUESTIONS.answerLength + 1)]);
    expect(tooLong.status).toBe(400);
    expect(await getMembership(clubId, person)).toBeNull();
  });

  it('keeps the answers with their questions, shows them to the owner and moderators only, before and after approval, unchanged by later edits', async () => {
    const { clubId, ownerId } = await askingClub();
    const moderator = await addMember(clubId, { role: 'club_moderator' });
    const member = await addMember(clubId);
    const person = ulid();
    const res = await join(clubId, person, ['  Cold water and good company  ', '']);
    expect(res.body).toEqual({ status: 'pending', created: true });
    const expected = [{ question: 'What brings you here?', answer: 'Cold water and good company' }];

    for (const viewer of [ownerId, moderator]) {
      const pending = await membersAs(viewer, clubId, 'pending');
      expect(pending.body.items.find((m) => m.userId === person)?.answers).toEqual(expected);
    }

    // New questions do not rewrite what was asked and answered before.
    await saveQuestions(ownerId, clubId, [{ text: 'A different question?', required: true }]);
    const approved = await call(members, 'approveClubMember', ownerId, {
      params: { clubId, userId: person },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const asOwner = await membersAs(ownerId, clubId);
    expect(asOwner.body.items.find((m) => m.userId === person)?.answers).toEqual(expected);
    const asMember = await membersAs(member, clubId);
    const seen = asMember.body.items.find((m) => m.userId === person);
    expect(seen?.status).toBe('active');
    expect(seen).not.toHaveProperty('answers');
  });

  it('are found by owners and moderators searching the answers, before and after approval; members may not search them', async () => {
    const { clubId, ownerId } = await askingClub();
    const moderator = await addMember(clubId, { role: 'club_moderator' });
    const member = await addMember(clubId);
    const swimmer = ulid();
    const runner = ulid();
    await join(clubId, swimmer, ['Cold WATER and good company', 'Lake Zürich']);
    await join(clubId, runner, ['Long runs on Sundays']);
    const searchAnswers = (viewerId: string, q: string) =>
      invoke<MemberPage & ErrorBody>(
        members,
        httpEvent('listClubMembers', {
          params: { clubId },
          query: { q, searchIn: 'answers' },
          claims: memberClaims(viewerId),
        }),
      );
    const found = async (viewerId: string, q: string) => {
      const res = await searchAnswers(viewerId, q);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((m) => m.userId);
    };

    // Any case and accents, any of the answers, a part of a word; nobody whose answers lack it.
    expect(await found(ownerId, 'water')).toEqual([swimmer]);
    expect(await found(moderator, 'zurich')).toEqual([swimmer]);
    expect(await found(ownerId, 'SUNDAY')).toEqual([runner]);
    expect(await found(ownerId, 'skating')).toEqual([]);
    // A name search does not look at answers.
    const byName = await invoke<MemberPage>(
      members,
      httpEvent('listClubMembers', {
        params: { clubId },
        query: { q: 'water' },
        claims: memberClaims(ownerId),
      }),
    );
    expect(byName.body.items).toEqual([]);

    await call(members, 'approveClubMember', ownerId, { params: { clubId, userId: swimmer } });
    expect(await found(ownerId, 'good company')).toEqual([swimmer]);

    const refused = await searchAnswers(member, 'water');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBeTypeOf('string');
    expect(JSON.stringify(refused.body)).not.toContain(swimmer);
  });

  it('needs no answers from a club that asks none', async () => {
    const { club } = await paidClub({ price: 0, trialPeriod: 0 });
    expect((await join(club.id, ulid())).body).toEqual({ status: 'pending', created: true });
    const emptyBody = await call(memberships, 'requestMembership', ulid(), {
      params: { clubId: club.id },
      body: {},
    });
    expect(emptyBody.body).toEqual({ status: 'pending', created: true });
    expect((await join(club.id, ulid(), ['an answer to nothing'])).status).toBe(400);
  });
});

describe('a paid club’s checkout', () => {
  it('carries the answers to the pending membership, a blank required one refuses the checkout, and an invitation’s checkout asks none', async () => {
    const { club, ownerId } = await paidClub();
    await saveQuestions(ownerId, club.id, QUESTIONS);
    const person = ulid();
    const refused = await call<ErrorBody>(payments, 'createMembershipCheckout', person, {
      params: { clubId: club.id },
      body: { answers: [''] },
    });
    expect(refused.status).toBe(400);
    expect(await getMembership(club.id, person)).toBeNull();

    const res = await call<{ url: string }>(payments, 'createMembershipCheckout', person, {
      params: { clubId: club.id },
      body: { answers: ['Training for a crossing', 'The harbour'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await getMembership(club.id, person))?.answers).toEqual([
      { question: 'What brings you here?', answer: 'Training for a crossing' },
      { question: 'Where do you swim?', answer: 'The harbour' },
    ]);

    // An empty body is a checkout with no answers: refused while a question is required.
    const empty = await call<ErrorBody>(payments, 'createMembershipCheckout', ulid(), {
      params: { clubId: club.id },
      body: {},
    });
    expect(empty.status).toBe(400);

    const invited = ulid();
    const asInvited = await call<{ url: string }>(payments, 'createMembershipCheckout', invited, {
      params: { clubId: club.id },
    });
    expect(asInvited.status, JSON.stringify(asInvited.body)).toBe(200);
    expect(await getMembership(club.id, invited)).toMatchObject({ status: 'pending' });
    expect((await getMembership(club.id, invited))?.answers).toBeUndefined();
  });
});
