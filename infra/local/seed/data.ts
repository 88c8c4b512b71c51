/**
 * The demo catalogue: who exists, which clubs, and what happens in them. Dates are offsets from
 * the moment of the first seeding, so "new this month" and "upcoming" mean something.
 */
import type { Category, ClubStatus, CourseLevel, PostType } from '@clubs/shared';

export const DEMO_PASSWORD = 'DemoPass123!';

export type AccountKey = 'admin' | 'owner' | 'member';

export interface DemoAccount {
  key: AccountKey;
  email: string;
  name: string;
  superAdmin: boolean;
  bio: string;
  location: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@clubs.local',
    name: 'Ada Admin',
    superAdmin: true,
    bio: 'Keeps the platform running.',
    location: 'London',
  },
  {
    key: 'owner',
    email: 'owner@clubs.local',
    name: 'Olivia Owner',
    superAdmin: false,
    bio: 'Yoga teacher, trail runner and founder of a few clubs.',
    location: 'Lisbon',
  },
  {
    key: 'member',
    email: 'member@clubs.local',
    name: 'Max Member',
    superAdmin: false,
    bio: 'Always up for a new club.',
    location: 'Berlin',
  },
];

const FIRST = [
  'Sofia',
  'Liam',
  'Amara',
  'Noah',
  'Mei',
  'Lucas',
  'Priya',
  'Mateo',
  'Hana',
  'Elijah',
  'Zara',
  'Oscar',
  'Ines',
  'Kenji',
  'Leila',
  'Tomas',
  'Aisha',
  'Felix',
  'Nora',
  'Diego',
  'Yuki',
  'Omar',
  'Clara',
  'Ravi',
  'Elena',
  'Jonas',
  'Fatima',
  'Hugo',
  'Maya',
  'Samuel',
  'Lena',
  'Arjun',
] as const;
const LAST = ['Rossi', 'Okafor', 'Nguyen', 'Schmidt', 'Silva', 'Tanaka', 'Haddad', 'Kowalski'] as const;

/** Community members without accounts: profiles and memberships only. */
export const DEMO_MEMBER_COUNT = 64;

export function demoMemberName(index: number): string {
  return `${FIRST[index % FIRST.length]} ${LAST[Math.floor(index / FIRST.length + index) % LAST.length]}`;
}

/** A person in the catalogue: a demo account, or community member number n. */
export type Person = AccountKey | number;

export interface DemoPost {
  author: Person;
  daysAgo: number;
  title: string;
  content: string;
  /** A video post shows the demo clip (seed/demo-clip.webm); text unless images or video. */
  type?: PostType;
  /** Captions of generated pictures (image posts: PNG files in the members-only media). */
  images?: string[];
  /** Pinned through the same pin the product writes (one per club). */
  pinned?: boolean;
  likes: number;
  comments: { author: Person; content: string }[];
}

export interface DemoCourse {
  title: string;
  description: string;
  level: CourseLevel;
  mainTopic: string;
  targetAudience: string;
  learningGoals: string;
  daysAgo: number;
  sections: { title: string; html: string }[];
}

export interface DemoEvent {
  title: string;
  description: string;
  /** Negative: in the past. */
  daysFromNow: number;
  /** UTC hour of the start. */
  hour: number;
  location: string;
  attendees: number;
  thumbnail?: boolean;
}

export interface DemoClub {
  slug: string;
  name: string;
  description: string;
  category: Category;
  price: number;
  currency: string;
  trialPeriod: number;
  daysAgo: number;
  owner: Person;
  status: ClubStatus;
  /** Demo accounts who are active members (besides the owner). */
  accounts: AccountKey[];
  /** Of `accounts`, those who moderate the club. */
  moderators?: AccountKey[];
  /** Demo accounts with a pending request. */
  pending?: AccountKey[];
  /** Community members, besides the owner and accounts. */
  extraMembers: number;
  posts?: DemoPost[];
  courses?: DemoCourse[];
  events?: DemoEvent[];
}

export const DEMO_CLUBS: readonly DemoClub[] = [
  {
    slug: 'morning-yoga',
    name: 'Morning Yoga Collective',
    description:
      'Gentle flows, breathwork and mobility to start the day. Live sessions three mornings a week, a library of ' +
      'recorded classes and a friendly community that keeps you coming back to the mat.',
    category: 'wellness',
    price: 0,
    currency: 'USD',
    trialPeriod: 0,
    daysAgo: 12,
    owner: 'owner',
    status: 'active',
    accounts: ['member'],
    extraMembers: 22,
    posts: [
      {
        author: 'owner',
        daysAgo: 11,
        title: 'Welcome to the Collective!',
        content:
          'So happy to have you here. Introduce yourself below: where do you practise, and what brings you to yoga?',
        pinned: true,
        likes: 14,
        comments: [
          { author: 'member', content: 'Hi all! Max from Berlin, trying to build a morning habit.' },
          { author: 3, content: 'Hello from Lisbon! Mostly here for the breathwork.' },
          { author: 7, content: 'Back after a long break, excited to start again.' },
        ],
      },
      {
        author: 'owner',
        daysAgo: 6,
        title: 'This week: hips and hamstrings',
        content:
          'We will focus on hip openers and hamstring length. Bring a strap or a belt if you have one.',
        likes: 9,
        comments: [{ author: 12, content: 'My hamstrings are already scared.' }],
      },
      {
        author: 'member',
        daysAgo: 3,
        title: 'Sunrise practice',
        content: 'Managed five mornings in a row. The view made it easier!',
        type: 'image',
        images: ['Sunrise on the balcony'],
        likes: 11,
        comments: [
          { author: 'owner', content: 'Beautiful! Five in a row is a real habit.' },
          { author: 5, content: 'Goals.' },
        ],
      },
      {
        author: 'owner',
        daysAgo: 2,
        title: 'Sunrise in three seconds',
        content: 'A tiny clip from this morning, for everyone who asked what 6 am looks like from my mat.',
        type: 'video',
        likes: 6,
        comments: [{ author: 'member', content: 'Worth getting up for.' }],
      },
      {
        author: 9,
        daysAgo: 1,
        title: 'Question about wrists',
        content: 'Downward dog hurts my wrists after a while. Any tips on hand placement?',
        likes: 4,
        comments: [
          {
            author: 'owner',
            content: 'Spread the fingers wide and press through the knuckles. We will cover it Thursday.',
          },
        ],
      },
    ],
    courses: [
      {
        title: 'Yoga Foundations',
        description: 'Four short lessons that build a safe, steady home practice.',
        level: 'beginner',
        mainTopic: 'Yoga basics',
        targetAudience: 'New and returning practitioners',
        learningGoals: 'Breathe with movement, align the key poses, practise 20 minutes a day',
        daysAgo: 10,
        sections: [
          {
            title: 'Breath first',
            html: '<h2>Breath first</h2><p>Every practice starts with the breath. Sit comfortably and breathe in for four counts, out for six.</p>',
          },
          {
            title: 'Sun salutation A',
            html: '<h2>Sun salutation A</h2><ol><li>Mountain</li><li>Forward fold</li><li>Plank</li><li>Cobra</li><li>Downward dog</li></ol>',
          },
          {
            title: 'Standing poses',
            html: '<h2>Standing poses</h2><p>Warrior I and II, triangle and tree: steady legs, long spine, soft gaze.</p>',
          },
          {
            title: 'Rest and reflect',
            html: '<h2>Rest and reflect</h2><p>Close with five minutes of savasana. Notice how you feel compared with when you started.</p>',
          },
        ],
      },
    ],
    events: [
      {
        title: 'Live flow: Monday energiser',
        description: 'A 45-minute vinyasa to start the week.',
        daysFromNow: 2,
        hour: 7,
        location: 'Online',
        attendees: 9,
        thumbnail: true,
      },
      {
        title: 'Breathwork workshop',
        description: 'Box breathing, alternate-nostril breathing and a guided relaxation.',
        daysFromNow: 9,
        hour: 18,
        location: 'Online',
        attendees: 6,
      },
      {
        title: 'Welcome session',
        description: 'Meet the community and try a gentle first class.',
        daysFromNow: -8,
        hour: 8,
        location: 'Online',
        attendees: 12,
      },
    ],
  },
  {
    slug: 'trail-runners',
    name: 'Trail Runners Club',
    description:
      'Weekly group runs, training plans from 10K to ultra, and route tips from people who love dirt under their ' +
      'shoes. All paces welcome: nobody gets left behind on the climbs.',
    category: 'sports',
    price: 9.99,
    currency: 'USD',
    trialPeriod: 7,
    daysAgo: 140,
    owner: 'owner',
    status: 'active',
    accounts: ['member', 'admin'],
    moderators: ['member'],
    extraMembers: 58,
    posts: [
      {
        author: 'owner',
        daysAgo: 90,
        title: 'Club rules for group runs',
        content:
          'Regroup at every junction, carry water and a phone, and the last runner is always the sweeper.',
        pinned: true,
        likes: 31,
        comments: [{ author: 2, content: 'Sweeper duty is underrated. Count me in.' }],
      },
      {
        author: 4,
        daysAgo: 20,
        title: 'Ridge loop photos',
        content: 'Foggy start, clear summit. 18 km and 900 m of climbing.',
        type: 'image',
        images: ['Ridge at dawn', 'Summit cairn', 'Descent through the pines'],
        likes: 27,
        comments: [
          { author: 'member', content: 'That second photo! Which trail is this?' },
          { author: 4, content: 'The north ridge from the reservoir car park.' },
          { author: 'owner', content: "Adding this to next month's plan." },
        ],
      },
      {
        author: 'member',
        daysAgo: 9,
        title: 'First 20K done',
        content: 'Thanks to everyone who ran with me on Saturday. Legs are tired, heart is full.',
        likes: 35,
        comments: [
          { author: 'owner', content: 'Huge! Ultra next?' },
          { author: 'member', content: 'Let us not get carried away :)' },
        ],
      },
      {
        author: 'owner',
        daysAgo: 4,
        title: 'Spring training block starts Monday',
        content:
          'Twelve weeks, three runs a week, one long run on the weekend. Plans are in the Courses tab.',
        likes: 22,
        comments: [],
      },
      {
        author: 11,
        daysAgo: 2,
        title: 'Shoe recommendations?',
        content: 'Looking for something with a wide toe box for muddy routes. What do you run in?',
        likes: 6,
        comments: [
          { author: 15, content: 'Anything with 5 mm lugs for mud.' },
          { author: 20, content: 'Try before you buy, fit beats brand.' },
        ],
      },
    ],
    courses: [
      {
        title: 'Trail Running 101',
        description: 'From road runner to trail runner in three lessons.',
        level: 'beginner',
        mainTopic: 'Trail running',
        targetAudience: 'Road runners new to trails',
        learningGoals: 'Run hills efficiently, descend safely, pack the right kit',
        daysAgo: 60,
        sections: [
          {
            title: 'Climbing',
            html: '<h2>Climbing</h2><p>Shorten your stride, keep your cadence, and hike when it is faster.</p>',
          },
          {
            title: 'Descending',
            html: '<h2>Descending</h2><p>Look three steps ahead, keep your feet light and your arms wide.</p>',
          },
          {
            title: 'Kit list',
            html: '<h2>Kit list</h2><ul><li>Water</li><li>Jacket</li><li>Phone</li><li>Snacks</li></ul>',
          },
        ],
      },
    ],
    events: [
      {
        title: 'Saturday long run: reservoir loop',
        description: '22 km, three pace groups. Meet at the north car park.',
        daysFromNow: 4,
        hour: 8,
        location: 'Reservoir north car park',
        attendees: 18,
        thumbnail: true,
      },
      {
        title: 'Hill repeats night',
        description: 'Headtorch hill repeats on the park loop.',
        daysFromNow: 16,
        hour: 19,
        location: 'City park, east gate',
        attendees: 7,
      },
      {
        title: 'Winter trail half',
        description: 'Our club race day: 21 km of mud and smiles.',
        daysFromNow: -30,
        hour: 9,
        location: 'Forest visitor centre',
        attendees: 41,
      },
      {
        title: 'Navigation basics',
        description: 'Map and compass skills for longer routes.',
        daysFromNow: -3,
        hour: 18,
        location: 'Online',
        attendees: 15,
      },
    ],
  },
  {
    slug: 'founders-circle',
    name: 'Founders Circle',
    description:
      'A small, focused group of early-stage founders. Weekly accountability check-ins, honest feedback on ' +
      'pitches and pricing, and a course on finding your first paying customers.',
    category: 'business',
    price: 49,
    currency: 'USD',
    trialPeriod: 14,
    daysAgo: 5,
    owner: 'owner',
    status: 'active',
    accounts: [],
    extraMembers: 4,
    posts: [
      {
        author: 'owner',
        daysAgo: 4,
        title: 'Weekly check-in #1',
        content: 'Share one goal for this week and one thing that blocked you last week.',
        likes: 4,
        comments: [
          { author: 30, content: 'Goal: five customer calls. Blocker: I kept polishing the landing page.' },
          { author: 31, content: 'Goal: ship pricing page. Blocker: fear of charging.' },
        ],
      },
      {
        author: 30,
        daysAgo: 2,
        title: 'Pricing feedback wanted',
        content: 'Thinking 19/month for solo users and 49/month for teams. Too cheap?',
        likes: 3,
        comments: [{ author: 'owner', content: 'Probably too cheap for teams. Test 79.' }],
      },
    ],
    courses: [
      {
        title: 'Zero to First Customer',
        description: 'A practical path from idea to the first payment.',
        level: 'intermediate',
        mainTopic: 'Customer discovery',
        targetAudience: 'Founders before product-market fit',
        learningGoals: 'Run interviews, write an offer, close the first sale',
        daysAgo: 4,
        sections: [
          {
            title: 'Find the pain',
            html: '<h2>Find the pain</h2><p>Ask about the last time the problem happened, not about your idea.</p>',
          },
          {
            title: 'Make an offer',
            html: '<h2>Make an offer</h2><p>A clear promise, a price and a deadline.</p>',
          },
          { title: 'Close', html: '<h2>Close</h2><p>Ask for the payment. Silence is fine.</p>' },
        ],
      },
    ],
    events: [
      {
        title: 'Pitch practice',
        description: 'Three-minute pitches, five minutes of feedback each.',
        daysFromNow: 6,
        hour: 17,
        location: 'Online',
        attendees: 4,
      },
    ],
  },
  {
    slug: 'watercolor-studio',
    name: 'Watercolor Studio',
    description:
      'Loose, joyful watercolour painting. Monthly challenges, colour-mixing lessons and a gallery wall where ' +
      'everyone shares their work, finished or not.',
    category: 'arts',
    price: 0,
    currency: 'USD',
    trialPeriod: 0,
    daysAgo: 210,
    owner: 0,
    status: 'active',
    accounts: [],
    extraMembers: 6,
    events: [
      {
        title: 'Autumn leaves paint-along',
        description: 'Wet-on-wet leaves in warm colours.',
        daysFromNow: -40,
        hour: 17,
        location: 'Online',
        attendees: 5,
      },
      {
        title: 'Skies and clouds',
        description: 'Gradients, lifting and soft edges.',
        daysFromNow: 12,
        hour: 17,
        location: 'Online',
        attendees: 3,
      },
    ],
  },
  {
    slug: 'plant-based-kitchen',
    name: 'Plant-Based Kitchen',
    description:
      'Weeknight recipes, batch-cooking plans and cook-alongs for people who want to eat more plants without ' +
      'giving up flavour. Beginners very welcome.',
    category: 'lifestyle',
    price: 0,
    currency: 'USD',
    trialPeriod: 0,
    daysAgo: 25,
    owner: 1,
    status: 'active',
    accounts: [],
    pending: ['member'],
    extraMembers: 8,
    posts: [
      {
        author: 1,
        daysAgo: 20,
        title: 'Five-ingredient lentil curry',
        content: 'Red lentils, coconut milk, tomatoes, curry paste, spinach. Twenty minutes, one pot.',
        likes: 6,
        comments: [{ author: 40, content: 'Made it twice this week already.' }],
      },
    ],
  },
  {
    slug: 'chess-guild',
    name: 'City Chess Guild',
    description:
      'Casual and rated games, opening study groups and a monthly online tournament. From beginners learning ' +
      'how the knight moves to club players chasing their next rating milestone.',
    category: 'sports',
    price: 0,
    currency: 'USD',
    trialPeriod: 0,
    daysAgo: 60,
    owner: 2,
    status: 'active',
    accounts: ['admin'],
    extraMembers: 33,
    posts: [
      {
        author: 2,
        daysAgo: 40,
        title: 'Puzzle of the week',
        content: 'White to move and mate in three. Answers in the comments, no engines!',
        likes: 12,
        comments: [
          { author: 'admin', content: 'Queen sacrifice on h7?' },
          { author: 2, content: 'Correct!' },
        ],
      },
      {
        author: 18,
        daysAgo: 8,
        title: 'Study group: the Caro-Kann',
        content: 'Starting a four-week study group on Thursdays. Reply if you want in.',
        likes: 8,
        comments: [{ author: 22, content: 'In!' }],
      },
    ],
    events: [
      {
        title: 'Monthly blitz tournament',
        description: 'Nine rounds of 3+2 blitz.',
        daysFromNow: 7,
        hour: 19,
        location: 'Online',
        attendees: 20,
      },
      {
        title: 'Simul with the club champion',
        description: 'One player, twenty boards.',
        daysFromNow: -14,
        hour: 18,
        location: 'Central library, room 2',
        attendees: 20,
      },
    ],
  },
  {
    slug: 'street-photography',
    name: 'Street Photography Walks',
    description:
      'Photo walks through the city every other weekend, critique nights and assignments that push you to get ' +
      'closer. Any camera counts, including the one in your pocket.',
    category: 'arts',
    price: 12,
    currency: 'GBP',
    trialPeriod: 7,
    daysAgo: 90,
    owner: 3,
    status: 'active',
    accounts: [],
    extraMembers: 51,
    posts: [
      {
        author: 3,
        daysAgo: 30,
        title: 'Assignment: reflections',
        content: 'Puddles, windows, shop fronts. Post your best three by Sunday.',
        pinned: true,
        likes: 19,
        comments: [],
      },
      {
        author: 25,
        daysAgo: 15,
        title: 'Reflections from the market',
        content: 'Rain helps.',
        type: 'image',
        images: ['Market puddle', 'Bus window'],
        likes: 23,
        comments: [{ author: 3, content: 'The bus window one is great.' }],
      },
    ],
    events: [
      {
        title: 'Golden hour walk: the docks',
        description: 'Meet at the old crane, bring a wide lens if you have one.',
        daysFromNow: 3,
        hour: 17,
        location: 'Old crane, east docks',
        attendees: 14,
        thumbnail: true,
      },
      {
        title: 'Critique night',
        description: 'Bring five prints or files.',
        daysFromNow: -10,
        hour: 19,
        location: 'Online',
        attendees: 22,
      },
    ],
  },
  {
    slug: 'strength-lab',
    name: 'Strength & Conditioning Lab',
    description:
      'Progressive strength programmes, technique reviews of your lifts and a supportive crew that celebrates ' +
      'every personal best, big or small.',
    category: 'wellness',
    price: 19.99,
    currency: 'USD',
    trialPeriod: 7,
    daysAgo: 45,
    owner: 4,
    status: 'active',
    accounts: [],
    extraMembers: 13,
  },
  {
    slug: 'slow-living',
    name: 'Slow Living Society',
    description:
      'Less rush, more life. Monthly themes on simple routines, decluttering, reading and time outdoors, with ' +
      'gentle prompts and a calm community.',
    category: 'lifestyle',
    price: 5,
    currency: 'EUR',
    trialPeriod: 0,
    daysAgo: 3,
    owner: 'owner',
    status: 'active',
    accounts: [],
    extraMembers: 2,
  },
  {
    slug: 'indie-makers',
    name: 'Indie Makers Market',
    description:
      'For people who make and sell things: crafts, zines, prints, small-batch goods. Share your shop, swap ' +
      'advice on pricing and markets, and find collaborators.',
    category: 'business',
    price: 0,
    currency: 'USD',
    trialPeriod: 0,
    daysAgo: 1,
    owner: 5,
    status: 'active',
    accounts: [],
    extraMembers: 10,
  },
  {
    slug: 'pottery-corner',
    name: 'Pottery Corner',
    description: 'Wheel throwing and hand building. Not launched yet: the creator plan is not paid.',
    category: 'arts',
    price: 15,
    currency: 'USD',
    trialPeriod: 7,
    daysAgo: 2,
    owner: 'owner',
    status: 'unpaid',
    accounts: [],
    extraMembers: 0,
  },
];

/** The demo accounts as the Ready banner lists them. */
/**
 * Chats of member@clubs.local with people of a club they share: messages oldest first, minutes
 * before the seed's time; `read`: both have read everything, else Max has not read the last one.
 */
export interface DemoConversation {
  club: string;
  with: Person;
  read: boolean;
  messages: { from: 'member' | 'other'; minutesAgo: number; text: string }[];
}

export const DEMO_CONVERSATIONS: readonly DemoConversation[] = [
  {
    club: 'morning-yoga',
    with: 'owner',
    read: true,
    messages: [
      { from: 'member', minutesAgo: 2 * 24 * 60, text: 'Hi Olivia! Is Thursday’s class still at 7?' },
      {
        from: 'other',
        minutesAgo: 2 * 24 * 60 - 20,
        text: 'Yes, 7 sharp. Bring a blanket, we finish lying down.',
      },
      { from: 'member', minutesAgo: 2 * 24 * 60 - 25, text: 'Perfect, see you there.' },
    ],
  },
  {
    club: 'morning-yoga',
    with: 3,
    read: false,
    messages: [
      {
        from: 'other',
        minutesAgo: 26 * 60,
        text: 'Hey Max, are you doing the breathwork session this weekend?',
      },
      { from: 'member', minutesAgo: 25 * 60, text: 'Planning to! Saturday or Sunday?' },
      { from: 'other', minutesAgo: 40, text: 'Sunday. I can save you a spot near the window.' },
    ],
  },
  {
    club: 'morning-yoga',
    with: 7,
    read: false,
    messages: [{ from: 'other', minutesAgo: 90, text: 'Welcome back! Which strap did you end up buying?' }],
  },
];

export const DEMO_LOGINS: readonly { email: string; name: string; role: string }[] = DEMO_ACCOUNTS.map(
  (a) => ({
    email: a.email,
    name: a.name,
    role: a.superAdmin ? 'super admin' : a.key === 'owner' ? 'owns several clubs' : 'member of a few clubs',
  }),
);
