import { Button, Flex, Text } from '@aws-amplify/ui-react';

/**
 * The end of a form in a card or a dialog: what is wrong with it (announced), then Cancel and
 * the submit button, busy with its own words while the request runs.
 */
export function FormFooter({
  problem,
  busy,
  onCancel,
  submit,
  working,
  submitDisabled = false,
}: {
  problem: string | null;
  busy: boolean;
  onCancel: () => void;
  submit: string;
  /** The submit button's words while busy. */
  working: string;
  /** Not yet submittable (e.g. an upload still under way). */
  submitDisabled?: boolean;
}) {
  return (
    <>
      {problem && (
        <Text as="p" role="alert" color="font.error" margin="0">
          {problem}
        </Text>
      )}
      <Flex gap="small" justifyContent="flex-end">
        <Button onClick={onCancel} isDisabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variation="primary"
          isLoading={busy}
          loadingText={working}
          isDisabled={submitDisabled}
        >
          {submit}
        </Button>
      </Flex>
    </>
  );
}
