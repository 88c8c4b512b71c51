import { describe, expect, it } from 'vitest';
import { RULES, violationsOf } from '../../scripts/import-boundaries.ts';

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
    right: '../keys.ts',
  },
  {
    rule: 'domain-not-http',
    from: 'functions/src/payments/billing.ts',
    wrong: '../http/access.ts',
    right: '../caller.ts',
  },
  { rule: 'deploy-not-local', from: 'infra/lib/api.ts', wrong: '../local/gateway.ts', right: './site.ts' },
  {
    rule: 'workspace-by-name',
    from: 'infra/local/seed/index.ts',
    wrong: '../../../functions/src/data/keys.ts',
    right: '@clubs/functions/data/keys',
  },
  {
    rule: 'workspace-by-name',
    from: 'tests/integration/clubs.test.ts',
    wrong: '../../functions/src/data/keys.ts',
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
});
