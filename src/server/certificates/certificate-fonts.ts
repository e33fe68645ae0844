// The certificate's typeface: Inter (SIL Open Font License 1.1), the TrueType files the
// @expo-google-fonts/inter package ships. Its Latin Extended covers every name a Brazilian event
// meets ('Conceição Araújo', 'Ñandú', 'Zoë'). PDFKit embeds the subset a document uses
// (decisions 0234, 0191).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

const require = createRequire(import.meta.url);

export interface CertificateFonts {
  regular: Font;
  bold: Font;
}

let parsed: CertificateFonts | undefined;

function parse(file: string): Font {
  return create(readFileSync(require.resolve(file))) as Font;
}

/** A document's own view of a parsed font: its tables shared, its glyphs its own. */
function forOneDocument(font: Font): Font {
  const view = Object.create(font) as Font & { _glyphs: Record<number, unknown> };
  view._glyphs = {};
  return view;
}

export function certificateFonts(): CertificateFonts {
  parsed ??= {
    regular: parse('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
    bold: parse('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
  };
  return { regular: forOneDocument(parsed.regular), bold: forOneDocument(parsed.bold) };
}
