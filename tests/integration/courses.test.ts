/**
 * Courses through the courses handler over DynamoDB Local and s3rver: the wizard's create, outline
 * draft and save, module extraction, section editing with server-side sanitizing (the OWASP
 * filter-evasion vectors through the save route), course media and a member's progress.
 */
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { addLike } from '@clubs/functions/data/repositories/likes';
import { getSection, updateSection } from '@clubs/functions/data/repositories/sections';
import { inspectMedia } from '@clubs/functions/media/uploads';
import { handler } from '@clubs/functions/routes/courses';
import { FOREIGN_MEDIA_MESSAGE } from '@clubs/functions/services/courses/course-media';
import {
  COURSE_MEDIA_SIZE_MESSAGE,
  COURSE_MEDIA_TYPE_MESSAGE,
  COURSE_MEDIA_UPLOAD,
  type Course,
  type CourseCardPage,
  type CourseDetail,
  type CourseMediaUpload,
  type CourseProgress,
  type GeneratedOutline,
  isCourseStockImage,
  NO_MODULES_FOUND,
  type RouteId,
  type Section,
  UPLOAD_TAG,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG, postToS3 } from '../support/browser-upload.ts';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { uploadTagOf, useMediaStore } from '../support/media-store.ts';
import { addMember } from '../support/members.ts';
import { OWASP_XSS_VECTORS } from '../support/owasp-xss-vectors.ts';
import { newPost } from './repositories/helpers.ts';

type ErrorBody = { error: { code: string; message: string } };
useMediaStore('clubs-course-media-test');
const owner = ulid();
let clubId: string;
let member: string;

beforeAll(async () => {
  const { club } = await createClubWithOwner(clubFixture({ ownerId: owner }));
  clubId = club.id;
  member = await addMember(clubId);
});

const call = <T>(id: RouteId, as: string, params: Record<string, string> = {}, body?: unknown) =>
  invoke<T & ErrorBody>(
    handler,
    httpEvent(id, { params: { clubId, ...params }, claims: memberClaims(as), body }),
  );

async function newCourse(title = 'Sourdough at Home') {
  const created = await call<Course>('createCourse', owner, {}, { title, mainTopic: 'Sourdough baking' });
  expect(created.status).toBe(201);
  return created.body;
}

const detail = async (courseId: string, as = owner) =>
  (await call<CourseDetail>('getCourse', as, { courseId })).body;

/** The owner's routes on one course's sections and media. */
function ownerOf(courseId: string) {
  return {
    addSection: (body: { title: string; htmlContent?: string }) =>
      call<Section>('addSection', owner, { courseId }, body),
    saveSection: (sectionId: string, body: { title: string; htmlContent?: string }) =>
      call<Section>('updateSection', owner, { courseId, sectionId }, body),
    moveSection: (sectionId: string, direction: 'up' | 'down') =>
      call('moveSection', owner, { courseId, sectionId }, { direction }),
    signMedia: (contentType: string, size: number) =>
      call<CourseMediaUpload>('createCourseMediaUpload', owner, { courseId }, { contentType, size }),
  };
}

/** An image as the editor sends it back: the signed preview URL, its ampersands escaped. */
const imageOf = (upload: CourseMediaUpload) => `<img src="${upload.previewUrl.replace(/&/g, '&amp;')}">`;

/** Every tag and attribute of stored HTML is on the allowlist, links https/mailto, media the course's. */
function allowlistProblems(html: string, mediaPrefix: string): string[] {
  const allowed: Record<string, string[]> = {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    video: ['src', 'controls'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  };
  const plain =
    'h1 h2 h3 h4 h5 h6 table thead tbody tfoot tr caption p br hr strong b em i u s ul ol li blockquote code pre'.split(
      ' ',
    );
  const problems: string[] = [];
  for (const [, name = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    const tag = name.toLowerCase();
    if (!plain.includes(tag) && !allowed[tag]) problems.push(`tag ${tag}`);
    for (const [, attribute = '', value = ''] of attributes.matchAll(/\s([^\s=/]+)="([^"]*)"/g)) {
      if (!(allowed[tag] ?? []).includes(attribute)) problems.push(`${tag}[${attribute}]`);
      if (attribute === 'href' && !/^(https:|mailto:)/i.test(value)) problems.push(`href ${value}`);
      if (attribute === 'src' && !value.startsWith(mediaPrefix)) problems.push(`src ${value}`);
    }
  }
  // Text may mention anything (it is escaped); markup may not.
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    if (/javascript:|vbscript:|data:|\son\w+\s*=|style=/i.test(tag)) problems.push(`markup ${tag}`);
  }
  if (/<(?![a-z/])/i.test(html)) problems.push('an unescaped <');
  return problems;
}

describe('the course wizard and extraction', () => {
  it('creates a course on leaving step 1 (title required, level beginner), drafts, saves and extracts the outline', async () => {
    const missing = await call('createCourse', owner, {}, { title: '   ' });
    expect(missing.status).toBe(400);
    const course = await newCourse();
    expect(course).toMatchObject({ level: 'beginner', outline: '', sectionCount: 0, creatorId: owner });

    const draft = await call<GeneratedOutline>('generateCourseOutline', owner, { courseId: course.id });
    expect(draft.status).toBe(200);
    expect(draft.body.source).toBe('template');
    expect(draft.body.outline).toMatch(/^Module 1: Introduction to Sourdough baking\n- /);

    const noOutline = await call('extractCourseModules', owner, { courseId: course.id });
    expect(noOutline.status).toBe(400);

    const saved = await call<Course>(
      'updateCourse',
      owner,
      { courseId: course.id },
      { outline: draft.body.outline },
    );
    expect(saved.body.outline).toBe(draft.body.outline);
    const extracted = await call<{ created: number; sections: Section[] }>('extractCourseModules', owner, {
      courseId: course.id,
    });
    expect(extracted.status).toBe(201);
    expect(extracted.body.created).toBe(20);
    const { sections, course: stored } = await detail(course.id);
    expect(stored.sectionCount).toBe(20);
    expect(sections.map((s) => s.sortOrder)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(sections[0]?.title).toBe('Module: Introduction to Sourdough baking');
    expect(sections[1]?.title).toBe('Welcome and course overview');
    // Each starts with one of the stock images, served with the site (not signed).
    expect(sections.every((s) => isCourseStockImage(s.featuredImage))).toBe(true);

    // Again: after the last one (max + 1).
    await call('extractCourseModules', owner, { courseId: course.id });
    expect((await detail(course.id)).sections.at(-1)?.sortOrder).toBe(40);
  });

  it("refuses an outline without modules with the spec's warning, writing nothing", async () => {
    const course = await newCourse('Loose notes');
    await call('updateCourse', owner, { courseId: course.id }, { outline: '1. Breathe\n2. Stretch' });
    const refused = await call('extractCourseModules', owner, { courseId: course.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(NO_MODULES_FOUND);
    expect((await detail(course.id)).sections).toEqual([]);
  });
});

describe('sections', () => {
  it('adds, saves, moves and deletes; refuses an empty title, HTML over the limit (1 MB: over the body limit) and a section of another course', async () => {
    const course = await newCourse();
    const other = await newCourse('Other');
    const { addSection, saveSection, moveSection } = ownerOf(course.id);
    const add = (title: string) => addSection({ title, htmlContent: `<p>${title}</p>` });
    const one = (await add('One')).body;
    const two = (await add('Two')).body;
    expect([one.sortOrder, two.sortOrder]).toEqual([1, 2]);

    expect((await saveSection(one.id, { title: ' ' })).status).toBe(400);
    const huge = await saveSection(one.id, {
      title: 'Big',
      htmlContent: `<p>${'x'.repeat(1024 * 1024)}</p>`,
    });
    expect(huge.status).toBe(413);
    const tooLong = await saveSection(one.id, {
      title: 'Long',
      htmlContent: `<p>${'x'.repeat(150_000)}</p>`,
    });
    expect(tooLong.status).toBe(400);
    expect((await ownerOf(other.id).saveSection(one.id, { title: 'X' })).status).toBe(404);
    expect((await detail(course.id)).sections.map((s) => s.title)).toEqual(['One', 'Two']);

    const pasted = await saveSection(one.id, {
      title: 'Uno',
      htmlContent: '<p>hi</p><img src=x onerror="alert(1)"><a href="https://example.com">more</a>',
    });
    expect(pasted.body.htmlContent).toBe(
      '<p>hi</p><a href="https://example.com" rel="noopener nofollow" target="_blank">more</a>',
    );

    expect((await moveSection(two.id, 'up')).status).toBe(200);
    expect((await detail(course.id)).sections.map((s) => s.title)).toEqual(['Two', 'Uno']);
    expect((await moveSection(two.id, 'up')).status).toBe(400);

    expect((await call('deleteSection', owner, { courseId: course.id, sectionId: two.id })).status).toBe(200);
    expect((await detail(course.id)).sections.map((s) => s.title)).toEqual(['Uno']);
    expect((await call('deleteSection', owner, { courseId: course.id, sectionId: two.id })).status).toBe(404);
  });

  it(`stores none of the ${OWASP_XSS_VECTORS.length} OWASP filter-evasion vectors in a runnable form`, async () => {
    expect(OWASP_XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    const course = await newCourse('XSS');
    const { addSection, saveSection } = ownerOf(course.id);
    const section = (await addSection({ title: 'Target' })).body;
    const mediaPrefix = `/media/club-media/${clubId}/courses/${course.id}/`;
    const problems: string[] = [];
    for (const vector of OWASP_XSS_VECTORS) {
      const saved = await saveSection(section.id, { title: 'Target', htmlContent: vector });
      if (saved.status !== 200) {
        problems.push(`${vector}: ${saved.status}`);
        continue;
      }
      const stored = await getSection(clubId, course.id, section.id);
      for (const problem of allowlistProblems(stored?.htmlContent ?? '', mediaPrefix)) {
        problems.push(`${vector} → ${stored?.htmlContent}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('course media', () => {
  it('signs an upload under the course prefix (type, its declared size and cache control in the policy) and shows it signed', async () => {
    const course = await newCourse('Media');
    const { addSection, saveSection, signMedia } = ownerOf(course.id);
    const section = (await addSection({ title: 'Pictures' })).body;
    const signed = await signMedia('image/png', PNG.length);
    expect(signed.status).toBe(201);
    expect(signed.body.key).toMatch(
      new RegExp(`^club-media/${clubId}/courses/${course.id}/[a-z0-9]+\\.png$`),
    );
    const policy = JSON.parse(Buffer.from(signed.body.fields.Policy ?? '', 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, PNG.length]);
    expect(policy.conditions).toContainEqual({ 'Content-Type': 'image/png' });
    expect(policy.conditions).toContainEqual({ 'Cache-Control': 'max-age=3600' });
    await postToS3(signed.body, PNG);

    // The editor sends back the signed preview URL; the stable path is stored, a signed URL served.
    const saved = await saveSection(section.id, {
      title: 'Pictures',
      htmlContent: `<p>Look</p>${imageOf(signed.body)}`,
    });
    expect(saved.status).toBe(200);
    const stored = await getSection(clubId, course.id, section.id);
    expect(stored?.htmlContent).toBe(`<p>Look</p><img src="${signed.body.mediaUrl}" />`);
    expect(stored?.featuredImage).toBe(signed.body.mediaUrl);
    expect(await uploadTagOf(signed.body.key)).toBe(UPLOAD_TAG.attached);
    const shown = (await detail(course.id, member)).sections[0];
    const src = /src="([^"]+)"/.exec(shown?.htmlContent ?? '')?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(src).toContain(signed.body.key);
    expect(shown?.featuredImage).toBe(src);
    expect((await fetch(src)).status).toBe(200);

    expect((await signMedia('application/pdf', 10)).status).toBe(400);
    expect((await signMedia('video/mp4', COURSE_MEDIA_UPLOAD.maxBytes + 1)).status).toBe(400);
    expect((await ownerOf(ulid()).signMedia('image/png', 5)).status).toBe(404);
  });

  it('refuses a save naming a course file sent past the policy (removed) or never uploaded, changing nothing', async () => {
    const course = await newCourse('Checked media');
    const { addSection, saveSection, signMedia } = ownerOf(course.id);
    const section = (await addSection({ title: 'Kept' })).body;
    const sign = () => signMedia('image/png', PNG.length);
    const save = (upload: CourseMediaUpload) =>
      saveSection(section.id, { title: 'Changed', htmlContent: imageOf(upload) });

    const html = (await sign()).body;
    await postToS3(html, Buffer.from('<script>alert(1)</script>'), { 'Content-Type': 'text/html' });
    const refused = await save(html);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(COURSE_MEDIA_TYPE_MESSAGE);
    expect(await inspectMedia(html.key)).toBeNull();

    const huge = (await sign()).body;
    await postToS3(huge, Buffer.alloc(COURSE_MEDIA_UPLOAD.maxBytes + 1, 1));
    expect((await save(huge)).body.error.message).toBe(COURSE_MEDIA_SIZE_MESSAGE);
    expect(await inspectMedia(huge.key)).toBeNull();

    const never = (await sign()).body;
    expect((await save(never)).body.error.message).toBe('The file was not uploaded. Please try again.');
    // Adding a section is checked the same way.
    expect((await addSection({ title: 'New', htmlContent: imageOf(never) })).status).toBe(400);
    expect(await getSection(clubId, course.id, section.id)).toMatchObject({ title: 'Kept', htmlContent: '' });
    expect((await detail(course.id)).sections).toHaveLength(1);
  });
  it("signs only the course's own files shown by images and videos: another club's key in text or an element is refused, and one stored in text before is never signed", async () => {
    const course = await newCourse('Own files');
    const { addSection, saveSection, signMedia } = ownerOf(course.id);
    const own = (await signMedia('image/png', PNG.length)).body;
    await postToS3(own, PNG);
    const section = (await addSection({ title: 'Kept' })).body;
    const foreign = `/media/club-media/${ulid()}/courses/${ulid()}/paid.png`;
    const text = `<p>steal src="${foreign}" now</p>`;
    for (const htmlContent of [
      text,
      `<p>entity-spelt &#x2F;media&#x2F;club-media/${ulid()}/courses/x/a.png</p>`,
      `<img src="${foreign}">`,
      `<video src="${foreign}"></video>`,
      `<video><source src="${foreign}"></video>`,
      `${imageOf(own)}<img alt="pose" src="/media/club-media/${clubId}/courses/${ulid()}/a.png">`,
    ]) {
      const refused = await saveSection(section.id, { title: 'Changed', htmlContent });
      expect(refused.status, htmlContent).toBe(400);
      expect(refused.body.error.message).toBe(FOREIGN_MEDIA_MESSAGE);
    }
    expect((await addSection({ title: 'New', htmlContent: text })).status).toBe(400);
    expect(await getSection(clubId, course.id, section.id)).toMatchObject({ title: 'Kept', htmlContent: '' });
    expect((await detail(course.id)).sections).toHaveLength(1);

    // A row stored before the rule, with the key in its text beside the course's own image.
    await updateSection(clubId, course.id, section.id, {
      htmlContent: `${text}<img src="${own.mediaUrl}" />`,
      updatedAt: new Date().toISOString(),
    });
    const shown = (await detail(course.id, member)).sections[0]?.htmlContent ?? '';
    expect(shown).toContain(`<p>steal src="${foreign}" now</p>`);
    expect(shown.match(/X-Amz-Signature/g)).toHaveLength(1);
    expect(/<img src="([^"]+)"/.exec(shown)?.[1]).toContain(`${own.key}?`);
  });
});

describe('course details and deletion', () => {
  it('sets a stock or an uploaded cover (signed for readers), refusing any other; only the owner deletes a course with its sections', async () => {
    const course = await newCourse('Covers');
    const { addSection, signMedia } = ownerOf(course.id);
    await addSection({ title: 'One' });
    const update = (body: unknown, as = owner) =>
      call<Course>('updateCourse', as, { courseId: course.id }, body);
    const stock = await update({ coverImage: '/stock/course-2.svg', level: 'advanced' });
    expect(stock.body).toMatchObject({ coverImage: '/stock/course-2.svg', level: 'advanced' });

    const signed = (await signMedia('image/png', PNG.length)).body;
    await postToS3(signed, PNG);
    const uploaded = await update({ coverImage: signed.mediaUrl });
    expect(uploaded.status).toBe(200);
    const card = (await call<CourseCardPage>('listCourses', member)).body.items.find(
      (c) => c.id === course.id,
    );
    expect(card?.coverImage).toContain(signed.key);
    expect((await fetch(card?.coverImage ?? '')).status).toBe(200);

    const other = await newCourse('Another');
    for (const coverImage of [
      '/media/avatars/someone/x.png',
      `/media/club-media/${clubId}/courses/${other.id}/x.png`,
      'https://example.com/x.png',
      `/media/club-media/${clubId}/courses/${course.id}/never-sent.png`,
    ]) {
      expect((await update({ coverImage })).status).toBe(400);
    }
    expect((await detail(course.id)).course.coverImage).toContain(signed.key);

    const moderator = await addMember(clubId, { role: 'club_moderator' });
    // Owner-only routes answer everyone else that there is nothing there.
    expect((await call('deleteCourse', moderator, { courseId: course.id })).status).toBe(404);
    expect((await call('deleteCourse', member, { courseId: course.id })).status).toBe(404);
    expect((await call('getCourse', moderator, { courseId: course.id })).status).toBe(200);
    expect((await call('deleteCourse', owner, { courseId: course.id })).status).toBe(200);
    expect((await call('getCourse', owner, { courseId: course.id })).status).toBe(404);
    expect((await call('deleteCourse', owner, { courseId: course.id })).status).toBe(404);
    expect((await call('addSection', owner, { courseId: course.id }, { title: 'Late' })).status).toBe(404);
  });
});

describe('progress', () => {
  it('lets a member mark sections complete and shows the progress on the course card', async () => {
    const course = await newCourse('Progress');
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C', 'D'])
      ids.push((await ownerOf(course.id).addSection({ title })).body.id);
    const denied = await call('addSection', member, { courseId: course.id }, { title: 'Mine' });
    expect(denied.status).toBe(403);
    const mark = (route: 'completeSection' | 'uncompleteSection', sectionId: string) =>
      call<CourseProgress>(route, member, { courseId: course.id, sectionId });
    const [a, , c] = ids as [string, string, string, string];
    expect((await mark('completeSection', a)).body).toMatchObject({ done: 1, total: 4 });
    await mark('completeSection', a);
    expect((await mark('completeSection', c)).body).toMatchObject({ done: 2, total: 4 });
    expect(
      (await call<CourseProgress>('getCourseProgress', member, { courseId: course.id })).body
        .completedSectionIds,
    ).toEqual([a, c].sort());
    expect((await mark('uncompleteSection', c)).body.done).toBe(1);
    expect((await mark('completeSection', ulid())).status).toBe(404);

    const cards = (await call<CourseCardPage>('listCourses', member)).body;
    expect(cards.canCreate).toBe(false);
    const card = cards.items.find((item) => item.id === course.id);
    expect(card?.firstSections.map((s) => s.title)).toEqual(['A', 'B', 'C']);
    expect(card?.progress).toMatchObject({ done: 1, total: 4 });
    expect((await call<CourseCardPage>('listCourses', owner)).body.canCreate).toBe(true);
  });
});

describe('courses unlocked by level', () => {
  it("refuses a course above the member's level on every content route, lists it locked without sections, and opens it once they reach the level or it is lowered", async () => {
    const course = await newCourse('Masterclass');
    const sectionId = (await ownerOf(course.id).addSection({ title: 'Secret lesson' })).body.id;
    const gated = await call<Course>('updateCourse', owner, { courseId: course.id }, { unlockLevel: 2 });
    expect(gated.body.unlockLevel).toBe(2);
    const climber = await addMember(clubId);
    const moderator = await addMember(clubId, { role: 'club_moderator' });
    const contentRoutes = (as: string) =>
      Promise.all([
        call('getCourse', as, { courseId: course.id }),
        call('getCourseProgress', as, { courseId: course.id }),
        call('completeSection', as, { courseId: course.id, sectionId }),
        call('uncompleteSection', as, { courseId: course.id, sectionId }),
      ]);

    for (const refused of await contentRoutes(climber)) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('This course unlocks at Level 2');
    }
    const card = async (as: string) =>
      (await call<CourseCardPage>('listCourses', as)).body.items.find((item) => item.id === course.id);
    expect(await card(climber)).toMatchObject({ locked: true, unlockLevel: 2, firstSections: [] });
    for (const insider of [owner, moderator]) {
      expect((await contentRoutes(insider)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(await card(insider)).toMatchObject({
        locked: false,
        firstSections: [{ title: 'Secret lesson' }],
      });
    }

    // Five likes from others take the member to level 2: the course opens on the next request.
    const post = await newPost(clubId, { authorId: climber });
    for (let i = 0; i < 5; i++)
      await addLike(
        clubId,
        { postId: post.id, userId: ulid(), createdAt: new Date().toISOString() },
        climber,
      );
    expect((await contentRoutes(climber)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await card(climber)).toMatchObject({ locked: false, firstSections: [{ title: 'Secret lesson' }] });

    // Raised past them it closes; set back to everyone it opens to a newcomer at level 1.
    await call('updateCourse', owner, { courseId: course.id }, { unlockLevel: 9 });
    expect((await call('getCourse', climber, { courseId: course.id })).status).toBe(403);
    await call('updateCourse', owner, { courseId: course.id }, { unlockLevel: null });
    expect((await call('getCourse', member, { courseId: course.id })).status).toBe(200);
  });

  it('refuses an unlock level outside 1 to 9 or not a whole number, changing nothing', async () => {
    const course = await newCourse('Levels');
    for (const unlockLevel of [0, 10, 2.5, '3', -1]) {
      const refused = await call('updateCourse', owner, { courseId: course.id }, { unlockLevel });
      expect(refused.status).toBe(400);
    }
    expect((await call('createCourse', owner, {}, { title: 'Too high', unlockLevel: 12 })).status).toBe(400);
    expect((await detail(course.id)).course.unlockLevel).toBeNull();
  });
});
