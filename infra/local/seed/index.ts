/**
 * Seeds the demo data on first start: Cognito accounts through the Cognito API (cognito-local),
 * images into the media bucket, and the table's items as the product stores them. Profiles,
 * active memberships, posts, comments and likes (nearly every item) are built by the
 * repositories' item builders and loaded with BatchWriteItem (data/batch-write.ts); what they
 * count is then built once by the code the rebuilds use: each club's member count with what moves
 * with it (size entries, platform figures, joins; rebuildMemberCount, as `npm run
 * rebuild-figures`), the posts' like and comment counts from the rows written, the leaderboard's
 * points (points.ts pointsItemsOfLikes), each club's analytics (rebuildClubStats, as `npm run
 * rebuild-analytics`) and search index (rebuildClubIndex, as `npm run rebuild-search`). Clubs,
 * join requests, courses, events and the pins go through the repositories' own writes; the demo
 * member's chats are built by the chat repository's item builder and loaded with the batches
 * (each person's unread count is counted from them by its first read, as for any chat data stored
 * without one).
 * `eventPath` writes memberships, posts, comments and likes one by one through their
 * repositories' transactions instead, as requests do: the reference the seed's test compares with.
 *
 * Ids are derived from names (seed/ids.ts) and every write is conditional or a whole item, so an
 * interrupted seeding resumes without duplicates; `<localDir>/seed.json` remembers that it is done.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { withoutChangeEvents } from '@clubs/functions/bus/change-events';
import { batchPutAll } from '@clubs/functions/data/batch-write';
import { recordActiveMember } from '@clubs/functions/data/club-stats';
import { rebuildClubStats } from '@clubs/functions/data/club-stats-rebuild';
import { transactionConditionFailures } from '@clubs/functions/data/errors';
import { rebuildMemberCount } from '@clubs/functions/data/member-count-rebuild';
import { createEvent } from '@clubs/functions/data/repositories/calendar-events';
import { type Conversation, conversationItems } from '@clubs/functions/data/repositories/chat';
import { createClubWithOwner, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { addComment, commentItem, type StoredComment } from '@clubs/functions/data/repositories/comments';
import { addLike, type Like, likeItem, storedLike } from '@clubs/functions/data/repositories/likes';
import { addMembership, membershipWithCard } from '@clubs/functions/data/repositories/membership-writes';
import { pointsItemsOfLikes } from '@clubs/functions/data/repositories/points';
import { createPost, type NewPost, pinPost, postItem } from '@clubs/functions/data/repositories/posts';
import { createProfileIfAbsent, profileItem } from '@clubs/functions/data/repositories/profiles';
import { conversationIdOf } from '@clubs/functions/services/chat';
import { rebuildClubIndex } from '@clubs/functions/services/search/rebuild';
import {
  type Club,
  EVENT_DURATION_MINUTES,
  type Membership,
  type Profile,
  postMediaPrefixOf,
  SUPER_ADMIN_GROUP,
} from '@clubs/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../config.ts';
import { localS3Client } from '../s3.ts';
import { seedCourses } from './courses.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CLUBS,
  DEMO_CONVERSATIONS,
  DEMO_MEMBER_COUNT,
  DEMO_PASSWORD,
  type DemoClub,
  type DemoPost,
  demoMemberName,
  type Person,
} from './data.ts';
import { pick, seededUlid, seededUuid } from './ids.ts';
import {
  avatarSvg,
  coverSvg,
  logoSvg,
  PALETTES,
  type Palette,
  paletteOf,
  sceneSvg,
  webpOf,
} from './images.ts';
import { scenePng } from './png.ts';
import { newState, readState, type SeedState, writeState } from './state.ts';

/** The demo's video post: a small recorded WebM (scripts/record-demo-clip.ts), read once. */
let clip: Buffer | undefined;
const demoClip = () => {
  clip ??= readFileSync(join(import.meta.dirname, 'demo-clip.webm'));
  return clip;
};
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** Concurrent writes within one club (clubs themselves are seeded side by side too). */
const PARALLEL_WRITES = 4;

export interface SeedOptions {
  localDir: string;
  cognitoEndpoint: string;
  userPoolId: string;
  s3Endpoint: string;
  bucket: string;
  /** Called as each club is done (`npm start` shows one progress line). */
  progress?: (done: number, total: number) => void;
  /** Called once per seeded club (the local Stripe simulator onboards owners of paid clubs). */
  onClubSeeded?: (club: Club, owner: { id: string; name: string; email: string }) => Promise<void>;
  /**
   * Writes profiles, memberships, posts, comments and likes one by one through the repositories'
   * transactions (each counting as it goes, the post's author counted active as a request does)
   * instead of in batches with the counts built once: the reference the seed's test compares with.
   */
  eventPath?: boolean;
  /** The seed's base time (ids and dates derive from it); the first attempt's time by default. */
  baseTime?: number;
}

export interface SeedResult {
  status: 'seeded' | 'skipped';
  ms: number;
}

interface PersonInfo {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  profile: Profile;
}

/** A club's posts, comments and likes, kept to be written in batches with their counts. */
interface ClubWrites {
  clubId: string;
  posts: { post: NewPost; comments: StoredComment[]; likes: Like[] }[];
  /** The pinned post and its author. */
  pin: { postId: string; authorId: string } | null;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
}

/** A write that may already have happened on an interrupted earlier run. */
const alreadyThere = (error: unknown) => transactionConditionFailures(error) !== null;

class Seeder {
  private readonly cognito: CognitoIdentityProviderClient;
  private readonly s3: S3Client;
  private readonly people = new Map<Person, PersonInfo>();
  private readonly uploads: Promise<unknown>[] = [];
  /** Items to load in batches (profiles), and each club's posts, comments and likes. */
  private readonly items: Record<string, unknown>[] = [];
  readonly clubWrites: ClubWrites[] = [];
  /** Each seeded club's id, by its slug. */
  private readonly clubIds = new Map<string, string>();

  constructor(
    private readonly options: SeedOptions,
    private readonly base: number,
  ) {
    this.cognito = new CognitoIdentityProviderClient({
      endpoint: options.cognitoEndpoint,
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    this.s3 = localS3Client(options.s3Endpoint);
  }

  close() {
    this.cognito.destroy();
    this.s3.destroy();
  }

  private iso(time: number): string {
    return new Date(Math.min(time, this.base)).toISOString();
  }

  /** Starts storing a file, its body perhaps still being made (awaited in upload()), and returns its key. */
  private store(
    key: string,
    body: string | Buffer | Promise<Buffer>,
    contentType: string,
    cacheControl?: string,
  ): string {
    const upload = Promise.resolve(body).then((made) =>
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Body: made,
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      ),
    );
    // Reported when upload() awaits it, not as an unhandled rejection before.
    upload.catch(() => undefined);
    this.uploads.push(upload);
    return key;
  }

  /**
   * Starts uploading a generated public image (logo, cover, avatar, event picture) and returns its
   * site path. It is stored as the WebP picture its drawing renders to: the product takes only
   * raster images from people (an SVG can carry script), so the demo's pages load and decode what
   * real clubs' pages do.
   */
  private media(key: string, svg: string): string {
    return `/media/${this.store(`${key}.webp`, webpOf(svg), 'image/webp', 'max-age=3600')}`;
  }

  /**
   * A post's files, stored where the product's uploads go (the author's folder of the club's
   * members-only media) with the types its upload policy allows: generated PNG scenes, or the
   * recorded demo clip for a video post.
   */
  private postMedia(
    where: { clubId: string; authorId: string; postId: string },
    post: DemoPost,
    palette: Palette,
    variant: number,
  ): string[] {
    const folder = postMediaPrefixOf(where.clubId, where.authorId);
    const { postId } = where;
    if (post.type === 'video') return [this.store(`${folder}/${postId}-1.webm`, demoClip(), 'video/webm')];
    return (post.images ?? []).map((_, n) =>
      this.store(`${folder}/${postId}-${n + 1}.png`, scenePng(palette, variant + n), 'image/png'),
    );
  }

  person(who: Person): PersonInfo {
    const info = this.people.get(who);
    if (!info) throw new Error(`unknown demo person ${String(who)}`);
    return info;
  }

  /** A Cognito user (created once, e-mail verified, permanent password); its sub is the id. */
  private async ensureAccount(email: string, name: string, superAdmin: boolean): Promise<string> {
    const UserPoolId = this.options.userPoolId;
    try {
      await this.cognito.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'name', Value: name },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    } catch (error) {
      if (!(error instanceof Error && error.name === 'UsernameExistsException')) throw error;
    }
    await this.cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: email,
        Password: DEMO_PASSWORD,
        Permanent: true,
      }),
    );
    if (superAdmin) {
      await this.cognito.send(
        new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: SUPER_ADMIN_GROUP }),
      );
    }
    const user = await this.cognito.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
    const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
    return sub;
  }

  async createPeople(): Promise<void> {
    for (const account of DEMO_ACCOUNTS) {
      const id = await this.ensureAccount(account.email, account.name, account.superAdmin);
      const avatarUrl = this.media(`avatars/${id}`, avatarSvg(account.name, PALETTES.neutral));
      const profile: Profile = {
        id,
        email: account.email,
        fullName: account.name,
        bio: account.bio,
        location: account.location,
        avatarUrl,
        createdAt: this.iso(this.base - 400 * DAY),
      };
      this.people.set(account.key, { id, name: account.name, email: account.email, avatarUrl, profile });
      await this.profile(profile);
    }
    const palettes = Object.values(PALETTES);
    await eachLimit(
      Array.from({ length: DEMO_MEMBER_COUNT }, (_, i) => i),
      8,
      async (index) => {
        const name = demoMemberName(index);
        const id = seededUuid(`member:${index}`);
        const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${index}@members.clubs.local`;
        // Two in three members have a picture; the rest show initials.
        const avatarUrl =
          index % 3 === 2
            ? null
            : this.media(
                `avatars/${id}`,
                avatarSvg(name, palettes[index % palettes.length] ?? PALETTES.neutral),
              );
        const profile: Profile = {
          id,
          email,
          fullName: name,
          bio: '',
          location: '',
          avatarUrl,
          createdAt: this.iso(this.base - (300 - index) * DAY),
        };
        this.people.set(index, { id, name, email, avatarUrl, profile });
        await this.profile(profile);
      },
    );
    await this.flush();
  }

  private async profile(profile: Profile): Promise<void> {
    if (this.options.eventPath) await createProfileIfAbsent(profile);
    else this.items.push(profileItem(profile));
  }

  /** Loads the items kept so far in batches. */
  private async flush(): Promise<void> {
    await batchPutAll(this.items.splice(0));
  }

  private membersOf(club: DemoClub): Person[] {
    const required = new Set<Person>();
    for (const post of club.posts ?? []) {
      required.add(post.author);
      for (const comment of post.comments) required.add(comment.author);
    }
    required.delete(club.owner);
    for (const account of club.accounts) required.delete(account);
    const community = [...required].filter((p): p is number => typeof p === 'number');
    const pool = Array.from({ length: DEMO_MEMBER_COUNT }, (_, i) => i).filter(
      (i) => i !== club.owner && !community.includes(i),
    );
    const others = pick(pool, Math.max(0, club.extraMembers - community.length), `members:${club.slug}`);
    return [...club.accounts, ...community, ...others];
  }

  async club(demo: DemoClub, index: number): Promise<Club> {
    const createdMs = this.base - demo.daysAgo * DAY - (index % 5) * HOUR;
    const id = seededUlid(`club:${demo.slug}`, createdMs);
    this.clubIds.set(demo.slug, id);
    const palette = paletteOf(demo.category);
    const owner = this.person(demo.owner);
    const club: Omit<Club, 'memberCount'> = {
      id,
      ownerId: owner.id,
      name: demo.name,
      description: demo.description,
      logoUrl: this.media(`clubs/${id}/logo`, logoSvg(demo.name, palette)),
      coverImageUrl: this.media(`clubs/${id}/cover`, coverSvg(demo.name, palette)),
      createdAt: this.iso(createdMs),
      price: demo.price,
      currency: demo.currency,
      trialPeriod: demo.trialPeriod,
      category: demo.category,
      // Clubs start unpaid and are activated, as the creator plan's payment does.
      status: 'unpaid',
    };
    try {
      await createClubWithOwner(club, club.createdAt, { name: owner.name, email: owner.email });
    } catch (error) {
      if (!alreadyThere(error)) throw error;
    }

    const members = this.membersOf(demo);
    const span = Math.max(HOUR, this.base - createdMs);
    const memberships = members.map((who, i) => {
      const moderates = typeof who === 'string' && (demo.moderators ?? []).includes(who);
      const person = this.person(who);
      const membership: Membership = {
        clubId: id,
        userId: person.id,
        role: moderates ? 'club_moderator' : 'club_member',
        status: 'active',
        createdAt: this.iso(createdMs + Math.floor((span * (i + 1)) / (members.length + 2))),
      };
      return { membership, profile: person.profile };
    });
    if (this.options.eventPath) {
      // Transactions on one club item may run side by side: the count stays exact.
      await eachLimit(memberships, PARALLEL_WRITES, async ({ membership, profile }) => {
        await addMembership(membership, [], profile);
      });
    } else {
      // Loaded in batches, then counted once with all the count moves (member count, members
      // version, size entries, platform figures, joins) by the recount of `npm run rebuild-figures`.
      await batchPutAll(
        memberships.map(({ membership, profile }) => membershipWithCard(membership, profile)),
      );
      await rebuildMemberCount(id);
    }
    for (const who of demo.pending ?? []) {
      const person = this.person(who);
      await addMembership(
        {
          clubId: id,
          userId: person.id,
          role: 'club_member',
          status: 'pending',
          createdAt: this.iso(this.base - 2 * DAY),
        },
        [],
        person.profile,
      );
    }
    // Activated once its members are in, so the directory lists it at its size from the start.
    if (demo.status !== 'unpaid') await setClubStatus(id, demo.status, 'unpaid');
    const everyone: Person[] = [demo.owner, ...members];
    await this.posts(demo, id, everyone);
    await this.courses(demo, id, owner.id);
    await this.events(demo, id, everyone);
    return { ...club, status: demo.status, memberCount: everyone.length };
  }

  private async posts(demo: DemoClub, clubId: string, everyone: Person[]) {
    const palette = paletteOf(demo.category);
    const writes: ClubWrites = { clubId, posts: [], pin: null };
    for (const [i, post] of (demo.posts ?? []).entries()) {
      const createdMs = this.base - post.daysAgo * DAY + i * 7 * 60 * 1000;
      const id = seededUlid(`post:${demo.slug}:${i}`, createdMs);
      const author = this.person(post.author);
      const media = this.postMedia({ clubId, authorId: author.id, postId: id }, post, palette, i);
      const comments = post.comments.map((comment, j): StoredComment => {
        const at = createdMs + (j + 1) * 47 * 60 * 1000;
        const commenter = this.person(comment.author);
        return {
          id: seededUlid(`comment:${id}:${j}`, Math.min(at, this.base)),
          postId: id,
          authorId: commenter.id,
          authorName: commenter.name,
          authorAvatar: commenter.avatarUrl,
          content: comment.content,
          createdAt: this.iso(at),
        };
      });
      const likes = pick(everyone, post.likes, `likes:${id}`).map(
        (who, j): Like => ({
          postId: id,
          userId: this.person(who).id,
          createdAt: this.iso(createdMs + (j + 1) * 13 * 60 * 1000),
        }),
      );
      writes.posts.push({
        post: {
          id,
          clubId,
          authorId: author.id,
          authorName: author.name,
          authorAvatar: author.avatarUrl,
          title: post.title,
          content: post.content,
          type: post.type ?? (media.length > 0 ? 'image' : 'text'),
          media,
          isPinned: false,
          createdAt: this.iso(createdMs),
        },
        comments,
        likes,
      });
      if (post.pinned) writes.pin = { postId: id, authorId: author.id };
    }
    if (this.options.eventPath) await this.postsOneByOne(writes);
    else this.keepPosts(writes);
    this.clubWrites.push(writes);
  }

  /** Each post, comment and like through its repository's transaction, as requests write them. */
  private async postsOneByOne({ clubId, posts, pin }: ClubWrites) {
    for (const { post, comments, likes } of posts) {
      await createPost(post);
      await recordActiveMember(clubId, post.authorId, new Date(post.createdAt));
      if (pin?.postId === post.id) await pinPost(clubId, post.id, post.authorId);
      for (const comment of comments) await addComment(clubId, comment);
      // Through the like's own transaction with the post's author: their points (all time and
      // the 7- and 30-day windows of the like's day) as the product keeps them.
      await eachLimit(likes, PARALLEL_WRITES, async (like) => {
        await addLike(clubId, like, post.authorId);
      });
    }
  }

  /**
   * The club's posts (each with the counts of the comments and likes written with it), comments,
   * likes and the points the likes earn, kept to be loaded in batches; the pinned post is stored
   * pinned, and the pin itself is written by pinPost after the batches.
   */
  private keepPosts({ clubId, posts, pin }: ClubWrites) {
    const stored: Like[] = [];
    for (const { post, comments, likes } of posts) {
      this.items.push(
        postItem({
          ...post,
          isPinned: pin?.postId === post.id,
          likeCount: likes.length,
          commentCount: comments.length,
        }),
        ...comments.map(commentItem),
      );
      for (const like of likes) stored.push(storedLike(like, post.authorId));
    }
    this.items.push(...stored.map(likeItem), ...pointsItemsOfLikes(clubId, stored));
  }

  /**
   * Writes what the clubs' repository writes left for later: the kept items in batches, the pins,
   * then each club's analytics (rebuilt from its posts, comments and likes, the counters the
   * memberships and courses moved kept) and search index, once per club.
   */
  /** The demo member's chats, kept to be loaded with the other batches (finish). */
  conversations(): void {
    const me = this.person('member').id;
    for (const [i, demo] of DEMO_CONVERSATIONS.entries()) {
      const other = this.person(demo.with).id;
      const clubId = this.clubIds.get(demo.club);
      if (!clubId) throw new Error(`unknown demo club ${demo.club}`);
      const messages = demo.messages.map((message, j) => {
        const at = this.base - message.minutesAgo * MINUTE;
        return {
          id: seededUlid(`chat:${i}:${j}`, at),
          senderId: message.from === 'member' ? me : other,
          text: message.text,
          deleted: false,
          createdAt: this.iso(at),
        };
      });
      const startedAt = this.base - (demo.messages[0]?.minutesAgo ?? 0) * MINUTE - MINUTE;
      const conversation: Conversation = {
        id: conversationIdOf(me, other),
        userIds: [me, other],
        clubId,
        createdAt: this.iso(startedAt),
      };
      const last = messages.at(-1)?.id;
      const readUpTo = new Map(demo.read && last ? [me, other].map((id) => [id, last] as const) : []);
      this.items.push(...conversationItems(conversation, messages, readUpTo));
    }
  }

  async finish(): Promise<void> {
    await this.flush();
    await eachLimit(this.clubWrites, 4, async ({ clubId, pin }) => {
      if (!this.options.eventPath) {
        if (pin) await pinPost(clubId, pin.postId, pin.authorId);
        await rebuildClubStats(clubId);
      }
      await rebuildClubIndex(clubId, { quiet: !this.options.eventPath });
    });
  }

  private async courses(demo: DemoClub, clubId: string, ownerId: string) {
    const learner = (demo.accounts ?? []).includes('member') ? this.person('member').id : null;
    await seedCourses(
      clubId,
      ownerId,
      demo.courses ?? [],
      (course) => this.base - course.daysAgo * DAY,
      {
        store: (key, body, type, cache) => this.store(key, body, type, cache),
        iso: (time) => this.iso(time),
        clip: demoClip,
        palette: paletteOf(demo.category),
        learnerId: learner,
      },
      demo.slug,
    );
  }

  private async events(demo: DemoClub, clubId: string, everyone: Person[]) {
    const palette = paletteOf(demo.category);
    const midnight = Math.floor(this.base / DAY) * DAY;
    for (const [i, event] of (demo.events ?? []).entries()) {
      const startMs = midnight + event.daysFromNow * DAY + event.hour * HOUR;
      const id = seededUlid(`event:${demo.slug}:${i}`, Math.min(startMs, this.base) - 14 * DAY);
      const creator = this.person(demo.owner);
      const others = pick(
        everyone.filter((p) => p !== demo.owner),
        Math.max(0, event.attendees - 1),
        `attendees:${id}`,
      );
      await createEvent(
        {
          id,
          clubId,
          title: event.title,
          description: event.description,
          startDate: new Date(startMs).toISOString(),
          endDate: new Date(startMs + EVENT_DURATION_MINUTES * 60 * 1000).toISOString(),
          location: event.location,
          createdBy: creator.id,
          thumbnail: event.thumbnail ? this.media(`events/${id}`, sceneSvg(event.title, palette, i)) : null,
        },
        [creator.id, ...others.map((p) => this.person(p).id)],
        this.iso(startMs - 7 * DAY),
      );
    }
  }

  async upload(): Promise<void> {
    await Promise.all(this.uploads.splice(0));
  }
}

/** Seeds unless `<localDir>/seed.json` says it is done. */
export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const previous = readState(options.localDir);
  if (previous?.completedAt) return { status: 'skipped', ms: 0 };
  // The first attempt fixes the base time, so a resumed seeding derives the same ids.
  const state: SeedState = previous ?? newState(options.baseTime ?? Date.now());
  writeState(options.localDir, state);
  const seeder = new Seeder(options, state.baseTime);
  try {
    // The seed's writes put no change event on the bus: the only ones they would put are member
    // cards changed, whose one consumer that writes (the search index) the seed replaces by
    // rebuilding each club's index once, through the writer of `npm run rebuild-search`.
    // Clubs are reported done as their repository writes end; their batches, pins, analytics
    // and search indexes follow for all of them at once.
    await withoutChangeEvents(async () => {
      await seeder.createPeople();
      let done = 0;
      options.progress?.(done, DEMO_CLUBS.length);
      await eachLimit(DEMO_CLUBS, 6, async (club, index) => {
        const seeded = await seeder.club(club, index);
        await options.onClubSeeded?.(seeded, seeder.person(club.owner));
        options.progress?.(++done, DEMO_CLUBS.length);
      });
      seeder.conversations();
      await seeder.finish();
      await seeder.upload();
    });
  } finally {
    seeder.close();
  }
  writeState(options.localDir, { ...state, completedAt: new Date().toISOString() });
  return { status: 'seeded', ms: Math.round(performance.now() - started) };
}
