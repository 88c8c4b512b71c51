import { MessageText } from './MessagePanel.tsx';
import { PlainLoader } from './public/amplify-look.tsx';

/**
 * The generic loading screen: lazy route chunks and the first session check. It shows before any
 * page's code is in, so it draws Amplify's Loader and Text as the elements they render, with
 * their documented classes, rather than loading Amplify UI's runtime to draw a spinner.
 */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="amplify-flex clubs-loading-screen">
      <PlainLoader size="large" label={label} />
      <MessageText>{label}</MessageText>
    </div>
  );
}
