import { type ImportProblem, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import { type LineColumn, LineProblemsTable } from '../../../components/LineProblemsTable.tsx';

/** An item of a 2020 file that was not imported: its line in the file, its code, its room (order import) and why. */
export interface ProblemRow {
  line: number;
  code: string;
  room?: string;
  reason: string;
}

/** The catalogue upload's problems as rows. */
export const problemRows = (problems: ImportProblem[]): ProblemRow[] =>
  problems.map((p) => ({ line: p.line, code: p.user_code, reason: p.reason }));

const COLUMNS: LineColumn<ProblemRow>[] = [
  { header: T.line, cell: (p) => p.line },
  { header: T.code, cell: (p) => p.code },
  { header: T.reason, cell: (p) => p.reason },
];
const WITH_ROOM: LineColumn<ProblemRow>[] = [
  COLUMNS[0]!,
  COLUMNS[1]!,
  { header: T.room, cell: (p) => p.room ?? '' },
  COLUMNS[2]!,
];

/** The items of a 2020 file that were not imported: line in the file, code, (room,) why. */
export function ProblemsTable({ problems }: { problems: ProblemRow[] }) {
  if (problems.length === 0) return null;
  return (
    <LineProblemsTable
      title={T.notImported}
      titleSx={{ mt: 2, mb: 1 }}
      maxHeight={280}
      columns={problems.some((p) => p.room !== undefined) ? WITH_ROOM : COLUMNS}
      rows={problems}
      rowKey={(p) => `${p.line}-${p.code}-${p.reason}`}
      testId="import-unknown"
      rowTestId="import-unknown-row"
    />
  );
}
