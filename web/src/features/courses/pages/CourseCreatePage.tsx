/**
 * The course creation wizard: Course Info (a title is required; the course record is created on
 * leaving this step the first time, and its changed details saved on leaving it again), AI
 * Generation (an outline drafted by the API into a 20-row textarea the creator edits), Review &
 * Publish ('Create Course' saves the details and the outline as reviewed and opens the manage
 * page). What the review shows is what is stored.
 */
import { Button, Flex, Heading, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  type Course,
  type CourseLevel,
  courseLevelSchema,
  DEFAULT_COURSE_LEVEL,
  unlocksAtLabel,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { toastFailure, toastRefusal, useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { coursesKey } from '../api.ts';
import { UnlockLevelField } from '../components/UnlockLevelField.tsx';
import '../components/courses.css';

const STEPS = ['Course Info', 'AI Generation', 'Review & Publish'] as const;
const OUTLINE_ROWS = 20;

type CourseInfo = Pick<
  Course,
  'title' | 'description' | 'level' | 'mainTopic' | 'targetAudience' | 'learningGoals' | 'unlockLevel'
>;

/** The details of the first step that differ from the stored course (trimmed as the API stores them), or null. */
function changedInfo(course: Course, info: CourseInfo): Partial<CourseInfo> | null {
  const changed = Object.fromEntries(
    (Object.keys(info) as (keyof CourseInfo)[]).flatMap((name) => {
      const given = info[name];
      const value = typeof given === 'string' && name !== 'level' ? given.trim() : given;
      return value === course[name] ? [] : [[name, value]];
    }),
  );
  return Object.keys(changed).length > 0 ? changed : null;
}

export default function CourseCreatePage() {
  const { club, basePath } = useClubSpace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [step, setStep] = useState(0);
  const [info, setInfo] = useState<CourseInfo>({
    title: '',
    description: '',
    level: DEFAULT_COURSE_LEVEL as CourseLevel,
    mainTopic: '',
    targetAudience: '',
    learningGoals: '',
    unlockLevel: null,
  });
  const [course, setCourse] = useState<Course | null>(null);
  const [outline, setOutline] = useState('');
  const field = (name: Exclude<keyof CourseInfo, 'unlockLevel'>) => ({
    value: info[name],
    onChange: (event: { target: { value: string } }) => setInfo({ ...info, [name]: event.target.value }),
  });
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: messageOf(error, 'Please try again.'), variant: 'error' });

  const stored = (saved: Course) => {
    setCourse(saved);
    void queryClient.invalidateQueries({ queryKey: coursesKey(club.id) });
    setStep(1);
  };
  // Course Info's Next: the course is created the first time, its changed details saved after.
  const saveInfo = useForm({
    check: () =>
      info.title.trim()
        ? null
        : toastRefusal(toast, { title: 'Missing information', description: 'Please enter a course title' }),
    send: () =>
      course
        ? api('updateCourse', {
            params: { clubId: club.id, courseId: course.id },
            body: changedInfo(course, info) ?? {},
          })
        : api('createCourse', { params: { clubId: club.id }, body: info }),
    onSuccess: stored,
    failure: toastFailure(toast, 'Update Failed', 'Please try again.'),
    label: 'Saving the course info',
  });
  // Nothing changed since the course was stored: nothing to send, Next moves on.
  const leaveInfo = () => (course && !changedInfo(course, info) ? setStep(1) : saveInfo.submit());
  const generate = useApiMutation('generateCourseOutline', {
    onSuccess: (draft) => {
      setOutline(draft.outline);
      if (draft.notice)
        toast({ title: 'Outline drafted from a template', description: draft.notice, variant: 'warning' });
    },
    onError: failed('Update Failed'),
  });
  const publish = useForm({
    check: () =>
      course ? null : toastRefusal(toast, { title: 'Error', description: 'Course data is missing' }),
    send: () =>
      api('updateCourse', {
        params: { clubId: club.id, courseId: course?.id ?? '' },
        body: { ...(course ? changedInfo(course, info) : null), outline },
      }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: coursesKey(club.id) });
      toast({ title: 'Course created', variant: 'success' });
      navigate(`${basePath}/courses/${saved.id}`);
    },
    failure: toastFailure(toast, 'Course outline was not saved properly', 'Please try again.'),
    label: 'Publishing the course',
  });

  const runGenerate = () => {
    if (!course) {
      toast({
        title: 'Error',
        description: 'Course not created properly. Please try again.',
        variant: 'error',
      });
      return;
    }
    generate.run({ params: { clubId: club.id, courseId: course.id } });
  };
  return (
    <main className="course-page">
      <Link to={`${basePath}/courses`}>Back to Courses</Link>
      <Heading level={1}>Create a course</Heading>
      <ol className="course-steps" aria-label="Steps">
        {STEPS.map((name, i) => (
          <li key={name} aria-current={i === step ? 'step' : undefined}>
            <span className="course-steps__number">{i + 1}.</span> {name}
          </li>
        ))}
      </ol>
      <section className="course-panel" aria-label={STEPS[step]}>
        <Heading level={2}>{STEPS[step]}</Heading>
        {step === 0 && (
          <Flex direction="column" gap="small">
            <TextField label="Course Title" {...field('title')} />
            <TextAreaField label="Description" rows={3} {...field('description')} />
            <SelectField label="Level" {...field('level')}>
              {courseLevelSchema.options.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </SelectField>
            <UnlockLevelField
              value={info.unlockLevel}
              onChange={(unlockLevel) => setInfo({ ...info, unlockLevel })}
            />
            <TextField label="Main Topic" {...field('mainTopic')} />
            <TextField label="Target Audience" {...field('targetAudience')} />
            <TextAreaField label="Learning Goals" rows={3} {...field('learningGoals')} />
            <Button variation="primary" isLoading={saveInfo.busy} onClick={leaveInfo}>
              Next
            </Button>
          </Flex>
        )}
        {step === 1 && (
          <Flex direction="column" gap="small">
            <Button isLoading={generate.isPending} loadingText="Generating..." onClick={runGenerate}>
              Generate Outline
            </Button>
            <TextAreaField
              label="Course Outline"
              rows={OUTLINE_ROWS}
              value={outline}
              onChange={(event) => setOutline(event.target.value)}
            />
            <Flex gap="small">
              <Button onClick={() => setStep(0)}>Back</Button>
              <Button variation="primary" onClick={() => setStep(2)}>
                Next
              </Button>
            </Flex>
          </Flex>
        )}
        {step === 2 && (
          <Flex direction="column" gap="small">
            <p>
              <strong>{info.title}</strong> · {info.level}
              {info.unlockLevel !== null && ` · ${unlocksAtLabel(info.unlockLevel)}`}
            </p>
            {info.description && <p>{info.description}</p>}
            <pre className="course-outline-review">{outline || 'No outline yet.'}</pre>
            <Flex gap="small">
              <Button onClick={() => setStep(1)}>Back</Button>
              <Button variation="primary" isLoading={publish.busy} onClick={() => publish.submit()}>
                Create Course
              </Button>
            </Flex>
          </Flex>
        )}
      </section>
    </main>
  );
}
