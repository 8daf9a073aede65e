/** Small, real files the kit uploads where a schema declares `format: binary`, chosen by `contentMediaType`. */
export interface SampleFile {
  kind: 'file';
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e2a50000000049454e44ae426082',
  'hex',
);

/** 0.01 s of silence, 8 kHz mono 16-bit PCM. */
function wav(): Buffer {
  const samples = 80;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const SAMPLES: SampleFile[] = [
  { kind: 'file', filename: 'sample.png', contentType: 'image/png', content: PNG },
  { kind: 'file', filename: 'sample.wav', contentType: 'audio/wav', content: wav() },
  { kind: 'file', filename: 'sample.pdf', contentType: 'application/pdf', content: PDF },
  {
    kind: 'file',
    filename: 'sample.csv',
    contentType: 'text/csv',
    content: Buffer.from('name,value\nconformance,1\n'),
  },
  { kind: 'file', filename: 'sample.json', contentType: 'application/json', content: Buffer.from('{"sample":true}\n') },
  { kind: 'file', filename: 'sample.txt', contentType: 'text/plain', content: Buffer.from('conformance sample\n') },
];

/** The sample for a declared media type (`image/*` ranges too); a small text file when none is declared or known. */
export function sampleFileFor(mediaType: string | null): SampleFile {
  if (mediaType) {
    const [type, subtype] = mediaType.toLowerCase().split('/');
    const found = SAMPLES.find((s) => {
      const [sType, sSubtype] = s.contentType.split('/');
      return sType === type && (subtype === '*' || subtype === sSubtype || (subtype === 'x-wav' && sSubtype === 'wav'));
    });
    if (found) return found;
  }
  return SAMPLES.find((s) => s.filename === 'sample.txt')!;
}

export const ALL_SAMPLE_FILES: readonly SampleFile[] = SAMPLES;
