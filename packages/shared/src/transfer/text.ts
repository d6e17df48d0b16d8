/** Messages of the imports and exports (2020 design files, CNC export, YAML; decision 0030). */
export const TRANSFER_TEXT = {
  fileMissing: 'Choose a 2020 design file (.xml) to import',
  notXml: (detail: string, line: number | null) =>
    line === null ? `The file is not valid XML: ${detail}` : `The file is not valid XML (line ${line}): ${detail}`,
  notDesign: 'The file is not a 2020 design: its root element must be <Project> with <Design> and <Item> elements',
  noItems: 'The 2020 design has no items',
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
