import type { CabinetScanResult } from '@cab/shared';

/** A short tone per scan result (WebAudio, no sound file): high for OK, two lows for a problem. */
const TONES: Record<CabinetScanResult | 'QUEUED', { freq: number; ms: number; times: number }> = {
  OK: { freq: 1320, ms: 120, times: 1 },
  DUPLICATE: { freq: 660, ms: 110, times: 2 },
  UNKNOWN: { freq: 220, ms: 300, times: 1 },
  WRONG_STATE: { freq: 330, ms: 160, times: 2 },
  QUEUED: { freq: 880, ms: 60, times: 1 },
};

let context: AudioContext | null = null;

export function beep(kind: CabinetScanResult | 'QUEUED'): void {
  try {
    const Ctor =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const tone = TONES[kind];
    for (let i = 0; i < tone.times; i++) {
      const start = context.currentTime + (i * (tone.ms + 60)) / 1000;
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'square';
      osc.frequency.value = tone.freq;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(context.destination);
      osc.start(start);
      osc.stop(start + tone.ms / 1000);
    }
  } catch {
    // No sound is no reason to lose a scan.
  }
}
