/**
 * A row's small button whose route write waits for a confirmation (revoke an invitation or an
 * API key, allow a removed person back): the button, its ConfirmDialog, and the write of
 * `useConfirmedWrite`, whose dialog stays busy until the write and `done` have finished.
 */
import type { ButtonProps } from '@aws-amplify/ui-react';
import type { RequestInput, RouteId, RouteOutput } from '@clubs/shared';
import { ConfirmButton, type ConfirmTexts } from './ConfirmDialog.tsx';
import { useConfirmedWrite } from './useConfirmedWrite.ts';

export function ConfirmedWriteButton<Id extends RouteId>({
  route,
  input,
  done,
  failed,
  ...button
}: {
  route: Id;
  input: RequestInput<Id>;
  done: (output: RouteOutput<Id>) => unknown;
  failed: string;
  label: string;
  ariaLabel: string;
  texts: ConfirmTexts;
  buttonVariation?: ButtonProps['variation'];
  variation?: 'destructive' | 'primary';
}) {
  const { dialog, request } = useConfirmedWrite(route, { done, failed });
  return <ConfirmButton {...button} dialog={dialog} request={request} input={input} />;
}
