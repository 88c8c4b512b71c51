/**
 * What the Developers tab shows of a secret the server made this once (an API key's, a webhook
 * endpoint's signing secret): the warning, the secret selected on focus, Copy, and Done, which
 * forgets it; and the checkboxes a key's scopes or an endpoint's events are chosen with, in the
 * order the page lists them.
 */
import { Alert, Button, CheckboxField, Fieldset, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useToast } from '../../../components/Toaster.tsx';

export interface SecretTexts {
  readonly warning: string;
  readonly label: string;
  readonly copy: string;
  readonly copied: string;
  readonly copyFailed: string;
  readonly done: string;
}

export function SecretOnce({
  heading,
  secret,
  texts,
  onDone,
}: {
  heading: string;
  secret: string;
  texts: SecretTexts;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: texts.copied, variant: 'success' });
    } catch {
      toast({ title: texts.copyFailed, variant: 'error' });
    }
  };
  return (
    <Alert variation="warning" heading={heading} role="region">
      <Flex direction="column" gap="small">
        <Text fontWeight="bold">{texts.warning}</Text>
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <TextField
            label={texts.label}
            value={secret}
            isReadOnly
            fontFamily="monospace"
            onFocus={(event) => event.target.select()}
            width="100%"
            maxWidth="36rem"
          />
          <Button onClick={() => void copy()}>{texts.copy}</Button>
          <Button variation="link" onClick={onDone}>
            {texts.done}
          </Button>
        </Flex>
      </Flex>
    </Alert>
  );
}

/** Checkboxes choosing some of `options`, each labelled with its words and its name. */
export function Choices<T extends string>({
  legend,
  name,
  options,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  chosen: readonly T[];
  onChange: (next: readonly T[]) => void;
}) {
  return (
    <Fieldset legend={legend} variation="plain" direction="column" gap="xs">
      {options.map((option) => (
        <CheckboxField
          key={option}
          name={name}
          value={option}
          label={`${labels[option]} (${option})`}
          checked={chosen.includes(option)}
          onChange={(event) =>
            onChange(event.target.checked ? [...chosen, option] : chosen.filter((held) => held !== option))
          }
        />
      ))}
    </Fieldset>
  );
}
