/** Messages of the production reports, charts and the planner (decision 0031). */
export const REPORTS_TEXT = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  rangeInvalid: 'date_after must be on or before date_before',
  rangeTooLong: (days: number) => `The range may span at most ${days} days`,
  closedDay: (day: string) => `${day} is a closed day (weekend or holiday): choose a working day`,
  notPlannable: (status: string) => `An order in status ${status} cannot be planned`,
  capacityRange: 'Capacity per day must be a whole number from 1 to 100000',
} as const;
