import {
  type Access,
  type ClubAccess,
  type ClubFacts,
  decideAuthorAccess,
  decideClubAccess,
  isClubAccess,
  needsToken,
  RESOURCE_PARAMS,
  ROUTE_IDS,
  ROUTES,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';

const OWNER = 'owner-1';
const club = (status = 'active') => ({ ownerId: OWNER, status });
const facts = (over: Partial<ClubFacts> = {}): ClubFacts => ({
  method: 'GET',
  userId: 'someone',
  isSuperAdmin: false,
  club: club(),
  membership: null,
  ...over,
});
const member = (
  role: 'club_member' | 'club_moderator' | 'club_owner',
  status: 'active' | 'pending' = 'active',
) => ({
  membership: { role, status },
});
const clubRule = (
  who: Extract<ClubAccess, { kind: 'club' }>['who'],
  superAdmin: 'none' | 'read' | 'act' = 'none',
) => ({ kind: 'club', who, superAdmin }) as const;

describe('club access decisions', () => {
  it('lets active members in and tells others who can see the club 403', () => {
    const rule = clubRule('member');
    expect(decideClubAccess(rule, facts(member('club_member')))).toBe('allow');
    expect(decideClubAccess(rule, facts({ userId: OWNER }))).toBe('allow');
    expect(decideClubAccess(rule, facts(member('club_member', 'pending')))).toBe('forbidden');
    expect(decideClubAccess(rule, facts())).toBe('forbidden');
  });

  it('opens a club that is not active only to its owner, tells its members why, hides it from others', () => {
    const rule = clubRule('member');
    expect(decideClubAccess(rule, facts({ club: null, userId: OWNER }))).toBe('not_found');
    for (const status of ['unpaid', 'pending', 'inactive']) {
      for (const role of ['club_member', 'club_moderator'] as const) {
        expect(decideClubAccess(rule, facts({ club: club(status), ...member(role) }))).toBe('not_active');
      }
      expect(decideClubAccess(rule, facts({ club: club(status), ...member('club_member', 'pending') }))).toBe(
        'not_active',
      );
      expect(decideClubAccess(rule, facts({ club: club(status) }))).toBe('not_found');
      expect(decideClubAccess(clubRule('owner'), facts({ club: club(status) }))).toBe('not_found');
      expect(decideClubAccess(rule, facts({ club: club(status), userId: OWNER }))).toBe('allow');
    }
  });

  it('answers 404 to everyone but the owner on owner-only routes', () => {
    const rule = clubRule('owner');
    expect(decideClubAccess(rule, facts({ userId: OWNER }))).toBe('allow');
    expect(decideClubAccess(rule, facts(member('club_moderator')))).toBe('not_found');
    expect(decideClubAccess(rule, facts({ isSuperAdmin: true }))).toBe('not_found');
  });

  it('reads permissions from the role table, without inheritance', () => {
    expect(decideClubAccess(clubRule('EDIT_EVENTS'), facts(member('club_moderator')))).toBe('allow');
    expect(decideClubAccess(clubRule('EDIT_EVENTS'), facts(member('club_member')))).toBe('forbidden');
    expect(decideClubAccess(clubRule('VIEW_MEMBERS'), facts(member('club_member')))).toBe('allow');
    expect(decideClubAccess(clubRule('VIEW_MEMBERS'), facts({ userId: OWNER }))).toBe('forbidden');
    expect(decideClubAccess(clubRule('CLUB_OPTIONS'), facts({ userId: OWNER }))).toBe('allow');
    expect(decideClubAccess(clubRule('manager'), facts(member('club_moderator')))).toBe('allow');
    expect(decideClubAccess(clubRule('manager'), facts(member('club_member')))).toBe('forbidden');
  });

  it('lets a super admin read or act only as far as the declaration reaches', () => {
    const admin = { isSuperAdmin: true };
    expect(decideClubAccess(clubRule('member', 'read'), facts(admin))).toBe('allow');
    expect(decideClubAccess(clubRule('member', 'read'), facts({ ...admin, method: 'POST' }))).toBe(
      'forbidden',
    );
    expect(decideClubAccess(clubRule('member', 'act'), facts({ ...admin, method: 'POST' }))).toBe('allow');
    expect(decideClubAccess(clubRule('member', 'none'), facts(admin))).toBe('forbidden');
    expect(decideClubAccess(clubRule('member', 'read'), facts({ ...admin, club: club('unpaid') }))).toBe(
      'allow',
    );
    expect(decideClubAccess(clubRule('member', 'read'), facts({ ...admin, club: null }))).toBe('not_found');
  });

  it('lets the author or the alternative standing act on a resource of the club', () => {
    const rule = { kind: 'author', resource: 'post', or: 'manager', superAdmin: 'none' } as const;
    const author = facts({ userId: 'writer', ...member('club_member') });
    expect(decideClubAccess(rule, author)).toBe('allow');
    expect(decideAuthorAccess(rule, author, 'writer')).toBe('allow');
    expect(decideAuthorAccess(rule, author, 'another')).toBe('forbidden');
    expect(decideAuthorAccess(rule, facts(member('club_moderator')), 'writer')).toBe('allow');
    expect(decideAuthorAccess(rule, author, null)).toBe('not_found');
    const own = { ...rule, or: null };
    expect(decideAuthorAccess(own, facts({ userId: OWNER }), 'writer')).toBe('forbidden');
    // A removed author is no member any more: the club part refuses before the resource.
    expect(decideClubAccess(rule, facts({ userId: 'writer' }))).toBe('forbidden');
  });
});

describe('the access declarations of the manifest', () => {
  const accessOf = (id: (typeof ROUTE_IDS)[number]): Access => ROUTES[id].access;

  it('every route declares one, and club declarations have the club and resource in the path', () => {
    for (const id of ROUTE_IDS) {
      const access = accessOf(id);
      expect(access, id).toBeDefined();
      const names = [...ROUTES[id].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (isClubAccess(access)) expect(names, id).toContain('clubId');
      if (access.kind === 'author') {
        for (const name of RESOURCE_PARAMS[access.resource]) expect(names, id).toContain(name);
      }
      if (isClubAccess(access) && access.superAdmin === 'read') expect(ROUTES[id].method, id).toBe('GET');
    }
  });

  it("needs a person's token on every route that is neither public nor for API keys", () => {
    expect(needsToken({ kind: 'public' })).toBe(false);
    expect(needsToken({ kind: 'api_key', scope: 'members:read' })).toBe(false);
    expect(needsToken({ kind: 'signed_in' })).toBe(true);
    expect(needsToken(clubRule('owner'))).toBe(true);
  });

  it('has a route for API keys name the club of the key in its path, under /api/v1', () => {
    for (const id of ROUTE_IDS) {
      const access = accessOf(id);
      if (access.kind !== 'api_key') continue;
      expect(ROUTES[id].path, id).toMatch(/^\/api\/v1\/clubs\/\{clubId\}\//);
    }
  });
});
