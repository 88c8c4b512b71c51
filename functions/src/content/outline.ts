/**
 * Course outlines as the wizard writes them: 'Module N: name' headings, each followed by bullet
 * lines '- lesson: note'. The template builds the 4-module outline from the course's details
 * (what runs locally, and whenever no model is configured or the model fails); the parser turns
 * an outline into the sections 'Extract Course Modules' creates.
 */
import { randomInt } from 'node:crypto';
import { COURSE_STOCK_IMAGES, type Course } from '@clubs/shared';
import { escapeHtml } from './escape-html.ts';

type OutlineSource = Pick<Course, 'title' | 'mainTopic' | 'targetAudience' | 'learningGoals' | 'level'>;

const topicOf = (course: OutlineSource) => course.mainTopic.trim() || course.title.trim();

/** The fixed 4-module template (Introduction, Core Principles, Advanced Techniques, Future Trends). */
export function templateOutline(course: OutlineSource): string {
  const topic = topicOf(course);
  const audience = course.targetAudience.trim() || 'learners';
  const goals = course.learningGoals.trim() || `confident, practical skill in ${topic}`;
  const modules: [string, [string, string][]][] = [
    [
      `Introduction to ${topic}`,
      [
        ['Welcome and course overview', `what ${course.title.trim()} covers and how to get the most from it`],
        [`Why ${topic} matters`, `the problems it solves for ${audience}`],
        ['Key terms', `the vocabulary used throughout a ${course.level} course`],
        ['Setting your goals', `aiming for ${goals}`],
      ],
    ],
    [
      'Core Principles',
      [
        ['The fundamentals', `the ideas everything else in ${topic} builds on`],
        ['Common patterns', 'approaches that work again and again'],
        ['Frequent mistakes', 'what to avoid and why'],
        ['Practice exercise', 'apply the principles in a short guided task'],
      ],
    ],
    [
      'Advanced Techniques',
      [
        ['Going deeper', `techniques experienced practitioners of ${topic} rely on`],
        ['Case study', 'a worked example from start to finish'],
        ['Troubleshooting', 'diagnosing and fixing harder problems'],
        ['Project', `a larger piece of work that shows ${goals}`],
      ],
    ],
    [
      'Future Trends and Career Opportunities',
      [
        ['Where the field is heading', `new developments in ${topic}`],
        ['Building a portfolio', `showing your skills to others`],
        ['Career paths', `roles and opportunities for ${audience}`],
        ['Next steps', 'resources to keep learning after this course'],
      ],
    ],
  ];
  return modules
    .map(
      ([name, lessons], i) =>
        `Module ${i + 1}: ${name}\n${lessons.map(([lesson, note]) => `- ${lesson}: ${note}`).join('\n')}`,
    )
    .join('\n\n');
}

export interface OutlineLesson {
  title: string;
  note: string;
}
export interface OutlineModule {
  name: string;
  lessons: OutlineLesson[];
}

const MODULE_LINE = /^\s*(?:#+\s*)?\**\s*Module\s+\d+\s*[:.\-–]\s*(.+?)\**\s*$/i;
const LESSON_LINE = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s*$/;

/** The modules of an outline, with the bullet lines under each; text outside a module is ignored. */
export function parseOutline(outline: string): OutlineModule[] {
  const modules: OutlineModule[] = [];
  for (const line of outline.split(/\r?\n/)) {
    const heading = MODULE_LINE.exec(line);
    if (heading?.[1]) {
      modules.push({ name: heading[1].trim(), lessons: [] });
      continue;
    }
    const bullet = LESSON_LINE.exec(line);
    const current = modules.at(-1);
    if (!bullet?.[1] || !current) continue;
    const text = bullet[1].replace(/\*\*/g, '');
    const colon = text.indexOf(':');
    const title = (colon > 0 ? text.slice(0, colon) : text).trim();
    const note = colon > 0 ? text.slice(colon + 1).trim() : '';
    if (title) current.lessons.push({ title, note });
  }
  return modules;
}

/** The intro templates a section from the outline opens with (one per position, in turn). */
const INTROS: ((title: string) => string)[] = [
  (title) => `In this part we explore ${title}.`,
  (title) => `${title}: here is what you need to know.`,
  (title) => `Let's work through ${title} step by step.`,
  (title) => `${title} builds on what came before.`,
  (title) => `Take your time with ${title}; it pays off later.`,
];

/**
 * Each module and each lesson as a section (module titles prefixed 'Module: '), in outline order,
 * each with an intro from the templates and a stock image picked at random (`pick` answers an
 * index below its argument).
 */
export function sectionsFromOutline(
  modules: readonly OutlineModule[],
  pick: (count: number) => number = randomInt,
): { title: string; htmlContent: string; featuredImage: string }[] {
  const drafts: { title: string; note: string; isModule: boolean }[] = modules.flatMap((module) => [
    { title: `Module: ${module.name}`, note: '', isModule: true },
    ...module.lessons.map((lesson) => ({ title: lesson.title, note: lesson.note, isModule: false })),
  ]);
  return drafts.map((draft, i) => {
    const intro = (INTROS[i % INTROS.length] as (title: string) => string)(draft.title);
    const body = draft.note ? `<p>${escapeHtml(draft.note)}</p>` : '';
    const heading = draft.isModule
      ? `<h2>${escapeHtml(draft.title)}</h2>`
      : `<h3>${escapeHtml(draft.title)}</h3>`;
    return {
      title: draft.title,
      htmlContent: `${heading}<p>${escapeHtml(intro)}</p>${body}`,
      featuredImage: COURSE_STOCK_IMAGES[pick(COURSE_STOCK_IMAGES.length)] as string,
    };
  });
}
