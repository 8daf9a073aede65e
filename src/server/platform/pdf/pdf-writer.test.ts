import { PdfWriter } from './pdf-writer';
import { pdfText } from './pdf-text';

const createdAt = new Date('2026-11-23T12:00:00Z');

test('writes a PDF whose text, accents included, reads back from the compressed content', async () => {
  const bytes = await new PdfWriter({ title: 'Preguntas', subtitle: 'Año de evaluación', createdAt })
    .heading('¿Consumió alcohol durante el turno?')
    .paragraph('Ñandú, pingüino, acción; Tagalog: Kumusta ka? Кириллица')
    .paragraph('Office affidavits: five final files')
    .table(
      [
        { header: '#', width: 0.1 },
        { header: 'Question', width: 0.9 },
      ],
      [['1', 'Did you take anything of value from the company?']],
    )
    .finish();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(bytes);
  expect(text).toContain('¿Consumió alcohol durante el turno?');
  expect(text).toContain('Ñandú, pingüino, acción; Tagalog: Kumusta ka? Кириллица');
  expect(text).toContain('Did you take anything of value from the company?');
  // Ligatures (fi, ffi) would turn two letters into one glyph.
  expect(text).toContain('Office affidavits: five final files');
  expect(text).toContain('Preguntas · Año de evaluación');
  expect(text).toContain('1 / 1');
});

test('a long table continues on further pages, repeating its header and numbering the pages', async () => {
  const rows = Array.from({ length: 120 }, (_, index) => [String(index + 1), `Question number ${index + 1}`]);
  const bytes = await new PdfWriter({ title: 'Questions', createdAt, compress: false })
    .table(
      [
        { header: '#', width: 0.1, align: 'right' },
        { header: 'Question', width: 0.9 },
      ],
      rows,
    )
    .finish();
  const text = pdfText(bytes);
  const pages = Number(/1 \/ (\d+)/.exec(text)?.[1]);
  expect(pages).toBeGreaterThan(1);
  expect(text).toContain(`${pages} / ${pages}`);
  expect(text.split('\n').filter((line) => line === 'Question').length).toBe(pages);
  expect(text).toContain('Question number 120');
});

// The fonts are parsed once per thread and shared by every document (issue 30): nothing a document does to them may
// show in the next one. Each embeds only the glyphs it uses.
test('documents sharing the parsed fonts are each written as if alone', async () => {
  const write = (text: string) =>
    new PdfWriter({ title: 'Shared fonts', createdAt }).heading('Risk report').paragraph(text).finish();
  const first = await write('Ada Lovelace');
  const other = await write('Кириллица ÑÁÉÍÓÚ Ωμέγα 0123456789 — a different set of glyphs');
  const again = await write('Ada Lovelace');
  expect(again.equals(first)).toBe(true);
  expect(pdfText(again)).toContain('Ada Lovelace');
  expect(pdfText(other)).toContain('Кириллица ÑÁÉÍÓÚ');
  // The first document's subset holds its own glyphs only: the later one's Cyrillic did not join it.
  expect(again.length).toBeLessThan(other.length);
});
