/**
 * The wizard's outline draft. With a model configured for the deployment (OUTLINE_MODEL_ID),
 * Amazon Bedrock writes it (the function may invoke that model only); the answer must parse as
 * the outline format, and a model that fails, answers late or answers something else gives way
 * to the built-in template with a notice saying so. Without a model the template drafts it.
 * Only a club in service drafts, within a day's count per club and per person
 * (OUTLINE_DRAFT_LIMITS), so what the model costs is bounded.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { type Club, type Course, type GeneratedOutline, OUTLINE_DRAFT_LIMITS } from '@clubs/shared';
import { parseOutline, templateOutline } from '../../content/outline.ts';
import { countInWindows, type RateWindow } from '../../data/rate-windows.ts';
import { env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { requireClubInService } from '../club-in-service.ts';

/** Well inside the API function's 10 s, so the fallback still answers. */
export const OUTLINE_MODEL_TIMEOUT_MS = 6_000;

export const OUTLINE_FALLBACK_NOTICE =
  'The AI outline service did not answer in time, so a starting outline was built from your course details. Edit it as you like.';

let client: BedrockRuntimeClient | undefined;
const bedrock = () => {
  client ??= new BedrockRuntimeClient({ region: env.region, maxAttempts: 1 });
  return client;
};

function promptOf(course: Course): string {
  return [
    'Write a course outline with exactly 4 modules, each with 4 lessons.',
    "Format: a line 'Module N: name' per module, followed by lines '- lesson: one-sentence note'. No other text.",
    `Course title: ${course.title}`,
    `Description: ${course.description}`,
    `Level: ${course.level}`,
    `Main topic: ${course.mainTopic}`,
    `Target audience: ${course.targetAudience}`,
    `Learning goals: ${course.learningGoals}`,
  ].join('\n');
}

async function askModel(modelId: string, course: Course): Promise<string | null> {
  const answer = await bedrock().send(
    new ConverseCommand({
      modelId,
      messages: [{ role: 'user', content: [{ text: promptOf(course) }] }],
      inferenceConfig: { maxTokens: 1200, temperature: 0.4 },
    }),
    { abortSignal: AbortSignal.timeout(OUTLINE_MODEL_TIMEOUT_MS) },
  );
  const text = (answer.output?.message?.content ?? [])
    .map((block) => block.text ?? '')
    .join('')
    .trim();
  return parseOutline(text).length > 0 ? text : null;
}

export async function draftOutline(course: Course): Promise<GeneratedOutline> {
  const modelId = env.outlineModelId;
  if (!modelId) return { outline: templateOutline(course), source: 'template', notice: null };
  try {
    const outline = await askModel(modelId, course);
    if (outline) return { outline, source: 'model', notice: null };
    logger.warn('the outline model answered without modules');
  } catch (error) {
    logger.warn('the outline model failed', { error: error as Error });
  }
  return { outline: templateOutline(course), source: 'template', notice: OUTLINE_FALLBACK_NOTICE };
}

export const OUTLINE_NOT_ACTIVE_MESSAGE = 'Outline drafts are available only for an active club.';

export type OutlineDraftLimits = { [Name in keyof typeof OUTLINE_DRAFT_LIMITS]: number };

const outlineRates = (clubId: string, callerId: string, limits: OutlineDraftLimits): RateWindow[] => [
  {
    scope: 'outline-club',
    subject: clubId,
    limit: limits.perClubPerDay,
    windowSeconds: limits.windowSeconds,
  },
  {
    scope: 'outline-account',
    subject: callerId,
    limit: limits.perAccountPerDay,
    windowSeconds: limits.windowSeconds,
  },
];

/** A draft beyond the club's or the person's count for the day: nothing is drafted. */
export class OutlineDraftLimit extends AppError {
  constructor(scope: 'club' | 'account', limit: number, retryAfterSeconds: number) {
    const who = scope === 'club' ? 'This club has' : 'You have';
    super(
      'too_many_requests',
      `${who} drafted ${limit} outlines today, the most a day allows. Try again tomorrow, or write the outline yourself.`,
      { retryAfterSeconds },
      retryAfterSeconds,
    );
  }
}

/**
 * A draft asked for by `callerId` in the club: refused for a club not in service, counted in the
 * club's and the caller's windows (refused with a 429 and Retry-After beyond either), then drafted.
 */
export async function requestOutlineDraft(
  club: Pick<Club, 'id' | 'status' | 'suspendedAt'>,
  callerId: string,
  course: Course,
  now = new Date(),
  limits: OutlineDraftLimits = OUTLINE_DRAFT_LIMITS,
): Promise<GeneratedOutline> {
  requireClubInService(club, OUTLINE_NOT_ACTIVE_MESSAGE);
  const rates = outlineRates(club.id, callerId, limits);
  const counted = await countInWindows(rates, now);
  if (!counted.counted) {
    const clubFull = counted.full.includes(rates[0] as RateWindow);
    throw new OutlineDraftLimit(
      clubFull ? 'club' : 'account',
      clubFull ? limits.perClubPerDay : limits.perAccountPerDay,
      counted.retryAfterSeconds,
    );
  }
  return draftOutline(course);
}
