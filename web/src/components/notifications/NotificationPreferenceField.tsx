/**
 * The choice of how a member hears of a club (bell only, e-mail at once, a daily or weekly digest,
 * off), for the account (Account Settings) or for one club (the club's sidebar, where "Same as my
 * account" clears the club's own choice). A change is saved at once; the field shows what the
 * server stored, and says so, only once the write has finished.
 */
import { SelectField, Text } from '@aws-amplify/ui-react';
import type { NotificationPreference } from '@clubs/shared';
import { NOTIFICATION_PREFERENCES } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { useApiMutation } from '../../api/mutations.ts';
import { routeKey } from '../../api/queryKeys.ts';

export const PREFERENCE_LABELS: Record<NotificationPreference, string> = {
  bell: 'Bell only (no e-mail)',
  immediate: 'E-mail me immediately',
  daily: 'Daily digest e-mail',
  weekly: 'Weekly digest e-mail',
  off: 'Off (no notifications)',
};

const SAME_AS_ACCOUNT = '';

const preferenceOptions = NOTIFICATION_PREFERENCES.map((preference) => (
  <option key={preference} value={preference}>
    {PREFERENCE_LABELS[preference]}
  </option>
));

function Saved({ state }: { state: 'idle' | 'saving' | 'saved' | string }) {
  return (
    <Text role="status" fontSize="small" color={state.startsWith('Could') ? 'font.error' : undefined}>
      {state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : state === 'idle' ? '' : state}
    </Text>
  );
}

/** The account-wide choice, on Account Settings. */
export function AccountNotificationPreference() {
  const queryClient = useQueryClient();
  const [state, setState] = useState('idle');
  const settings = useApiQuery('getNotificationSettings');
  const save = useApiMutation('updateNotificationSettings', {
    onMutate: () => setState('saving'),
    onSuccess: (stored) => {
      queryClient.setQueryData(routeKey('getNotificationSettings'), stored);
      // Clubs that follow the account show its new choice.
      void queryClient.invalidateQueries({ queryKey: routeKey('getClubNotificationSettings') });
      setState('saved');
    },
    onError: (error) => setState(`Could not save: ${messageOf(error, 'please try again.')}`),
  });
  if (settings.isError) return <Text role="alert">Could not load your notification settings.</Text>;
  return (
    <>
      <SelectField
        label="Notifications from your clubs"
        descriptiveText="What every club follows unless you choose differently in that club."
        value={settings.data?.preference ?? ''}
        isDisabled={!settings.data || save.isPending}
        onChange={(event) => save.run({ body: { preference: event.target.value as NotificationPreference } })}
      >
        {!settings.data && <option value="">Loading…</option>}
        {preferenceOptions}
      </SelectField>
      <Saved state={state} />
    </>
  );
}

/** One club's choice, in the club. */
export function ClubNotificationPreference({ clubId }: { clubId: string }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [state, setState] = useState('idle');
  const input = { params: { clubId } };
  const settings = useApiQuery('getClubNotificationSettings', input);
  const save = useApiMutation('updateClubNotificationSettings', {
    onMutate: () => setState('saving'),
    onSuccess: (stored) => {
      queryClient.setQueryData(routeKey('getClubNotificationSettings', input), stored);
      setState('saved');
    },
    onError: (error) => setState(`Could not save: ${messageOf(error, 'please try again.')}`),
  });
  const data = settings.data;
  const following = data && data.preference === null ? ` (${PREFERENCE_LABELS[data.effective]})` : '';
  return (
    <section className="feed-card feed-side" aria-labelledby={headingId}>
      <h2 id={headingId}>Notifications</h2>
      {settings.isError ? (
        <Text role="alert">Could not load your notification settings.</Text>
      ) : (
        <>
          <SelectField
            label="Notifications from this club"
            value={data ? (data.preference ?? SAME_AS_ACCOUNT) : SAME_AS_ACCOUNT}
            isDisabled={!data || save.isPending}
            onChange={(event) => {
              const value = event.target.value;
              save.run({
                ...input,
                body: { preference: value === SAME_AS_ACCOUNT ? null : (value as NotificationPreference) },
              });
            }}
          >
            <option value={SAME_AS_ACCOUNT}>{`Same as my account${following}`}</option>
            {preferenceOptions}
          </SelectField>
          <Saved state={state} />
        </>
      )}
    </section>
  );
}
