/**
 * Export CSV on the members page, the owner's alone: the club's members read a page of 500 at a
 * time (the server escapes every cell a spreadsheet would run as a formula), joined into one file
 * with a byte-order mark, so spreadsheets read its accents, and downloaded as `{club}-members.csv`.
 * The button counts the members read so far.
 */
import { Button } from '@aws-amplify/ui-react';
import type { MemberExportPage } from '@clubs/shared';
import { useState } from 'react';
import { saveBlob } from '../../../api/download.ts';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useToast } from '../../../components/Toaster.tsx';

export const EXPORT_TEXTS = {
  export: 'Export CSV',
  exporting: (count: number) => `Exporting… ${count} members`,
  failed: 'The members could not be exported',
} as const;
const T = EXPORT_TEXTS;

/** A file name from the club's name: letters, digits and dashes. */
const fileNameOf = (clubName: string) =>
  `${
    clubName
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'club'
  }-members.csv`;

export function ExportMembers({ clubId, clubName }: { clubId: string; clubName: string }) {
  const { toast } = useToast();
  const [read, setRead] = useState<number | null>(null);

  const run = async () => {
    setRead(0);
    try {
      const parts: string[] = [];
      let count = 0;
      let cursor: string | null = null;
      do {
        const page: MemberExportPage = await api('exportMembers', {
          params: { clubId },
          query: cursor ? { cursor } : {},
        });
        parts.push(page.csv);
        count += page.rows;
        setRead(count);
        cursor = page.nextCursor;
      } while (cursor);
      saveBlob(new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' }), fileNameOf(clubName));
    } catch (error) {
      toast({ title: T.failed, description: messageOf(error, T.failed), variant: 'error' });
    } finally {
      setRead(null);
    }
  };

  return (
    <Button onClick={() => void run()} isLoading={read !== null} loadingText={T.exporting(read ?? 0)}>
      {T.export}
    </Button>
  );
}
