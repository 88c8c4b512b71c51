/**
 * The wizard's outline draft. With a model configured for the deployment (OUTLINE_MODEL_ID),
 * Amazon Bedrock writes it (the function may invoke that model only); the answer must parse as
 * the outline format, and a model that fails, answers late or answers something else gives way
 * to the built-in template with a notice saying so. Without a model the template drafts it.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { Course, GeneratedOutline } from '@clubs/shared';
import { parseOutline, templateOutline } from '../../content/outline.ts';
import { env } from '../../env.ts';
import { logger } from '../../logger.ts';

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
