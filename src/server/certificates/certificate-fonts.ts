// The certificate's typeface: Inter (SIL Open Font License 1.1), the TrueType files the
// @expo-google-fonts/inter package ships. Its Latin Extended covers every name a Brazilian event
// meets ('Conceição Araújo', 'Ñandú', 'Zoë'). Read once per process; PDFKit embeds the subset a
// document uses (decision 0234).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface CertificateFonts {
  regular: Buffer;
  bold: Buffer;
}

let fonts: CertificateFonts | undefined;

export function certificateFonts(): CertificateFonts {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
  };
  return fonts;
}
