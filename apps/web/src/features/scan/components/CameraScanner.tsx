import { PRODUCTION_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

/** The same code read again within this long is one scan (the camera sees a label many times a second). */
const SAME_CODE_MS = 2500;

/**
 * A phone's camera as a scanner (@zxing/browser, loaded only when the camera is turned on): each
 * code it reads is handed to `onCode`, once per sighting.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let last = { code: '', at: 0 };
    void (async () => {
      try {
        const { BrowserMultiFormatReader } = await import('@zxing/browser');
        const reader = new BrowserMultiFormatReader();
        if (cancelled || !video.current) return;
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result) => {
            if (!result) return;
            const code = result.getText();
            const now = Date.now();
            if (code === last.code && now - last.at < SAME_CODE_MS) return;
            last = { code, at: now };
            handler.current(code);
          },
        );
        if (cancelled) controls.stop();
        else stop = () => controls.stop();
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  if (failed) return <Alert severity="warning">{T.cameraFailed}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      sx={{ width: '100%', maxHeight: 320, bgcolor: 'common.black', borderRadius: 1 }}
      data-testid="camera-video"
    />
  );
}
