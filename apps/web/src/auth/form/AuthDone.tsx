import { InfoBox } from '#renderer';
import type { Portal } from '../pools.ts';
import { LoginLink } from './LoginLink.tsx';

/** Props of {@link AuthDone}. */
export interface AuthDoneProps {
  title: string;
  text: string;
  /** Whose log-in the closing link leads to. */
  portal: Portal;
}

/** The end of a flow: a heading that takes focus, a positive InfoBox and the way to the log-in. */
export function AuthDone({ title, text, portal }: AuthDoneProps) {
  return (
    <>
      <h1 tabIndex={-1} ref={(node) => node?.focus()}>
        {title}
      </h1>
      <InfoBox tone="positive">{text}</InfoBox>
      <LoginLink portal={portal} />
    </>
  );
}
