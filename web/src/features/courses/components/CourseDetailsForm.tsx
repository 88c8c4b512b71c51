/**
 * A course's details on the manage page: title, description, level, the member level it unlocks
 * at and cover (a stock image, an
 * image uploaded for the course, or none). Only what changed is sent; the page shows the saved
 * course once the API has stored it. The uploaded file goes straight to the bucket through a
 * presigned POST for the course's folder and is kept only when the details are saved.
 */
import { Button, Flex, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  COURSE_STOCK_IMAGES,
  type Course,
  type CourseLevel,
  courseLevelSchema,
  courseMediaUploadInputSchema,
  type UpdateCourseInput,
} from '@clubs/shared';
import { type ChangeEvent, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useAction } from '../../../api/mutations.ts';
import { uploadWithProgress } from '../../../api/upload.ts';
import { toastFailure, toastRefusal, useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { UnlockLevelField } from './UnlockLevelField.tsx';

export const COURSE_DETAILS_TEXTS = {
  heading: 'Course details',
  title: 'Course Title',
  description: 'Description',
  level: 'Level',
  cover: 'Cover',
  noCover: 'No cover',
  stockCover: (n: number) => `Stock cover ${n}`,
  upload: 'Upload a cover image',
  uploaded: 'Cover uploaded: Save Details to keep it.',
  imageOnly: 'The cover must be an image',
  save: 'Save Details',
  cancel: 'Cancel',
  saved: 'Course details saved',
  titleMissing: 'Please enter a course title',
} as const;
const T = COURSE_DETAILS_TEXTS;

/** The cover chosen: unchanged, or a new value with what the form previews for it. */
type CoverChoice = { changed: false } | { changed: true; value: string | null; preview: string | null };

function CoverPicker({
  clubId,
  course,
  choice,
  onChoose,
}: {
  clubId: string;
  course: Course;
  choice: CoverChoice;
  onChoose: (choice: CoverChoice) => void;
}) {
  const { toast } = useToast();
  const current = choice.changed ? choice.value : (course.coverImage ?? null);
  const preview = choice.changed ? choice.preview : (course.coverImage ?? null);
  const send = useAction({
    mutationFn: async (file: File) => {
      const checked = courseMediaUploadInputSchema.safeParse({ contentType: file.type, size: file.size });
      if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? T.imageOnly);
      if (!file.type.startsWith('image/')) throw new Error(T.imageOnly);
      const signed = await api('createCourseMediaUpload', {
        params: { clubId, courseId: course.id },
        body: checked.data,
      });
      await uploadWithProgress(signed, file, () => undefined);
      return signed;
    },
    onSuccess: (signed) => {
      onChoose({ changed: true, value: signed.mediaUrl, preview: signed.previewUrl });
      toast({ title: 'Upload Success', description: T.uploaded, variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Upload Failed', description: messageOf(error, T.imageOnly), variant: 'error' }),
  });
  const stock = (value: string | null) => onChoose({ changed: true, value, preview: value });
  return (
    <Flex direction="column" gap="xs">
      <Text as="span" fontWeight="bold">
        {T.cover}
      </Text>
      {preview && <img className="course-cover course-cover--preview" src={preview} alt="" />}
      <div className="course-cover-choices" role="radiogroup" aria-label={T.cover}>
        <label className="course-cover-choice">
          <input type="radio" name="cover" checked={current === null} onChange={() => stock(null)} />
          {T.noCover}
        </label>
        {COURSE_STOCK_IMAGES.map((image, i) => (
          <label key={image} className="course-cover-choice">
            <input type="radio" name="cover" checked={current === image} onChange={() => stock(image)} />
            <img src={image} alt={T.stockCover(i + 1)} />
          </label>
        ))}
      </div>
      <label className="course-cover-upload">
        {T.upload}
        <input
          type="file"
          accept="image/jpeg,image/png,image/gif"
          disabled={send.isPending}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const file = event.target.files?.[0];
            if (file) send.run(file);
            event.target.value = '';
          }}
        />
      </label>
    </Flex>
  );
}

export function CourseDetailsForm({
  clubId,
  course,
  onSaved,
  onCancel,
}: {
  clubId: string;
  course: Course;
  onSaved: (saved: Course) => Promise<void>;
  onCancel: () => void;
}) {
  const { toast } = useToast();
  const [title, setTitle] = useState(course.title);
  const [description, setDescription] = useState(course.description);
  const [level, setLevel] = useState<CourseLevel>(course.level);
  const [unlockLevel, setUnlockLevel] = useState(course.unlockLevel);
  const [cover, setCover] = useState<CoverChoice>({ changed: false });
  const changes: UpdateCourseInput = {
    ...(title.trim() !== course.title ? { title: title.trim() } : {}),
    ...(description.trim() !== course.description ? { description: description.trim() } : {}),
    ...(level !== course.level ? { level } : {}),
    ...(unlockLevel !== course.unlockLevel ? { unlockLevel } : {}),
    ...(cover.changed ? { coverImage: cover.value } : {}),
  };
  const save = useForm({
    // The form's refusals are toasts, as its failures are.
    check: () =>
      title.trim()
        ? null
        : toastRefusal(toast, { title: 'Missing information', description: T.titleMissing }),
    send: () => api('updateCourse', { params: { clubId, courseId: course.id }, body: changes }),
    onSuccess: async (saved) => {
      await onSaved(saved);
      toast({ title: 'Success', description: T.saved, variant: 'success' });
    },
    failure: toastFailure(toast, 'Update Failed', 'Please try again.'),
    label: 'Saving the course details',
  });
  // Nothing changed: nothing to send, and Save Details closes the form as Cancel does.
  const submit = () => (Object.keys(changes).length === 0 ? onCancel() : save.submit());
  return (
    <section className="course-panel" aria-label={T.heading}>
      <Flex direction="column" gap="small">
        <TextField label={T.title} value={title} onChange={(event) => setTitle(event.target.value)} />
        <TextAreaField
          label={T.description}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <SelectField
          label={T.level}
          value={level}
          onChange={(event) => setLevel(courseLevelSchema.parse(event.target.value))}
        >
          {courseLevelSchema.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <UnlockLevelField value={unlockLevel} onChange={setUnlockLevel} />
        <CoverPicker clubId={clubId} course={course} choice={cover} onChoose={setCover} />
        <Flex gap="small">
          <Button variation="primary" isLoading={save.busy} onClick={submit}>
            {T.save}
          </Button>
          <Button onClick={onCancel} isDisabled={save.busy}>
            {T.cancel}
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}
