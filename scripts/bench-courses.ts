/**
 * `npm run bench:courses`: does opening a course stay at two DynamoDB requests as it grows? Starts
 * its own in-memory DynamoDB Local (BENCH_DYNAMODB_PORT, else a free port), creates a course of 5
 * and one of 50 sections through the repositories (each section a few paragraphs, every third
 * with a picture from the course's media prefix, so the answer signs media URLs as in
 * production), then calls the real courses handler in-process as a member and reports, for the
 * course page (course and sections) and the take page's progress, the median and p95 latency,
 * the DynamoDB requests and the items read per call. BENCH_N (default 200) measured calls each,
 * after BENCH_WARMUP (30).
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { Course, CourseDetail, CourseProgress, Section } from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const SIZES = [5, 50] as const;
const PARAGRAPH =
  '<p>Breathing sets the pace of every session: in through the nose for four counts, hold for ' +
  'two, and out for six. <strong>Notice</strong> where the breath lands, and let the shoulders ' +
  'drop a little further each round.</p>';

bench.runBench(
  RUNS,
  'in-process courses handler as a member: access check + service, DynamoDB Local',
  async (store) => {
    // Presigning media URLs is local computation: any credentials and bucket will do.
    process.env.AWS_ACCESS_KEY_ID ??= 'bench';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'bench';
    process.env.MEDIA_BUCKET = 'bench-media';
    const { clubWithMembers } = await import('./bench-items.ts');
    const { createCourse } = await import('@clubs/functions/data/repositories/courses');
    const { addSections } = await import('@clubs/functions/data/repositories/sections');
    const { courseMediaPrefixOf } = await import('@clubs/shared');
    const { handler } = await import('@clubs/functions/routes/courses');

    const rows: (string | number)[][] = [];
    for (const size of SIZES) {
      await store.useTable(`bench_courses_${size}`);
      const club = bench.benchClub({ name: 'Bench Yoga', memberCount: 2 });
      const memberId = ulid();
      await store.load('the club, its owner and a member', clubWithMembers(club, [memberId]));
      const course: Course = {
        id: ulid(),
        clubId: club.id,
        creatorId: club.ownerId,
        title: 'Breathing for beginners',
        description: 'Ten minutes a day.',
        level: 'beginner',
        mainTopic: 'Breathing',
        targetAudience: 'Everyone',
        learningGoals: 'Calm',
        outline: '',
        unlockLevel: null,
        sectionCount: 0,
        createdAt: club.createdAt,
      };
      const created = await createCourse(course);
      if (!created.created) throw new Error(`course not created: ${created.reason}`);
      const picture = `/media/${courseMediaPrefixOf(club.id, course.id)}/breath.png`;
      const sections: Section[] = Array.from({ length: size }, (_, i) => ({
        id: ulid(),
        courseId: course.id,
        title: `Lesson ${i + 1}`,
        htmlContent: `<h2>Lesson ${i + 1}</h2>${PARAGRAPH.repeat(6)}${i % 3 === 0 ? `<img src="${picture}" alt="">` : ''}`,
        sortOrder: i + 1,
        featuredImage: null,
        updatedAt: club.createdAt,
      }));
      const added = await addSections(club.id, sections);
      if (!added.created) throw new Error(`sections not added: ${added.reason}`);
      console.log(`a course of ${size} sections written`);

      const params = { clubId: club.id, courseId: course.id };
      const claims = memberClaims(memberId);
      const requests: [string, () => Promise<string>][] = [
        [
          'course page (course and sections)',
          async () => {
            const event = httpEvent('getCourse', { params, claims });
            const body = await bench.okBody<CourseDetail>('getCourse', handler, event);
            return `${body.sections.length} sections`;
          },
        ],
        [
          'take page progress',
          async () => {
            const event = httpEvent('getCourseProgress', { params, claims });
            const body = await bench.okBody<CourseProgress>('getCourseProgress', handler, event);
            return `${body.done} of ${body.total} complete`;
          },
        ],
      ];
      for (const [label, call] of requests) {
        const cost = await bench.measureCalls(store.meter, RUNS, call);
        rows.push([label, size, ...bench.costCells(cost), cost.answer]);
      }
    }
    return { header: ['request', 'sections', ...bench.COST_HEADER, 'answer'], rows };
  },
);
