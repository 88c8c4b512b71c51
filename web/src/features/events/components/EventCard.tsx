/**
 * One event card: day, month and time (in the viewer's zone, with its
 * abbreviation), title, description, the long date, where (members only), the attendee count with
 * up to 5 avatars and '+N'; on upcoming cards Register Now, or Going with Cancel registration;
 * Add to calendar (an .ics file); Edit and Delete for owners and moderators. Past cards are greyed.
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import { calendarFileName, EVENT_MAX_AVATARS, type EventView, eventCalendarFile } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { refreshEvents, updateCachedEvent } from '../api.ts';
import { eventTimes } from './eventTimes.ts';

interface EventParams {
  clubId: string;
  eventId: string;
}

function downloadCalendarFile(event: EventView) {
  const blob = new Blob([eventCalendarFile(event, window.location.href)], { type: 'text/calendar' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = calendarFileName(event.title);
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Attendees({ event }: { event: EventView }) {
  const more = event.attendeeCount - Math.min(event.attendees.length, EVENT_MAX_AVATARS);
  return (
    <div className="events-attendees">
      <span className="events-attendees__faces">
        {event.attendees.slice(0, EVENT_MAX_AVATARS).map((person) => (
          <PersonAvatar key={person.id} name={person.name} url={person.avatarUrl} size={28} />
        ))}
        {more > 0 && <span className="events-attendees__more">+{more}</span>}
      </span>
      <span>
        {event.attendeeCount} {event.attendeeCount === 1 ? 'attendee' : 'attendees'}
      </span>
    </div>
  );
}

/** One of the card's requests on its event (register, cancel, delete): busy while it runs. */
function RequestButton({
  request,
  params,
  variation,
  children,
}: {
  request: { isPending: boolean; run(input: { params: EventParams }): void };
  params: EventParams;
  variation?: 'primary' | 'destructive';
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variation={variation}
      isLoading={request.isPending}
      onClick={() => request.run({ params })}
    >
      {children}
    </Button>
  );
}

export function EventCard({
  clubId,
  event,
  past,
  canRegister,
  onEdit,
}: {
  clubId: string;
  event: EventView;
  past: boolean;
  canRegister: boolean;
  onEdit: (event: EventView) => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const times = eventTimes(event.startDate);
  const changed = (next: EventView) => updateCachedEvent(queryClient, clubId, next);
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: messageOf(error, 'Please try again.'), variant: 'error' });
  const register = useApiMutation('registerForEvent', {
    onSuccess: changed,
    onError: failed('Could not register'),
  });
  const cancel = useApiMutation('cancelEventRegistration', {
    onSuccess: changed,
    onError: failed('Could not cancel the registration'),
  });
  const remove = useApiMutation('deleteEvent', {
    onSuccess: async () => {
      await refreshEvents(queryClient, clubId);
      toast({ title: 'Event deleted', variant: 'success' });
    },
    onError: failed('Could not delete the event'),
  });
  const params = { clubId, eventId: event.id };
  const titleId = `event-${event.id}`;

  return (
    <article className={`events-card${past ? ' events-card--past' : ''}`} aria-labelledby={titleId}>
      <div className="events-card__date" aria-hidden="true">
        <span className="events-card__day">{times.day}</span>
        <span className="events-card__month">{times.month}</span>
      </div>
      <div className="events-card__body">
        <p className="events-card__time">{times.time}</p>
        <h2 id={titleId} className="events-card__title">
          {event.title}
        </h2>
        {event.description && <p className="events-card__text">{event.description}</p>}
        <p className="events-card__meta">{times.longDate}</p>
        {event.location && <p className="events-card__meta">Where: {event.location}</p>}
        <Attendees event={event} />
        <Flex gap="small" wrap="wrap" marginTop="small">
          {!past && canRegister && !event.going && (
            <RequestButton request={register} params={params} variation="primary">
              Register Now
            </RequestButton>
          )}
          {!past && canRegister && event.going && (
            <>
              <span className="events-card__going">Going</span>
              <RequestButton request={cancel} params={params}>
                Cancel registration
              </RequestButton>
            </>
          )}
          <Button size="small" variation="link" onClick={() => downloadCalendarFile(event)}>
            Add to calendar
          </Button>
          {event.canManage && !past && (
            <Button size="small" variation="link" onClick={() => onEdit(event)}>
              Edit
            </Button>
          )}
          {event.canManage &&
            (confirmingDelete ? (
              <>
                <RequestButton request={remove} params={params} variation="destructive">
                  Delete event
                </RequestButton>
                <Button size="small" variation="link" onClick={() => setConfirmingDelete(false)}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button size="small" variation="link" onClick={() => setConfirmingDelete(true)}>
                Delete
              </Button>
            ))}
        </Flex>
      </div>
    </article>
  );
}
