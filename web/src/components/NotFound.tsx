import { MessagePanel, MessageText } from './MessagePanel.tsx';
import { LinkButton } from './public/amplify-look.tsx';

export function NotFound() {
  return (
    <MessagePanel title="Page not found">
      <p className="amplify-text clubs-message-code" aria-hidden="true">
        404
      </p>
      <MessageText>The page you are looking for does not exist or has been moved.</MessageText>
      <LinkButton to="/" variation="primary">
        Return Home
      </LinkButton>
    </MessagePanel>
  );
}
