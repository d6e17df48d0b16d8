import type { CabinetLabel, ShelfLabel } from './cabinets.ts';
import { inches } from './cabinets.ts';

/**
 * DYMO Label v8 `.label` documents (what the DYMO web service's PrintLabel takes as labelXml):
 * a 30334 die-cut label, 2-1/4 in x 1-1/4 in (3240 x 1800 twips), landscape, with a Code128
 * barcode object and text objects. Every value is XML-escaped.
 */

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

const COLORS =
  '<ForeColor Alpha="255" Red="0" Green="0" Blue="0" /><BackColor Alpha="0" Red="255" Green="255" Blue="255" />';
const font = (size: number, bold = false) =>
  `<Font Family="Arial" Size="${size}" Bold="${bold ? 'True' : 'False'}" Italic="False" Underline="False" Strikeout="False" />`;
const bounds = (x: number, y: number, w: number, h: number) =>
  `<Bounds X="${x}" Y="${y}" Width="${w}" Height="${h}" />`;

function barcodeObject(value: string, y: number): string {
  return `<ObjectInfo><BarcodeObject><Name>Barcode</Name>${COLORS}<LinkedObjectName></LinkedObjectName><Rotation>Rotation0</Rotation><IsMirrored>False</IsMirrored><IsVariable>False</IsVariable><Text>${escapeXml(value)}</Text><Type>Code128Auto</Type><Size>Medium</Size><TextPosition>Bottom</TextPosition><TextFont Family="Arial" Size="8" Bold="False" Italic="False" Underline="False" Strikeout="False" /><CheckSumFont Family="Arial" Size="8" Bold="False" Italic="False" Underline="False" Strikeout="False" /><TextEmbedding>None</TextEmbedding><ECLevel>0</ECLevel><HorizontalAlignment>Center</HorizontalAlignment><QuietZonesPadding Left="0" Top="0" Right="0" Bottom="0" /></BarcodeObject>${bounds(130, y, 2980, 640)}</ObjectInfo>`;
}

function textObject(name: string, text: string, y: number, height: number, size: number, bold = false): string {
  return `<ObjectInfo><TextObject><Name>${name}</Name>${COLORS}<LinkedObjectName></LinkedObjectName><Rotation>Rotation0</Rotation><IsMirrored>False</IsMirrored><IsVariable>False</IsVariable><HorizontalAlignment>Left</HorizontalAlignment><VerticalAlignment>Middle</VerticalAlignment><TextFitMode>ShrinkToFit</TextFitMode><UseFullFontHeight>True</UseFullFontHeight><Verticalized>False</Verticalized><StyledText><Element><String>${escapeXml(text)}</String><Attributes>${font(size, bold)}<ForeColor Alpha="255" Red="0" Green="0" Blue="0" /></Attributes></Element></StyledText></TextObject>${bounds(130, y, 2980, height)}</ObjectInfo>`;
}

function labelDocument(objects: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<DieCutLabel Version="8.0" Units="twips"><PaperOrientation>Landscape</PaperOrientation><Id>Small30334</Id><IsOutlined>false</IsOutlined><PaperName>30334 2-1/4 in x 1-1/4 in</PaperName><DrawCommands><RoundRectangle X="0" Y="0" Width="3240" Height="1800" Rx="270" Ry="270" /></DrawCommands>${objects.join('')}</DieCutLabel>`;
}

const lineText = (lineNo: number, unitNo: number, qty: number, code: string) =>
  `Line ${String(lineNo).padStart(2, '0')} (${unitNo}/${qty}) ${code}`;

/**
 * Text lines of a cabinet label, shared by the XML and the PDF so both say the same. The finished
 * side goes on the bold line with the code, before the size and finish that a narrow label may cut.
 */
export function cabinetLines(l: CabinetLabel): [string, string, string, string] {
  return [
    `#${l.orderId} ${l.orderName}`,
    l.customer,
    [
      `${lineText(l.lineNo, l.unitNo, l.qty, l.code)}${l.isAttachment ? ' (attachment)' : ''}`,
      l.finishedSide && `Finished side ${l.finishedSide}`,
    ]
      .filter(Boolean)
      .join(' | '),
    [l.size, l.finish].filter(Boolean).join(' | '),
  ];
}

/** A shelf's label: its size and number among that size, and the cabinet it goes in. */
export function shelfLines(l: ShelfLabel): [string, string, string, string] {
  return [
    `#${l.orderId} ${l.orderName}`,
    l.customer,
    `Shelf ${inches(l.width)}W x ${inches(l.depth)}D (${l.n}/${l.ofSize})`,
    `For ${lineText(l.cabinet.lineNo, l.cabinet.unitNo, l.cabinet.qty, l.cabinet.code)}`,
  ];
}

function labelXml(barcode: string, lines: [string, string, string, string]): string {
  return labelDocument([
    textObject('Order', lines[0], 80, 260, 10, true),
    textObject('Customer', lines[1], 340, 220, 8),
    textObject('Line', lines[2], 560, 240, 9, true),
    textObject('Size', lines[3], 800, 220, 8),
    barcodeObject(barcode, 1060),
  ]);
}

export const cabinetLabelXml = (l: CabinetLabel) => labelXml(l.barcode, cabinetLines(l));
export const shelfLabelXml = (l: ShelfLabel) => labelXml(l.barcode, shelfLines(l));
