import { describe, expect, it } from 'vitest';
import {
  CHANGE_EVENT_PUTTER,
  cyclesOf,
  putsChangeEvents,
  RULES,
  violationsOf,
} from '../../scripts/import-boundaries.ts';

const brokenRules = (from: string, specifier: string) =>
  violationsOf(from, `import { x } from '${specifier}';\n`).map((violation) => violation.rule.id);

// Each rule with an import that breaks it and one beside it that does not: a rule that could not
// fail would let its boundary go unguarded.
const CASES: { rule: string; from: string; wrong: string; right: string }[] = [
  { rule: 'shared-is-pure', from: 'shared/src/clubs.ts', wrong: 'react', right: 'zod' },
  {
    rule: 'shared-is-pure',
    from: 'shared/src/clubs.ts',
    wrong: '../../functions/src/env.ts',
    right: './money.ts',
  },
  { rule: 'shared-is-pure', from: 'shared/src/api/routes.ts', wrong: 'node:fs', right: '../constants.ts' },
  {
    rule: 'web-not-backend',
    from: 'web/src/api/client.ts',
    wrong: '@clubs/functions/env',
    right: '@clubs/shared',
  },
  {
    rule: 'web-not-backend',
    from: 'web/src/main.tsx',
    wrong: '../../infra/lib/site.ts',
    right: './routes.tsx',
  },
  {
    rule: 'functions-not-infra',
    from: 'functions/src/env.ts',
    wrong: '@clubs/infra/local/ports.ts',
    right: './logger.ts',
  },
  {
    rule: 'domain-not-http',
    from: 'functions/src/services/clubs.ts',
    wrong: '../http/errors.ts',
    right: '../errors.ts',
  },
  {
    rule: 'domain-not-http',
    from: 'functions/src/data/repositories/clubs.ts',
    wrong: '../../http/auth.ts',
    right: '../get-item.ts',
  },
  {
    rule: 'domain-not-http',
    from: 'functions/src/payments/billing.ts',
    wrong: '../http/access.ts',
    right: '../caller.ts',
  },
  {
    rule: 'infra-lib-not-functions',
    from: 'infra/lib/group-access.ts',
    wrong: '@clubs/functions/data/get-item',
    right: '@clubs/shared/table-keys',
  },
  {
    rule: 'data-not-bus-or-media',
    from: 'functions/src/data/repositories/posts.ts',
    wrong: '../../bus/change-events.ts',
    right: '../query.ts',
  },
  {
    rule: 'data-not-bus-or-media',
    from: 'functions/src/data/repositories/sections.ts',
    wrong: '../../media/member-media.ts',
    right: '@clubs/shared',
  },
  {
    rule: 'dynamodb-in-data',
    from: 'functions/src/services/health.ts',
    wrong: '@aws-sdk/lib-dynamodb',
    right: '../data/get-item.ts',
  },
  {
    rule: 'dynamodb-in-data',
    from: 'functions/src/payments/portal-configuration.ts',
    wrong: '@aws-sdk/client-dynamodb',
    right: '../data/repositories/portal-configuration.ts',
  },
  {
    rule: 'payments-not-services',
    from: 'functions/src/payments/billing.ts',
    wrong: '../services/profiles.ts',
    right: '../data/repositories/billing.ts',
  },
  { rule: 'deploy-not-local', from: 'infra/lib/api.ts', wrong: '../local/gateway.ts', right: './site.ts' },
  {
    rule: 'web-shared-not-pages',
    from: 'web/src/layouts/club/ClubSidebar.tsx',
    wrong: '../../features/members/pages/MembersPage.tsx',
    right: '../../features/members/api.ts',
  },
  {
    rule: 'web-shared-not-pages',
    from: 'web/src/live/useLiveClub.ts',
    wrong: '../features/public/pages/LandingPage.tsx',
    right: '../features/feed/api.ts',
  },
  {
    rule: 'web-area-by-api',
    from: 'web/src/features/feed/components/ClubHomeSidebar.tsx',
    wrong: '../../members/components/InviteByEmail.tsx',
    right: '../../members/api.ts',
  },
  {
    rule: 'web-area-by-api',
    from: 'web/src/features/events/pages/EventsPage.tsx',
    wrong: '../../courses/pages/CourseListPage.tsx',
    right: '../components/EventCard.tsx',
  },
  {
    rule: 'web-area-by-api',
    from: 'web/src/features/account/pages/ProfilePage.tsx',
    wrong: '../../directory/components/filters.ts',
    right: '../../../components/form/useForm.tsx',
  },
  {
    rule: 'web-reads-by-api',
    from: 'web/src/features/members/pages/MembershipSuccessPage.tsx',
    wrong: '../../../api/hooks.ts',
    right: '../api.ts',
  },
  {
    rule: 'web-reads-by-api',
    from: 'web/src/features/account/components/TwoFactorSection.tsx',
    wrong: '../../../api/hooks.ts',
    right: '../../../api/me.ts',
  },
  {
    rule: 'workspace-by-name',
    from: 'infra/local/seed/index.ts',
    wrong: '../../../shared/src/table-keys.ts',
    right: '@clubs/shared/table-keys',
  },
  {
    rule: 'workspace-by-name',
    from: 'tests/integration/clubs.test.ts',
    wrong: '../../shared/src/table-keys.ts',
    right: '../support/fixtures.ts',
  },
];

describe('import boundaries', () => {
  it.each(CASES)('$rule refuses $wrong from $from and allows $right', ({ rule, from, wrong, right }) => {
    expect(brokenRules(from, wrong)).toContain(rule);
    expect(brokenRules(from, right)).toEqual([]);
  });

  it('has a failing case for every rule', () => {
    expect(new Set(CASES.map(({ rule }) => rule))).toEqual(new Set(RULES.map(({ id }) => id)));
  });

  it("refuses TanStack Query's read hooks in a feature's pages and components, not in its api.ts", () => {
    const rulesOf = (from: string, text: string) => violationsOf(from, text).map(({ rule }) => rule.id);
    const view = 'web/src/features/account/components/TwoFactorSection.tsx';
    for (const text of [
      "import { useQuery, useQueryClient } from '@tanstack/react-query';",
      "import { useInfiniteQuery as pages } from '@tanstack/react-query';",
      "import * as query from '@tanstack/react-query';",
    ])
      expect(rulesOf(view, text)).toContain('web-reads-by-api');
    expect(rulesOf(view, "import { useQueryClient } from '@tanstack/react-query';")).toEqual([]);
    expect(rulesOf(view, "import type { UseQueryResult } from '@tanstack/react-query';")).toEqual([]);
    expect(
      rulesOf('web/src/features/account/api.ts', "import { useQuery } from '@tanstack/react-query';"),
    ).toEqual([]);
    expect(
      rulesOf(
        'web/src/features/feed/pages/ClubHomePage.tsx',
        "import { useQuery } from '@tanstack/react-query';",
      ),
    ).toContain('web-reads-by-api');
  });

  it("refuses a function file that names the change events' source, but the stream's consumer", () => {
    const named =
      "import { EVENT_BUS } from '@clubs/shared';\nputBusEvent({ source: EVENT_BUS.domainSource });\n";
    expect(putsChangeEvents('functions/src/services/feed/posts.ts', named)).toBe(true);
    expect(
      putsChangeEvents('functions/src/services/chat.ts', "putBusEvent({ source: 'clubs.domain' });"),
    ).toBe(true);
    expect(putsChangeEvents(CHANGE_EVENT_PUTTER, named)).toBe(false);
    // Others may put their own sources, and the rules and tests outside functions name it freely.
    expect(putsChangeEvents('functions/src/stripe/publish.ts', 'source: EVENT_BUS.stripeSource')).toBe(false);
    expect(putsChangeEvents('shared/src/bus/routing.ts', named)).toBe(false);
  });

  it('reads dynamic, type-only and re-exporting imports too', () => {
    const text = [
      "export { a } from '../http/errors.ts';",
      "import type { B } from '../http/auth.ts';",
      "const c = await import('../http/access.ts');",
    ].join('\n');
    expect(violationsOf('functions/src/services/x.ts', text).map(({ specifier }) => specifier)).toEqual([
      '../http/errors.ts',
      '../http/auth.ts',
      '../http/access.ts',
    ]);
  });

  it('finds files that load one another in a circle, through relative and package imports', () => {
    const sources = new Map([
      ['functions/src/data/a.ts', "import { b } from './b.ts';\nexport const a = 1;"],
      ['functions/src/data/b.ts', "import { c } from '@clubs/shared/c';\nexport const b = 2;"],
      ['shared/src/c.ts', "export { a as c } from '../../functions/src/data/a.ts';"],
      ['functions/src/data/d.ts', "import { a } from './a.ts';"],
    ]);
    expect(cyclesOf(sources)).toEqual([
      ['functions/src/data/a.ts', 'functions/src/data/b.ts', 'shared/src/c.ts'],
    ]);
  });

  it('counts no cycle through type-only or dynamic imports, which load nothing when the file loads', () => {
    const sources = new Map([
      ['web/src/a.tsx', "import type { B } from './b.tsx';\nexport type A = B;"],
      ['web/src/b.tsx', "import { a } from './a.tsx';\nconst c = () => import('./c.ts');"],
      ['web/src/c.ts', "import { b } from './b.tsx';"],
    ]);
    expect(cyclesOf(sources)).toEqual([]);
  });
});
