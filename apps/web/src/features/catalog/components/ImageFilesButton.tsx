import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

/**
 * A button that opens the browser's file chooser for catalogue images (PNG, GIF, JPEG; several at
 * once) and hands over the files chosen; once they are dealt with the input is emptied, so the same
 * file can be chosen again.
 */
export function ImageFilesButton({
  onFiles,
  inputTestId,
  ...button
}: Omit<ButtonProps, 'onClick' | 'startIcon'> & {
  onFiles: (files: File[]) => void | Promise<void>;
  inputTestId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/gif,image/jpeg"
        multiple
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          void Promise.resolve(onFiles(Array.from(e.target.files ?? []))).finally(() => {
            if (input.current) input.current.value = '';
          });
        }}
      />
      <Button {...button} startIcon={<AddPhotoAlternateOutlined />} onClick={() => input.current?.click()} />
    </>
  );
}
