/**
 * The stored-XSS fixture, written once through the API: for every payload a club (name and
 * description, activated by paying its creator plan on the simulator; its membership question and
 * e-mail consent line), a person (profile name,
 * bio and location) who joins the main club by paying its membership, a post by that person (title and
 * content) and a comment by that person on one post; in the main club, by its owner, an event
 * and a course (title and description) per payload, and one course with a section per payload
 * (title); each payload's club asks its membership question in the payload's words, and each
 * person answers the main club's question with it when they join; each person reports the next person's post with the payload as the report's text, and
 * sends the viewer a chat message in the payload's words, then reports that conversation with it.
 * The main club belongs to the same owner,
 * and a plain member (the viewer) joins it to read the feed and the members' profiles.
 */

import { UNPAID_CLUBS_PER_ACCOUNT } from '@clubs/shared';
import { inBatches, type Person, type XssApi } from './api.ts';
import { type Payload, textFor } from './corpus.ts';
import { type Carrier, FIELDS } from './fields.ts';

export interface World {
  corpus: readonly Payload[];
  owner: Person;
  member: Person;
  mainClub: string;
  /** By payload: the club carrying it, the person carrying it. */
  clubs: string[];
  people: string[];
  /** By payload: the invite link token of its club. */
  inviteTokens: string[];
  /** The post every comment is written on (the newest). */
  commentedPost: string;
  /** The main club's course holding one section per payload. */
  sectionCourse: string;
  /** How many texts were written (payloads × fields). */
  written: number;
}

/** The texts one carrier takes for one payload, by field code. */
function texts(payload: Payload, carrier: Carrier): Record<string, string> {
  return Object.fromEntries(
    FIELDS.filter((f) => f.carrier === carrier).map((f) => [f.code, textFor(payload, f.code)]),
  );
}

/** Concurrent requests while writing: enough to overlap the stack's waits, few enough for 2 cores. */
const WIDTH = 6;

async function activeClub(api: XssApi, owner: Person, name: string, description: string): Promise<string> {
  const club = await api.call<{ id: string }>(owner, 'POST', '/api/clubs', { name, description });
  const checkout = await api.call<{ url: string }>(owner, 'POST', `/api/clubs/${club.id}/plan-checkout`, {});
  await api.payCheckout(checkout.url);
  await api.until(
    () => api.status(null, `/api/clubs/${club.id}`),
    (s) => s === 200,
    `club ${club.id} active`,
  );
  return club.id;
}

/** The owner's main club: active, paid (so people join it by paying), owner onboarded for Connect. */
async function mainClub(api: XssApi, owner: Person): Promise<string> {
  const id = await activeClub(api, owner, 'Stored XSS Club', 'Where every payload is posted.');
  const onboarding = await api.call<{ url: string }>(
    owner,
    'POST',
    `/api/clubs/${id}/connect-onboarding`,
    {},
  );
  await api.submitSimulatorForm(onboarding.url, { action: 'complete' });
  await api.call(owner, 'PUT', `/api/clubs/${id}/pricing`, {
    model: 'paid',
    monthlyPrice: 5,
    freeTrial: false,
    currency: 'USD',
  });
  // Whoever joins may answer one question; the payloads' people answer it in their words.
  await api.call(owner, 'PUT', `/api/clubs/${id}/membership-questions`, {
    questions: [{ text: 'What brings you here?', required: false }],
  });
  return id;
}

async function join(api: XssApi, person: Person, clubId: string, answer?: string): Promise<void> {
  const checkout = await api.call<{ url: string }>(
    person,
    'POST',
    `/api/clubs/${clubId}/membership-checkout`,
    answer === undefined ? {} : { answers: [answer] },
  );
  await api.payCheckout(checkout.url);
  await api.until(
    () => api.call<{ status: string }>(person, 'GET', `/api/clubs/${clubId}/membership`),
    (m) => m.status === 'active',
    `${person.email} active in ${clubId}`,
  );
}

/** The two people who own and read: created first, so the browser can sign them in meanwhile. */
export async function viewers(api: XssApi): Promise<{ owner: Person; member: Person }> {
  const [owner, member] = await Promise.all([api.person('owner'), api.person('viewer')]);
  return { owner, member };
}

export async function buildWorld(
  api: XssApi,
  corpus: readonly Payload[],
  { owner, member }: { owner: Person; member: Person },
): Promise<World> {
  const main = mainClub(api, owner);
  // One account holds at most UNPAID_CLUBS_PER_ACCOUNT clubs waiting for their plan, the main
  // club among them while it is being paid: the payloads' clubs are created that many at a time.
  const clubs = inBatches(corpus, UNPAID_CLUBS_PER_ACCOUNT - 1, async (payload) => {
    const club = texts(payload, 'club');
    const id = await activeClub(api, owner, club.cn as string, club.cd as string);
    await api.call(owner, 'PUT', `/api/clubs/${id}/membership-questions`, {
      questions: [{ text: club.mq, required: false }],
      consent: club.mc,
    });
    return id;
  });
  const mainId = await main;
  const people = inBatches(corpus, WIDTH, async (payload) => {
    const person = await api.person(`p${payload.id}`);
    const profile = texts(payload, 'person');
    await api.call(person, 'PATCH', '/api/me', {
      fullName: profile.pn,
      bio: profile.pb,
      location: profile.pl,
    });
    await join(api, person, mainId, profile.ma);
    const post = texts(payload, 'post');
    const created = await api.call<{ id: string }>(person, 'POST', `/api/clubs/${mainId}/posts`, {
      title: post.pt,
      content: post.pc,
    });
    // The owner's like gives the person a point, so their name is on the leaderboard too.
    await api.call(owner, 'PUT', `/api/clubs/${mainId}/posts/${created.id}/like`);
    return { person, post: created.id };
  });
  await join(api, member, mainId);
  const authors = await people;
  // The comments go on the post the feed shows first, so the viewer finds it without scrolling.
  const feed = await api.call<{ items: { id: string }[] }>(member, 'GET', `/api/clubs/${mainId}/posts`);
  const commentedPost = feed.items[0]?.id as string;
  await inBatches(corpus, WIDTH, (payload, i) =>
    api.call(authors[i]?.person as Person, 'POST', `/api/clubs/${mainId}/posts/${commentedPost}/comments`, {
      content: texts(payload, 'comment').cm,
    }),
  );
  // One event per payload, a day apart, all upcoming, written by the owner.
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await inBatches(corpus, WIDTH, (payload, i) => {
    const event = texts(payload, 'event');
    return api.call(owner, 'POST', `/api/clubs/${mainId}/events`, {
      title: event.et,
      description: event.ed,
      location: event.el,
      date: inDays(i + 2),
      timeZone: 'UTC',
    });
  });
  // One course per payload (title, description), and one course with a section per payload.
  await inBatches(corpus, WIDTH, (payload) => {
    const course = texts(payload, 'course');
    return api.call(owner, 'POST', `/api/clubs/${mainId}/courses`, {
      title: course.kt,
      description: course.kd,
    });
  });
  const sectionCourse = await api.call<{ id: string }>(owner, 'POST', `/api/clubs/${mainId}/courses`, {
    title: 'Stored XSS sections',
  });
  // One after another: each new section takes the next sort order.
  for (const payload of corpus) {
    await api.call(owner, 'POST', `/api/clubs/${mainId}/courses/${sectionCourse.id}/sections`, {
      title: texts(payload, 'section').st,
      htmlContent: '<p>A section.</p>',
    });
  }
  // Each person reports the next person's post ('other', in the payload's words): one report per
  // post, below the threshold that would hide it from the feed.
  await inBatches(corpus, WIDTH, (payload, i) => {
    const next = authors[(i + 1) % authors.length];
    return api.call(
      authors[i]?.person as Person,
      'POST',
      `/api/clubs/${mainId}/posts/${next?.post}/reports`,
      {
        reason: 'other',
        text: texts(payload, 'report').rt,
      },
    );
  });
  // Each person chats with the viewer (a conversation through the main club, one message) and
  // reports the conversation in the payload's words.
  await inBatches(corpus, WIDTH, async (payload, i) => {
    const person = authors[i]?.person as Person;
    const chat = texts(payload, 'chat');
    const conversation = await api.call<{ id: string }>(person, 'POST', '/api/me/conversations', {
      userId: member.userId,
      clubId: mainId,
    });
    await api.call(person, 'POST', `/api/me/conversations/${conversation.id}/messages`, { text: chat.cx });
    await api.call(person, 'POST', `/api/me/conversations/${conversation.id}/report`, {
      reason: 'other',
      text: chat.cr,
    });
  });
  const clubIds = await clubs;
  const inviteTokens = await inBatches(clubIds, WIDTH, async (clubId) => {
    const link = await api.call<{ token: string }>(owner, 'GET', `/api/clubs/${clubId}/invite-link`);
    return link.token;
  });
  return {
    corpus,
    owner,
    member,
    mainClub: mainId,
    clubs: clubIds,
    inviteTokens,
    people: authors.map((a) => a.person.userId),
    commentedPost,
    sectionCourse: sectionCourse.id,
    written: corpus.length * FIELDS.length,
  };
}
