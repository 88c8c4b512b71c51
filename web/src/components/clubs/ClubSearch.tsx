import { useId } from 'react';

/**
 * The clubs search box of the directory and the dashboards: filters as the person types; the
 * clear button (and Escape) empties it. It draws Amplify's SearchField as that renders it, with
 * its documented classes, because the directory is a public page a visitor opens first and
 * Amplify's component would bring its runtime there.
 */
export function ClubSearch({
  value,
  onChange,
  grow = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Take the row's free width (beside the directory's filters). */
  grow?: boolean;
}) {
  const id = useId();
  return (
    <div
      className="amplify-flex amplify-field amplify-textfield amplify-searchfield"
      style={grow ? { flex: '1', minWidth: '14rem' } : undefined}
    >
      <label className="amplify-label amplify-visually-hidden" htmlFor={id}>
        Search clubs
      </label>
      <div className="amplify-flex amplify-field-group amplify-field-group--has-inner-end amplify-field-group--horizontal">
        <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
          <input
            id={id}
            name="q"
            type="text"
            autoComplete="off"
            placeholder="Search clubs..."
            className="amplify-input amplify-field-group__control"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && value !== '') onChange('');
            }}
          />
          {value !== '' ? (
            <div className="amplify-field-group__inner-end">
              <button
                type="button"
                aria-label="Clear input"
                className="amplify-button amplify-field-group__control amplify-button--link amplify-field-group__icon amplify-field-group__icon-button"
                onClick={() => onChange('')}
              >
                <span className="amplify-icon clubs-icon-1em">
                  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                    <path
                      d="M19 6.41L17.59 5L12 10.59L6.41 5L5 6.41L10.59 12L5 17.59L6.41 19L12 13.41L17.59 19L19 17.59L13.41 12L19 6.41Z"
                      fill="currentColor"
                    />
                  </svg>
                </span>
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
