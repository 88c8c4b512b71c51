/**
 * The Events page: title Events, tabs 'Upcoming (n)' and 'Past (n)', the
 * club's events by start time paged by cursor, a New Event dialog for owners and moderators (also
 * opened by the events/create route) and each card's registration.
 */
import { Button, Flex, Heading, Loader, Tabs } from '@aws-amplify/ui-react';
import { type EventView, type EventWindow, isClubManager } from '@clubs/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { ListLoadFailed, ShowMore } from '../../../components/PagedList.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useEvents } from '../api.ts';
import { EventCard } from '../components/EventCard.tsx';
import { EventDialog } from '../components/EventDialog.tsx';
import '../components/events.css';

const EMPTY: Record<EventWindow, { title: string; text: string }> = {
  upcoming: { title: 'No upcoming events', text: 'Create your first event to get started!' },
  past: { title: 'No past events', text: 'Your completed events will appear here.' },
};

function EventList({ window, onEdit }: { window: EventWindow; onEdit: (event: EventView) => void }) {
  const { club, canWrite } = useClubSpace();
  const events = useEvents(club.id, window);
  if (events.isPending) return <Loader variation="linear" />;
  if (events.isError) {
    return <ListLoadFailed what="the events" list={events} className="events-error" />;
  }
  const items = events.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="events-empty">
        <p className="events-empty__title">{EMPTY[window].title}</p>
        <p>{EMPTY[window].text}</p>
      </div>
    );
  }
  return (
    <Flex direction="column" gap="medium">
      {items.map((event) => (
        <EventCard
          key={event.id}
          clubId={club.id}
          event={event}
          past={window === 'past'}
          canRegister={canWrite}
          onEdit={onEdit}
        />
      ))}
      <ShowMore list={events} label="Show more events" />
    </Flex>
  );
}

export default function EventsPage() {
  const { club, role, basePath } = useClubSpace();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<EventWindow>('upcoming');
  const [editing, setEditing] = useState<EventView | null>(null);
  // The counts come with every page of either list; the upcoming list is always loaded first.
  const counts = useEvents(club.id, 'upcoming').data?.pages[0];
  const creating = location.pathname.endsWith('/events/create');
  const manager = isClubManager(role);

  return (
    <PageColumn width="56rem">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={1}>Events</Heading>
        {manager && (
          <Button variation="primary" onClick={() => navigate(`${basePath}/events/create`)}>
            New Event
          </Button>
        )}
      </Flex>
      <Tabs.Container value={tab} onValueChange={(value) => setTab(value as EventWindow)}>
        <Tabs.List>
          <Tabs.Item value="upcoming">Upcoming ({counts?.upcomingCount ?? 0})</Tabs.Item>
          <Tabs.Item value="past">Past ({counts?.pastCount ?? 0})</Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="upcoming">
          <EventList window="upcoming" onEdit={setEditing} />
        </Tabs.Panel>
        <Tabs.Panel value="past">
          {tab === 'past' && <EventList window="past" onEdit={setEditing} />}
        </Tabs.Panel>
      </Tabs.Container>
      {manager && creating && (
        <EventDialog clubId={club.id} onClose={() => navigate(`${basePath}/events`, { replace: true })} />
      )}
      {editing && <EventDialog clubId={club.id} event={editing} onClose={() => setEditing(null)} />}
    </PageColumn>
  );
}
