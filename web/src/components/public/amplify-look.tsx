/**
 * Amplify UI's look without its components, for the public pages a visitor opens first (`/`, the
 * public top bar). Each Amplify primitive works out its style props and subscribes to the
 * viewport's breakpoints as it mounts, and the module that holds them (Amplify UI's theme and
 * style-prop code) is some 100 KB to evaluate: on a page of static links and a toggle that is
 * main-thread time before the page answers, spent on nothing it shows. These render the elements
 * Amplify's Button, ToggleButton and Badge render, wearing the class names Amplify UI documents
 * for styling them (`amplify-button`, `amplify-button--primary`, `amplify-badge--success`, ...),
 * so its stylesheet and our theme (web/src/theme.ts) style them exactly as before. Forms, dialogs
 * and the signed-in pages keep the components.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AWAITS_APP } from '../../start-on-demand.ts';

/** Loaders and placeholders show data still to come: on a drawn page, the app starts to bring it. */
const AWAITS_APP_PROPS = { [AWAITS_APP]: '' };

type ButtonLook = {
  /** Amplify's Button variations used on these pages (none: the default outlined button). */
  variation?: 'primary' | 'link';
  size?: 'small' | 'large';
  isFullWidth?: boolean;
};

/** The classes Amplify UI's Button carries for a look (its documented `amplify-button--*` modifiers). */
export function buttonClass({ variation, size, isFullWidth }: ButtonLook, extra?: string): string {
  return [
    'amplify-button',
    'amplify-field-group__control',
    variation ? `amplify-button--${variation}` : '',
    size ? `amplify-button--${size}` : '',
    isFullWidth ? 'amplify-button--fullwidth' : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A router link that looks like Amplify's Button (what `<Button as={Link}>` draws). */
export function LinkButton({
  variation,
  size,
  isFullWidth,
  className,
  children,
  ...props
}: ComponentProps<typeof Link> & ButtonLook & { children: ReactNode }) {
  return (
    <Link className={buttonClass({ variation, size, isFullWidth }, className)} {...props}>
      {children}
    </Link>
  );
}

/**
 * A button that looks like Amplify's Button; while `isLoading` it is disabled and shows Amplify's
 * small loader and `loadingText` in place of its label, as Amplify's Button does.
 */
export function PlainButton({
  variation,
  size,
  isFullWidth,
  isLoading = false,
  loadingText,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ComponentProps<'button'> & ButtonLook & { isLoading?: boolean; loadingText?: string }) {
  const busy = isLoading ? 'amplify-button--loading amplify-button--disabled' : '';
  return (
    <button
      type={type}
      className={buttonClass({ variation, size, isFullWidth }, [busy, className ?? ''].join(' ').trim())}
      disabled={isLoading || disabled}
      {...props}
    >
      {isLoading ? (
        <span className="amplify-flex amplify-button__loader-wrapper">
          <PlainLoader size={size} />
          {loadingText || null}
        </span>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * Amplify's circular Loader as it draws it (an SVG of two circles, the second one turning, styled
 * by its `amplify-loader` classes); `label` names it for screen readers.
 */
export function PlainLoader({ size, label }: { size?: 'small' | 'large'; label?: string }) {
  return (
    <svg
      className={size ? `amplify-loader amplify-loader--${size}` : 'amplify-loader'}
      role="progressbar"
      aria-label={label}
      {...AWAITS_APP_PROPS}
    >
      <g>
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
      </g>
    </svg>
  );
}

/** A badge that looks like Amplify's Badge. */
export function PlainBadge({
  variation,
  className,
  children,
}: {
  variation?: 'success' | 'warning';
  className?: string;
  children: ReactNode;
}) {
  const classes = ['amplify-badge', variation ? `amplify-badge--${variation}` : '', className ?? ''];
  return <span className={classes.filter(Boolean).join(' ')}>{children}</span>;
}

/** A loading placeholder that looks like Amplify's Placeholder. */
export function PlainPlaceholder({ size, height }: { size?: 'large'; height?: string }) {
  return (
    <div
      className={size ? `amplify-placeholder amplify-placeholder--${size}` : 'amplify-placeholder'}
      style={height ? { height } : undefined}
      {...AWAITS_APP_PROPS}
    />
  );
}

/** A heading of a level, as Amplify's Heading draws it. */
export function PlainHeading({
  level,
  id,
  className,
  children,
}: {
  level: 1 | 2 | 3;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={[`amplify-heading amplify-heading--${level}`, className ?? ''].join(' ').trim()}>
      {children}
    </Tag>
  );
}

/** A paragraph as Amplify's Text draws it, in one of its documented colour variations. */
export function PlainText({
  variation,
  role,
  className,
  children,
}: {
  variation?: 'secondary' | 'error';
  role?: 'alert';
  className?: string;
  children: ReactNode;
}) {
  const classes = ['amplify-text', variation ? `amplify-text--${variation}` : '', className ?? ''];
  return (
    <p role={role} className={classes.filter(Boolean).join(' ')}>
      {children}
    </p>
  );
}
