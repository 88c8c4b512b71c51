import { type ReactNode, useId } from 'react';

/** A band of the landing page: its heading and one line under it, then its content. */
export function LandingSection({
  title,
  intro,
  alt = false,
  children,
}: {
  title: string;
  intro: string;
  /** The alternate (tinted) background, so neighbouring bands stand apart. */
  alt?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={alt ? 'clubs-section clubs-section--alt' : 'clubs-section'} aria-labelledby={titleId}>
      <div className="clubs-section__head">
        <h2 id={titleId}>{title}</h2>
        <p>{intro}</p>
      </div>
      {children}
    </section>
  );
}
