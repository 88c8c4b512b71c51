/**
 * The deployment's configuration: one checked-in file per stage (infra/stages/{stage}.json),
 * selected with `-c stage=…`, parsed and validated once, before any construct is created. Every
 * value is documented in docs/DEPLOY.md. A setting given with `-c` instead is refused: the next
 * deploy would forget it and CloudFormation would quietly undo it. Strings are coerced (numbers,
 * booleans); empty strings count as absent. A production stage refuses to run without the values
 * production needs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'constructs';
import * as z from 'zod';
import { REPO_ROOT } from './paths.ts';

/** The retention periods CloudWatch Logs accepts (RetentionDays), in days. */
const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  z.preprocess(blankToUndefined, schema.default(value as never));

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a host name such as clubs.example.com',
  );

const email = z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address'));

/** A Stripe price id (price_…) or a price lookup key. */
const stripePrice = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'must be a Stripe price id (price_…) or a lookup key');

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const configSchema = z
  .object({
    /** The stage's name (the file infra/stages/{stage}.json); tags every resource. */
    stage: optional(
      z.string().regex(/^[a-z][a-z0-9-]{0,20}$/, 'must be lower-case letters, digits and hyphens'),
    ),
    /**
     * A production stage: termination protection, an edge stack with the WAF web ACL, a web ACL
     * on the user pool, and it refuses to run without superAdminEmail, alarmEmail, sesFromEmail,
     * siteDomain with its certificateArn and the edge web ACL's webAclArn, or with any of them
     * (or any other setting) left at a placeholder (refusePlaceholders).
     */
    production: withDefault(booleanish, false),
    /** The CloudFormation stack name; also the prefix of the Cognito hosted domain by default. */
    stackName: withDefault(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'must start with a letter; letters, digits and hyphens only'),
      'Clubs',
    ),
    /** The account that is added to the super_admin group when it confirms its sign-up. */
    superAdminEmail: optional(email),
    /** A custom domain for the site (needs certificateArn); the CloudFront domain otherwise. */
    siteDomain: optional(hostname),
    /** ACM certificate for siteDomain; CloudFront only accepts certificates in us-east-1. */
    certificateArn: optional(
      z
        .string()
        .trim()
        .regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/,
          'must be the ARN of an ACM certificate in us-east-1 (CloudFront only accepts those)',
        ),
    ),
    /** Route 53 hosted zone of siteDomain: when given, the alias records are created. */
    hostedZoneId: optional(
      z
        .string()
        .trim()
        .regex(/^Z[A-Z0-9]{1,32}$/, 'must be a Route 53 hosted zone id (Z…)'),
    ),
    hostedZoneName: optional(hostname),
    /** The Cognito hosted domain prefix ({prefix}.auth.{region}.amazoncognito.com). */
    authDomainPrefix: optional(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lower-case letters, digits and hyphens')
        .refine(
          (prefix) => !/aws|amazon|cognito/.test(prefix),
          'must not contain "aws", "amazon" or "cognito" (Cognito refuses such prefixes)',
        ),
    ),
    /** Google OAuth client id; Google sign-in is configured only when it is given. */
    googleClientId: optional(
      z
        .string()
        .trim()
        .regex(
          /^[\w-]+\.apps\.googleusercontent\.com$/,
          'must be a Google OAuth client id (….apps.googleusercontent.com)',
        ),
    ),
    /** Name or ARN of the Secrets Manager secret holding the Google client secret (plain text). */
    googleClientSecretName: withDefault(z.string().trim().min(1), 'clubs/google-client-secret'),
    /** The creator plan's prices: Stripe price ids or lookup keys. */
    stripeCreatorMonthlyPrice: withDefault(stripePrice, 'clubs_creator_monthly'),
    stripeCreatorAnnualPrice: withDefault(stripePrice, 'clubs_creator_annual'),
    /**
     * Whether the Stripe keys are live-mode keys: handlers ignore events of the other mode, so a
     * test-mode webhook can never activate a live club.
     */
    stripeLivemode: withDefault(booleanish, false),
    /**
     * The Amazon Bedrock foundation model that drafts course outlines (e.g.
     * anthropic.claude-3-haiku-20240307-v1:0); without one the built-in template drafts them.
     */
    outlineModelId: optional(
      z.string().regex(/^[a-z0-9-]+\.[A-Za-z0-9.:_-]{1,200}$/, 'must be a Bedrock model id'),
    ),
    /**
     * Super admins must use MFA: a token carries the super_admin group only when its person has
     * an authenticator app (TOTP) enabled (the pre-token-generation trigger). On by default in a
     * production stage, where it cannot be turned off; off by default elsewhere.
     */
    superAdminMfa: optional(booleanish),
    /**
     * Cognito threat protection: `off`, `audit` (risks are scored and logged, nothing is blocked:
     * the way to learn what enforcement would do) or `enforced` (`true` and `false` still mean
     * `enforced` and `off`). Either needs the Plus feature plan, billed per monthly active user;
     * off, the pool is on the Lite plan.
     */
    threatProtection: withDefault(
      z.union([
        booleanish.transform((on) => (on ? 'enforced' : 'off')),
        z.enum(['off', 'audit', 'enforced']),
      ]),
      'off',
    ),
    /** Where alarm notifications are e-mailed (an SNS subscription to confirm). */
    alarmEmail: optional(email),
    /**
     * The From address of the app's e-mail (invitations, through an SES identity this stack
     * creates) and of Cognito's (through SES; Cognito's own sender otherwise). Without it the app
     * sends no e-mail (invitations answer that they could not be sent); required in production.
     */
    sesFromEmail: optional(email),
    /**
     * Verify this whole domain with Easy DKIM (its CNAME records are stack outputs) instead of the
     * single From address; the From address must be in it.
     */
    sesIdentityDomain: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, 'must be a domain name'),
    ),
    sesRegion: optional(
      z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1'),
    ),
    /**
     * Messages a second the account's SES may send (SendQuota.MaxSendRate), once SES grants more
     * than EMAIL_SENDING.sendRate: the e-mail queue's consumers share it.
     */
    sesSendRate: optional(z.coerce.number().int().min(1).max(10_000)),
    logRetentionDays: withDefault(
      z.coerce
        .number()
        .refine(
          (days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days),
          `must be one of ${LOG_RETENTION_DAYS.join(', ')}`,
        ),
      30,
    ),
    logLevel: withDefault(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']), 'INFO'),
    /** API Gateway stage throttling: steady requests per second and burst. */
    apiRateLimit: withDefault(positiveInt(10_000), 50),
    apiBurstLimit: withDefault(positiveInt(5_000), 100),
    /** Days the event archive keeps Stripe events for replay. */
    eventArchiveDays: withDefault(positiveInt(3650), 90),
    /** CloudFront price class. */
    priceClass: withDefault(z.enum(['PriceClass_100', 'PriceClass_200', 'PriceClass_All']), 'PriceClass_100'),
    /**
     * Requests per five minutes one client address may make before the edge web ACL blocks it
     * (production stages, EdgeStack).
     */
    wafRateLimit: withDefault(z.coerce.number().int().min(10).max(2_000_000_000), 2000),
    /**
     * The WAFv2 web ACL (scope CLOUDFRONT) attached to the distribution: in a production stage the
     * WebAclArn output of its edge stack (required there), elsewhere optional.
     */
    webAclArn: optional(
      z
        .string()
        .trim()
        .regex(
          /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/,
          'must be a global (CloudFront) WAFv2 web ACL ARN',
        ),
    ),
    /**
     * The region of the second backup vault and of the media bucket's replica (a stack of their
     * own there, `{stackName}Backup`); without it the copy vault sits beside the first and media
     * is not replicated. Choose a region other than the stack's.
     */
    backupCopyRegion: optional(
      z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1'),
    ),
    /**
     * A vault in another AWS account (of the same organization) that every recovery point is
     * also copied to, so backups survive the loss of this account; that vault's access policy
     * must let this account copy into it (docs/DEPLOY.md).
     */
    backupCopyAccountVaultArn: optional(
      z
        .string()
        .trim()
        .regex(
          /^arn:aws[a-z-]*:backup:[a-z]{2}(-[a-z]+)+-\d:\d{12}:backup-vault:[A-Za-z0-9_.-]{2,50}$/,
          'must be an AWS Backup vault ARN (arn:aws:backup:<region>:<account>:backup-vault:<name>)',
        ),
    ),
    /**
     * The backup vaults' lock: `compliance` (after three days nobody can delete a backup early or
     * lift the lock; the default, and the only choice, in production), `governance` (privileged
     * users may lift it) or `none` (the default elsewhere).
     */
    backupVaultLock: optional(z.enum(['none', 'governance', 'compliance'])),
    /** The built SPA, relative to the repository root. */
    webDistDir: withDefault(z.string().trim().min(1), 'web/dist'),
  })
  .superRefine((config, ctx) => {
    if (config.siteDomain && !config.certificateArn) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateArn'],
        message: 'is required when siteDomain is set',
      });
    }
    if (config.certificateArn && !config.siteDomain) {
      ctx.addIssue({
        code: 'custom',
        path: ['siteDomain'],
        message: 'is required when certificateArn is set',
      });
    }
    if (config.hostedZoneId && !config.hostedZoneName) {
      ctx.addIssue({
        code: 'custom',
        path: ['hostedZoneName'],
        message: 'is required when hostedZoneId is set',
      });
    }
    if ((config.hostedZoneId || config.hostedZoneName) && !config.siteDomain) {
      ctx.addIssue({
        code: 'custom',
        path: ['siteDomain'],
        message: 'is required when a hosted zone is given',
      });
    }
    if (
      config.hostedZoneName &&
      config.siteDomain &&
      !`.${config.siteDomain}`.endsWith(`.${config.hostedZoneName}`)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['siteDomain'],
        message: `must be inside the hosted zone ${config.hostedZoneName}`,
      });
    }
    if (config.production) {
      for (const key of [
        'superAdminEmail',
        'alarmEmail',
        'webAclArn',
        'sesFromEmail',
        'siteDomain',
        'certificateArn',
      ] as const) {
        if (!config[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required in a production stage' });
        }
      }
    }
    if (config.production && config.superAdminMfa === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['superAdminMfa'],
        message: 'must stay on in a production stage (super admins need an authenticator app)',
      });
    }
    if (config.production && config.backupVaultLock && config.backupVaultLock !== 'compliance') {
      ctx.addIssue({
        code: 'custom',
        path: ['backupVaultLock'],
        message: 'must be compliance in a production stage (backups nobody can delete early)',
      });
    }
    if (
      config.sesIdentityDomain &&
      !config.sesFromEmail?.toLowerCase().endsWith(`@${config.sesIdentityDomain}`)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['sesFromEmail'],
        message: `must be an address of sesIdentityDomain (${config.sesIdentityDomain})`,
      });
    }
    if (config.sesRegion && !config.sesFromEmail) {
      ctx.addIssue({ code: 'custom', path: ['sesFromEmail'], message: 'is required when sesRegion is set' });
    }
  });

/** The validated settings, with the defaults that depend on other settings filled in. */
const resolvedConfigSchema = configSchema.transform((config) => ({
  ...config,
  superAdminMfa: config.superAdminMfa ?? config.production,
  backupVaultLock: config.backupVaultLock ?? (config.production ? 'compliance' : 'none'),
}));

export type ClubsConfig = z.output<typeof resolvedConfigSchema>;
export type ConfigKey = keyof z.input<typeof configSchema>;
export const CONFIG_KEYS = Object.keys(configSchema.shape) as ConfigKey[];

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Invalid configuration (see docs/DEPLOY.md, "Stages"):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        "Each stage's settings live in infra/stages/{stage}.json; select one with `-c stage=…`.",
    );
    this.name = 'ConfigError';
  }
}

/** Keys that look like this app's configuration (plain camelCase) but are not known: typos. */
function unknownKeys(raw: Record<string, unknown>): string[] {
  const known = new Set<string>(CONFIG_KEYS);
  return Object.keys(raw).filter((key) => /^[a-z][A-Za-z0-9]*$/.test(key) && !known.has(key));
}

/** Validates raw context values; throws a ConfigError listing every problem at once. */
export function parseConfig(raw: Record<string, unknown>): ClubsConfig {
  const problems = unknownKeys(raw).map(
    (key) => `${key}: unknown context key (known keys: ${CONFIG_KEYS.join(', ')})`,
  );
  const values = Object.fromEntries(CONFIG_KEYS.map((key) => [key, raw[key]]));
  const result = resolvedConfigSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '(context)';
      const received = issue.path.length > 0 ? values[String(issue.path[0])] : undefined;
      problems.push(
        `${key}: ${issue.message}${received === undefined ? '' : ` (got ${JSON.stringify(received)})`}`,
      );
    }
  }
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/**
 * What marks a value as a stand-in not yet filled in: the account id 000000000000, a domain or
 * address of example.com, .org or .net or under .example, or the words "replace me/with".
 */
const PLACEHOLDER =
  /(^|[^0-9])000000000000([^0-9]|$)|(^|[.@])example\.(com|org|net)$|\.example$|replace[-_ ]?(me|with)/i;

/** The settings of a production stage that still hold a placeholder value. */
export function placeholderKeys(config: ClubsConfig): ConfigKey[] {
  if (!config.production) return [];
  return CONFIG_KEYS.filter((key) => {
    const value = (config as Record<string, unknown>)[key];
    return typeof value === 'string' && PLACEHOLDER.test(value);
  });
}

/**
 * Refuses a production stage whose settings still hold placeholders, naming each. The web ACL's
 * ARN alone may still be one: it is the output of the edge stack, deployed first, so until it is
 * filled in only the edge stack is built (`awaitingWebAcl`).
 */
export function refusePlaceholders(config: ClubsConfig): { awaitingWebAcl: boolean } {
  const keys = placeholderKeys(config);
  const file = `infra/stages/${config.stage ?? '{stage}'}.json`;
  const refused = keys.filter((key) => key !== 'webAclArn');
  if (refused.length > 0) {
    throw new ConfigError(
      refused.map(
        (key) =>
          `${key}: still a placeholder (${JSON.stringify((config as Record<string, unknown>)[key])}); set the real value in ${file}`,
      ),
    );
  }
  return { awaitingWebAcl: keys.includes('webAclArn') };
}

/** Reads the whole context of a construct tree and validates it (tests, and stages once merged). */
export function loadConfig(node: Node): ClubsConfig {
  return parseConfig(node.getAllContext());
}

export const STAGES_DIR = path.join(REPO_ROOT, 'infra', 'stages');
export const DEFAULT_STAGE = 'dev';

/** The checked-in stages: infra/stages/*.json. */
export const stageNames = (): string[] =>
  readdirSync(STAGES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

/**
 * The configuration of the stage named by the `stage` context value (DEFAULT_STAGE without
 * one): its file's settings, validated. Configuration keys given as context are refused.
 */
export function loadStageConfig(context: Record<string, unknown>): ClubsConfig {
  const stage = String(context.stage ?? DEFAULT_STAGE);
  const file = path.join(STAGES_DIR, `${stage}.json`);
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage) || !existsSync(file)) {
    throw new ConfigError([`stage: no stage "${stage}" (infra/stages has ${stageNames().join(', ')})`]);
  }
  const given = Object.keys(context).filter(
    (key) => key !== 'stage' && (CONFIG_KEYS as string[]).includes(key),
  );
  if (given.length > 0) {
    throw new ConfigError(
      given.map(
        (key) =>
          `${key}: set it in infra/stages/${stage}.json, not with -c (the next deploy would forget it and undo it)`,
      ),
    );
  }
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if ('stage' in settings) throw new ConfigError([`stage: infra/stages/${stage}.json must not name a stage`]);
  return parseConfig({ ...settings, stage });
}
