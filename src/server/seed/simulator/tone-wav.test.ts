import { sniffFileType } from '../../platform/storage/sniff-file';
import { toneWav } from './tone-wav';

test('toneWav is a WAV by its magic bytes, of the asked length at 8 kHz 16-bit mono', async () => {
  const wav = toneWav(400, 440);
  expect(await sniffFileType(wav.subarray(0, 4100))).toBe('audio/wav');
  expect(wav.length).toBe(44 + 3200 * 2);
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(toneWav(400, 550).equals(wav)).toBe(false);
});
