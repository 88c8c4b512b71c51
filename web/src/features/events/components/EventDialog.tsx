/**
 * The New Event dialog and its edit twin, for owners and
 * moderators: Event Title, Event Description, Date (not before today), Time (18:00 unless
 * changed), how long it lasts (an hour unless changed) and where it happens (a place or a
 * meeting link, shown to members only). New events are entered in the viewer's time zone; an
 * edit keeps the event's own. The dialog closes once the server has stored the event.
 */
import { Flex, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import {
  createEventInputSchema,
  EVENT_DEFAULT_TIME,
  EVENT_DURATION_MINUTES,
  type EventView,
  utcToZoned,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { FormFooter } from '../../../components/form/FormFooter.tsx';
import { problem, schemaCheck, useForm } from '../../../components/form/useForm.tsx';
import { Modal } from '../../../components/overlay/Modal.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { refreshEvents } from '../api.ts';
import { todayOnViewerCalendar, viewerTimeZone } from './eventTimes.ts';

const DURATIONS = [30, 60, 90, 120, 180, 240];
const durationLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;

export function EventDialog({
  clubId,
  event,
  onClose,
}: {
  clubId: string;
  /** The event to edit; a new event when absent. */
  event?: EventView;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const timeZone = event?.timeZone ?? viewerTimeZone();
  const startsAt = event ? utcToZoned(new Date(event.startDate), timeZone) : null;
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [date, setDate] = useState(startsAt?.date ?? '');
  const [time, setTime] = useState(startsAt?.time ?? EVENT_DEFAULT_TIME);
  const initialDuration = event
    ? Math.round((new Date(event.endDate).getTime() - new Date(event.startDate).getTime()) / 60_000)
    : EVENT_DURATION_MINUTES;
  const [duration, setDuration] = useState(initialDuration);
  const [location, setLocation] = useState(event?.location ?? '');
  const draft = () => ({ title, description, date, time, timeZone, durationMinutes: duration, location });
  const form = useForm({
    check: () =>
      schemaCheck(createEventInputSchema, draft(), (issue) => {
        const field =
          { title: 'Event Title', date: 'Date', time: 'Time' }[String(issue?.path[0])] ?? 'The event';
        return `${field} ${issue?.message ?? 'is not valid'}`;
      }),
    send: () =>
      event
        ? api('updateEvent', {
            params: { clubId, eventId: event.id },
            body: createEventInputSchema.parse(draft()),
          })
        : api('createEvent', { params: { clubId }, body: createEventInputSchema.parse(draft()) }),
    onSuccess: async () => {
      await refreshEvents(queryClient, clubId);
      toast({ title: event ? 'Event updated' : 'Event created', variant: 'success' });
      onClose();
    },
    failure: (error) => problem(messageOf(error, 'Could not save the event. Please try again.')),
    label: 'Saving the event',
  });
  const busy = form.busy;

  return (
    <Modal open title={event ? 'Edit Event' : 'New Event'} onClose={onClose} closable={!busy}>
      <Flex
        as="form"
        direction="column"
        gap="small"
        onSubmit={form.submit}
        noValidate
        aria-label="Event details"
      >
        <TextField label="Event Title" value={title} onChange={(e) => setTitle(e.target.value)} isRequired />
        <TextAreaField
          label="Event Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Flex gap="small" wrap="wrap">
          <TextField
            label="Date"
            type="date"
            min={todayOnViewerCalendar()}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            isRequired
          />
          <TextField
            label="Time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            isRequired
          />
          <SelectField
            label="Duration"
            value={String(duration)}
            onChange={(e) => setDuration(Number(e.target.value))}
          >
            {[...new Set([...DURATIONS, initialDuration])].map((minutes) => (
              <option key={minutes} value={minutes}>
                {durationLabel(minutes)}
              </option>
            ))}
          </SelectField>
        </Flex>
        <Text fontSize="small" color="font.tertiary">
          Times are in {timeZone}.
        </Text>
        <TextField
          label="Location or meeting link"
          placeholder="Online"
          descriptiveText="Shown to members only"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
        />
        <FormFooter
          problem={form.problem?.message ?? null}
          busy={busy}
          onCancel={onClose}
          submit={event ? 'Save Event' : 'Create Event'}
          working="Saving..."
        />
      </Flex>
    </Modal>
  );
}
