import { parseOutline, sectionsFromOutline, templateOutline } from '@clubs/functions/content/outline';
import { COURSE_STOCK_IMAGES } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

const course = {
  title: 'Sourdough at Home',
  mainTopic: 'Sourdough baking',
  targetAudience: 'home bakers',
  learningGoals: 'a reliable weekly loaf',
  level: 'beginner' as const,
};

describe('course outlines', () => {
  it("drafts the 4-module template from the course's details, in the outline format", () => {
    const outline = templateOutline(course);
    const modules = parseOutline(outline);
    expect(modules.map((m) => m.name)).toEqual([
      'Introduction to Sourdough baking',
      'Core Principles',
      'Advanced Techniques',
      'Future Trends and Career Opportunities',
    ]);
    expect(modules.every((m) => m.lessons.length === 4)).toBe(true);
    expect(outline).toMatch(/^Module 1: Introduction to Sourdough baking\n- Welcome and course overview: /);
    expect(templateOutline(course)).toBe(outline);
  });

  it('turns each module and lesson into a section, module titles prefixed, text escaped', () => {
    const sections = sectionsFromOutline(
      parseOutline('Intro text\nModule 1: Starter\n- Feeding: twice a day <b>\n* Smell\nModule 2: Bake\n'),
    );
    expect(sections.map((s) => s.title)).toEqual(['Module: Starter', 'Feeding', 'Smell', 'Module: Bake']);
    expect(sections[1]?.htmlContent).toContain('<p>twice a day &lt;b&gt;</p>');
    expect(sections.every((s) => COURSE_STOCK_IMAGES.includes(s.featuredImage))).toBe(true);
  });

  it('gives each section one of the 5 stock images, picked at random', () => {
    const modules = parseOutline('Module 1: Starter\n- Feeding: daily\n- Smell: sour\nModule 2: Bake\n');
    const picks = [4, 0, 2, 1];
    const picked: number[] = [];
    const sections = sectionsFromOutline(modules, (count) => {
      picked.push(count);
      return picks[picked.length - 1] as number;
    });
    expect(picked).toEqual([5, 5, 5, 5]);
    expect(sections.map((s) => s.featuredImage)).toEqual([
      '/stock/course-5.svg',
      '/stock/course-1.svg',
      '/stock/course-3.svg',
      '/stock/course-2.svg',
    ]);
  });

  it('finds no modules in text without module headings', () => {
    expect(parseOutline('1. Breathe\n2. Stretch\n- loose bullet')).toEqual([]);
  });
});
