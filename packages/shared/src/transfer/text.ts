/** Messages of the imports and exports (2020 design files, CNC export, YAML; decision 0030). */
export const TRANSFER_TEXT = {
  fileMissing: 'Choose a 2020 design file (.xml) to import',
  notXml: (detail: string, line: number | null) =>
    line === null ? `The file is not valid XML: ${detail}` : `The file is not valid XML (line ${line}): ${detail}`,
  notDesign: 'The file is not a 2020 design: its root element must be <Project> with <Design> and <Item> elements',
  noItems: 'The 2020 design has no items',
  tooDeep: (max: number) => `The file's elements nest more than ${max} levels deep: it is not a 2020 design`,
  tooManyDesigns: (max: number) => `A 2020 design may have at most ${max} rooms (Design elements)`,
  tooManyItems: (max: number) => `A 2020 design may have at most ${max} items`,
  unknownCode: 'Unknown code: not in the catalogue',
  missingCode: 'The item has no UserCode',
  badQuantity: (max: number) => `Quantity must be a whole number from 1 to ${max}`,
  attachmentAsCabinet: 'The code is an attachment: place it inside a cabinet item',
  cabinetAsAttachment: 'The code is a cabinet, not an attachment',
  parentNotImported: 'Its cabinet was not imported',
  badSize: (field: string) => `${field} must be a positive number`,
  badHinge: 'Hinge must be Left, Right, Both or None',
  createdByInvalid: 'created_by must be a user id',
  nameRequired: 'Required',
  imported: (n: number) => `Successfully imported/updated ${n} items`,
  failedSuffix: (m: number) => `, failed to import/update ${m} items`,
} as const;

/** The web screens of the imports (2020 upload page, order import dialog) and exports. */
export const TRANSFER_WEB_TEXT = {
  importOrder: 'Import 2020',
  importOrderTitle: 'Import a 2020 design',
  importOrderHint: 'A 2020 Design XML file becomes a new bid: one group per room, one line per item.',
  orderName: 'Order name',
  customer: 'Customer',
  chooseFile: 'Choose .xml file',
  preview: 'Preview',
  import: 'Import',
  close: 'Close',
  cancel: 'Cancel',
  previewSummary: (imported: number, failed: number) =>
    `${imported} item${imported === 1 ? '' : 's'} will be imported${failed > 0 ? `, ${failed} cannot be` : ''}`,
  imported: (imported: number, failed: number) =>
    `Successfully imported/updated ${imported} items${failed > 0 ? `, failed to import/update ${failed} items` : ''}`,
  notImported: 'Not imported',
  /** The order name field's hint: the server takes the file's Project Name (issue 29). */
  orderNameHint: 'Leave empty to use the Project Name of the file',
  previewName: (name: string) => `The bid will be named ${name}`,
  /** After an import that dropped lines: the dialog stays open on them (issue 29). */
  importedWithDropped: (id: number, imported: number, dropped: number) =>
    `Bid #${id} created with ${imported} item${imported === 1 ? '' : 's'}; ${dropped} line${dropped === 1 ? ' was' : 's were'} not imported. They are kept on the bid's timeline.`,
  openBid: 'Open the bid',
  room: 'Room',
  line: 'Line',
  code: 'Code',
  reason: 'Reason',
  changes: 'Changes',
  noChange: 'No change',
  uploadHint:
    'Upload a 2020 Design or catalogue XML file: the line items named by UserCode take its description, sizes and hinge. Preview first, then apply.',
  apply: 'Apply changes',
  previewTitle: 'Preview',
  appliedTitle: 'Applied',
  exportCsv: 'CNC export',
  exportYaml: 'YAML',
} as const;
