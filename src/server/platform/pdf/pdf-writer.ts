import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { keepDecodedGlyphs } from './font-glyph-cache';
import { keepScaledRuns, type RunLayingFont } from './font-run-cache';
import { keepConstantTables } from './font-subset-tables';

/**
 * The one way the server writes PDF documents (ADR 0018): pdfkit with DejaVu Sans embedded (subset), so any text
 * a tenant types (Spanish accents, Tagalog, Cyrillic, …) prints as written; A4 pages with a running header
 * (document title and a subtitle) and a footer with page numbers; wrapped paragraphs and tables whose rows break
 * across pages. Documents build on it (the questions PDF, the result risk reports).
 */

const FONT_DIR = join(import.meta.dirname, 'fonts');
const REGULAR = 'body';
const BOLD = 'body-bold';

/**
 * The fonts, parsed once per thread and shared by every document it writes (issue 30): given a file, pdfkit parses
 * the font anew for each document, and decoding its tables (the glyph substitution and positioning lookups above
 * all) was most of a risk report's CPU, about 140 of 118-129 ms per PDF in a profile. Each document still embeds
 * its own subset of the glyphs it uses. The fonts keep their glyphs' decoded outlines, which the subsetter reads
 * (`keepDecodedGlyphs`, ADR 0143), and the bytes of the tables every subset copies whole (`keepConstantTables`);
 * their laid-out runs are kept scaled (`keepScaledRuns`, ADR 0149).
 */
let fonts: { regular: Font; bold: Font } | null = null;
const sharedFont = (file: string) =>
  keepConstantTables(keepDecodedGlyphs(parseFont(readFileSync(join(FONT_DIR, file)))));
const parsedFonts = () =>
  (fonts ??= {
    regular: sharedFont('DejaVuSans.ttf'),
    bold: sharedFont('DejaVuSans-Bold.ttf'),
  });

const MARGIN = 50;
const HEADER_SPACE = 30;
const TEXT_SIZE = 10;
const CELL_PADDING = 4;
const MUTED = '#555555';
const RULE = '#bbbbbb';
// No ligatures: 'fi' stays two glyphs, so copied and extracted text reads as written. One object for every text:
// the thread's laid-out runs are kept by it (ADR 0149).
const NO_LIGATURES = { features: { liga: false, clig: false } as unknown as PDFKit.Mixins.TextOptions['features'] };

export interface PdfOptions {
  /** Document title: the metadata title and the running header. */
  title: string;
  /** Second line of the running header (e.g. the project name). */
  subtitle?: string;
  author?: string;
  /** Creation date written into the metadata (from the injected clock). */
  createdAt: Date;
  /** Deflate the page content (default true); tests may turn it off. */
  compress?: boolean;
}

export interface PdfColumn {
  header: string;
  /** Share of the text width, all columns together 1. */
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface TextStyle {
  bold?: boolean;
  size?: number;
  muted?: boolean;
}

export class PdfWriter {
  readonly #doc: PDFKit.PDFDocument;
  readonly #options: PdfOptions;

  constructor(options: PdfOptions) {
    this.#options = options;
    this.#doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN + HEADER_SPACE, bottom: MARGIN, left: MARGIN, right: MARGIN },
      bufferPages: true,
      // No default font: pdfkit would parse Helvetica's metrics for each document and write it, never used (ADR 0143).
      font: null as unknown as string,
      compress: options.compress ?? true,
      info: {
        Title: options.title,
        ...(options.subtitle && { Subject: options.subtitle }),
        ...(options.author && { Author: options.author }),
        Creator: 'Voxscreen',
        CreationDate: options.createdAt,
      },
    });
    // pdfkit takes a parsed fontkit font where its types name only a file or its bytes.
    const { regular, bold } = parsedFonts();
    this.#doc.registerFont(REGULAR, regular as unknown as Buffer);
    this.#doc.registerFont(BOLD, bold as unknown as Buffer);
    this.#style({});
  }

  get #width(): number {
    return this.#doc.page.width - MARGIN * 2;
  }

  #style(style: TextStyle): PDFKit.PDFDocument {
    const doc = this.#doc.font(style.bold ? BOLD : REGULAR);
    // pdfkit opens a font object per document on its first use; its runs join the thread's (ADR 0149).
    keepScaledRuns((doc as unknown as { _font: RunLayingFont })._font);
    return doc.fontSize(style.size ?? TEXT_SIZE).fillColor(style.muted ? MUTED : 'black');
  }

  /** A heading in bold, larger type. */
  heading(text: string): this {
    this.#style({ bold: true, size: 16 }).text(text, MARGIN, undefined, { width: this.#width, ...NO_LIGATURES });
    this.#doc.moveDown(0.5);
    return this;
  }

  /** A wrapped paragraph. */
  paragraph(text: string, style: TextStyle = {}): this {
    this.#style(style).text(text, MARGIN, undefined, { width: this.#width, ...NO_LIGATURES });
    this.#doc.moveDown(0.4);
    return this;
  }

  /** An image (PNG or JPEG, e.g. an account's logo) fitted into a box; bytes pdfkit cannot read are left out. */
  image(bytes: Uint8Array, box: { width: number; height: number } = { width: 150, height: 40 }): this {
    try {
      const top = this.#doc.y;
      this.#doc.image(Buffer.from(bytes), MARGIN, top, { fit: [box.width, box.height] });
      this.#doc.x = MARGIN;
      this.#doc.y = top + box.height + 8;
    } catch {
      // Not an image pdfkit reads (SVG, a damaged file): the document goes on without it.
    }
    return this;
  }

  /** A full-width coloured band with one line of bold white text (e.g. a risk report's overall evaluation). */
  banner(text: string, color: string): this {
    const top = this.#doc.y;
    const height = 28;
    this.#doc.rect(MARGIN, top, this.#width, height).fill(color);
    this.#style({ bold: true, size: 13 })
      .fillColor('white')
      .text(text, MARGIN + 10, top + 7, { width: this.#width - 20, lineBreak: false, ...NO_LIGATURES });
    this.#style({});
    this.#doc.x = MARGIN;
    this.#doc.y = top + height + 10;
    return this;
  }

  /** Vertical space, in lines. */
  space(lines = 1): this {
    this.#doc.moveDown(lines);
    return this;
  }

  /** A table: a bold header row repeated on each page, cells wrapped, a row never split across pages. */
  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): this {
    const widths = columns.map((column) => column.width * this.#width);
    const drawRow = (cells: readonly string[], bold: boolean) => {
      this.#style({ bold });
      const height =
        Math.max(
          ...cells.map((cell, index) =>
            this.#doc.heightOfString(cell, { ...NO_LIGATURES, width: widths[index]! - CELL_PADDING * 2 }),
          ),
        ) +
        CELL_PADDING * 2;
      if (this.#doc.y + height > this.#doc.page.height - MARGIN) {
        this.#doc.addPage();
        if (!bold)
          drawRow(
            columns.map((column) => column.header),
            true,
          );
        this.#style({ bold });
      }
      const top = this.#doc.y;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        this.#doc.text(cell, x + CELL_PADDING, top + CELL_PADDING, {
          ...NO_LIGATURES,
          width: widths[index]! - CELL_PADDING * 2,
          align: columns[index]!.align ?? 'left',
        });
        x += widths[index]!;
      });
      this.#doc
        .moveTo(MARGIN, top + height)
        .lineTo(MARGIN + this.#width, top + height)
        .lineWidth(bold ? 1 : 0.5)
        .strokeColor(RULE)
        .stroke();
      this.#doc.x = MARGIN;
      this.#doc.y = top + height;
    };
    drawRow(
      columns.map((column) => column.header),
      true,
    );
    rows.forEach((row) => drawRow(row, false));
    this.#doc.moveDown(0.5);
    return this;
  }

  /** Draws the running header and footer on every page and answers the document's bytes. */
  async finish(): Promise<Buffer> {
    const doc = this.#doc;
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index += 1) {
      doc.switchToPage(index);
      // Text outside the margins would otherwise start a new page.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
      const header = [this.#options.title, this.#options.subtitle].filter(Boolean).join(' · ');
      this.#style({ muted: true, size: 8 }).text(header, MARGIN, MARGIN, { width: this.#width, lineBreak: false });
      this.#style({ muted: true, size: 8 }).text(
        `${index - start + 1} / ${count}`,
        MARGIN,
        doc.page.height - MARGIN + 15,
        { width: this.#width, align: 'right', lineBreak: false },
      );
      doc.page.margins = margins;
    }
    doc.end();
    return done;
  }
}
