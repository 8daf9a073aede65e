/**
 * A short recording for the simulator to attach to a result (docs/product/results-intake.md#recordings): a mono 16-bit
 * PCM WAV at 8 kHz (telephone quality) of a sine tone, generated in code so no audio file is kept in the repository.
 */
export function toneWav(milliseconds: number, pitchHz: number): Buffer {
  const rate = 8000;
  const samples = Math.max(1, Math.round((rate * milliseconds) / 1000));
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    // A quiet tone that fades in and out over the first and last 40 ms, so playback does not click.
    const fade = Math.min(1, i / 320, (samples - i) / 320);
    data.writeInt16LE(Math.round(6000 * fade * Math.sin((2 * Math.PI * pitchHz * i) / rate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
