/**
 * 'Create a Club' wherever a signed-in person is offered it (the directory, the member
 * dashboard): it opens the create-club dialog in place. The dialog is its own chunk, loaded on
 * the first click, so the pages that offer it do not carry it in their first paint.
 */
import { lazy, Suspense, useState } from 'react';
import { PlainButton } from '../public/amplify-look.tsx';

const CreateClubDialog = lazy(() =>
  import('./CreateClubDialog.tsx').then((module) => ({ default: module.CreateClubDialog })),
);

export function CreateClubButton({ label = 'Create a Club' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <PlainButton
        variation="primary"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
      </PlainButton>
      {wanted ? (
        <Suspense fallback={null}>
          <CreateClubDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
