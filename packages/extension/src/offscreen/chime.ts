// The alert's sound (the sound style): two short soft tones made with Web Audio in this document, which stays
// open while monitoring. Nothing is fetched or shipped as a file: the tones are computed here.

/** A falling two-note chime, A5 then E5: a cue that is noticed without startling (a rising one reads as a call). */
export const CHIME_NOTES_HZ = [880, 659.25] as const;
/** Each note's length: the whole chime is over in a third of a second, short enough not to break concentration. */
export const CHIME_NOTE_S = 0.16;
/** Peak loudness (of 1): soft; the notification it comes with carries the message. */
export const CHIME_GAIN = 0.2;
/** How long to wait for the audio output to start before saying the chime could not play. */
const START_TIMEOUT_MS = 1000;

let context: AudioContext | null = null;

/** Plays the chime; true once it is playing, false when the browser gave this document no audio output. */
export async function playChime(): Promise<boolean> {
  context ??= new AudioContext();
  const audio = context;
  if (audio.state !== 'running')
    await Promise.race([
      audio.resume().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, START_TIMEOUT_MS)),
    ]);
  if (audio.state !== 'running') return false;
  const start = audio.currentTime;
  CHIME_NOTES_HZ.forEach((hz, i) => {
    const at = start + i * CHIME_NOTE_S;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'sine';
    tone.frequency.value = hz;
    // A quick rise and an exponential fall: no click at either end.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(CHIME_GAIN, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + CHIME_NOTE_S);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + CHIME_NOTE_S);
  });
  return true;
}
