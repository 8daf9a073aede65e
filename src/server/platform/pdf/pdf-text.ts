import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by PdfWriter, one line per text object, for tests and journeys that check what a
 * document says: inflates the streams, reads each font's ToUnicode map and decodes the shown glyph codes. Not a
 * general PDF reader (no cross-reference streams, object streams or encryption, which pdfkit does not write).
 */
export function pdfText(bytes: Uint8Array): string {
  const source = Buffer.from(bytes).toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  // Objects are read in order; a stream is taken by its /Length, so binary data (fonts, images) that happens to
  // hold the bytes `endobj` or `endstream` never cuts it short.
  const objectStart = /(\d+) 0 obj/g;
  for (let match = objectStart.exec(source); match; match = objectStart.exec(source)) {
    const from = match.index + match[0].length;
    const endAt = source.indexOf('endobj', from);
    const streamAt = source.indexOf('stream', from);
    let dict: string;
    let stream: Buffer | null = null;
    if (streamAt !== -1 && (endAt === -1 || streamAt < endAt)) {
      dict = source.slice(from, streamAt);
      let dataStart = streamAt + 'stream'.length;
      if (source[dataStart] === '\r') dataStart += 1;
      if (source[dataStart] === '\n') dataStart += 1;
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? source.indexOf('endstream', dataStart) - dataStart);
      const data = Buffer.from(source.slice(dataStart, dataStart + length), 'latin1');
      stream = dict.includes('/FlateDecode') ? inflateSync(data) : data;
      objectStart.lastIndex = dataStart + length;
    } else {
      dict = source.slice(from, endAt === -1 ? undefined : endAt);
      objectStart.lastIndex = endAt === -1 ? source.length : endAt;
    }
    objects.set(Number(match[1]), { dict, stream });
  }

  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const [, name, id] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(id))?.dict ?? '');
      const cmap = toUnicode && objects.get(Number(toUnicode[1]))?.stream;
      if (cmap) fonts.set(name!, unicodeMap(cmap.toString('latin1')));
    }
  }

  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || dict.includes('/Length1') || dict.includes('/Subtype')) continue;
    const content = stream.toString('latin1');
    for (const [, block] of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let font: Map<number, string> | undefined;
      let line = '';
      for (const [, fontName, shown] of block!.matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
        if (fontName) font = fonts.get(fontName);
        else if (shown) {
          for (const [, hex] of shown.matchAll(/<([0-9a-fA-F]*)>/g)) {
            for (let at = 0; at + 4 <= hex!.length; at += 4)
              line += font?.get(parseInt(hex!.slice(at, at + 4), 16)) ?? '';
          }
        }
      }
      if (line) lines.push(line);
    }
  }
  return lines.join('\n');
}

const utf16 = (hex: string): string => {
  let text = '';
  for (let at = 0; at + 4 <= hex.length; at += 4) text += String.fromCharCode(parseInt(hex.slice(at, at + 4), 16));
  return text;
};

function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, ranges] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of ranges!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = parseInt(from!, 16);
      const end = parseInt(to!, 16);
      if (target!.startsWith('[')) {
        [...target!.matchAll(/<([0-9a-fA-F]*)>/g)].forEach(([, hex], offset) => map.set(start + offset, utf16(hex!)));
      } else {
        const first = parseInt(target!.slice(1, -1), 16);
        for (let code = start; code <= end; code += 1) map.set(code, String.fromCharCode(first + code - start));
      }
    }
  }
  for (const [, chars] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, hex] of chars!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      map.set(parseInt(code!, 16), utf16(hex!));
    }
  }
  return map;
}
