/**
 * Where an e-mail's unsubscribe link leads (no sign-in needed): it asks before it acts, so a link
 * scanner opening it changes nothing, then posts the link's signed token and says what stopped
 * (the club's e-mail, or all of it) once the server has stored it. A forged, expired or outdated
 * link is refused with the server's reason.
 */
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { TextLink } from '../../../components/TextLink.tsx';
import { StaticPage } from '../components/StaticPage.tsx';

export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useApiMutation('unsubscribe');
  const done = unsubscribe.data;
  return (
    <StaticPage title="Unsubscribe" lead="Stop notification e-mails from Clubs.">
      <Flex direction="column" gap="medium" alignItems="flex-start">
        {!token ? (
          <Alert variation="error" role="alert">
            This unsubscribe link is incomplete. Open it from the e-mail again.
          </Alert>
        ) : done ? (
          <Text role="status">
            {done.scope === 'club'
              ? `You will get no more e-mail from ${done.clubName ?? 'this club'}.`
              : 'You will get no more notification e-mail.'}{' '}
            You still see notifications in the bell.
          </Text>
        ) : (
          <>
            <Text>Unsubscribe from the e-mails this link came with?</Text>
            <Button
              variation="primary"
              isDisabled={unsubscribe.isPending}
              onClick={() => unsubscribe.run({ query: { token } })}
            >
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
            {unsubscribe.isError && (
              <Alert variation="error" role="alert">
                {messageOf(unsubscribe.error, 'Please try again.')}
              </Alert>
            )}
          </>
        )}
        <Text>
          Choose what you hear about, and how, in your <TextLink to="/settings">Account Settings</TextLink> or
          in each club.
        </Text>
      </Flex>
    </StaticPage>
  );
}
