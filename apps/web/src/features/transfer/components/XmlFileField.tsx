import { TRANSFER_WEB_TEXT as T } from '@cab/shared';
import { FileField } from '../../../components/FileField.tsx';

/** Choose one .xml file: a button and the chosen file's name. */
export function XmlFileField(props: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  error?: string | null;
}) {
  return <FileField accept=".xml,application/xml,text/xml" label={T.chooseFile} testId="xml-file" {...props} />;
}
