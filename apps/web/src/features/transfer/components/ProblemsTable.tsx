import { type ImportProblem, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import { type LineColumn, LineProblemsTable } from '../../../components/LineProblemsTable.tsx';

const COLUMNS: LineColumn<ImportProblem>[] = [
  { header: T.line, cell: (p) => p.line },
  { header: T.code, cell: (p) => p.user_code },
  { header: T.reason, cell: (p) => p.reason },
];

/** The items of a 2020 file that were not imported: line in the file, code, why. */
export function ProblemsTable({ problems }: { problems: ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <LineProblemsTable
      title={T.notImported}
      titleSx={{ mt: 2, mb: 1 }}
      maxHeight={280}
      columns={COLUMNS}
      rows={problems}
      rowKey={(p) => `${p.line}-${p.user_code}-${p.reason}`}
      testId="import-unknown"
      rowTestId="import-unknown-row"
    />
  );
}
