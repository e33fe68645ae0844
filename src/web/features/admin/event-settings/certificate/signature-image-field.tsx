// A signer's image in the 'Certificado' section (issue 36.1, decision 0288): a PNG of at most
// 500 KB, sent as soon as it is chosen (the server checks it is a PNG and stores it), then held in
// the signer and saved with the other settings by 'Salvar'; the server's pt-BR refusal shows at
// the field. Shown beside the field and in the preview; 'Remover imagem' leaves the line alone.
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { certificateLimits } from '@shared/certificate-settings.schema.ts';
import type { CertificateSignatureImage } from '@shared/certificate-text.ts';
import { Button } from '@/components/ui/button.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { uploadSignature } from '../../certificate-api.ts';
import { SettingsField } from '../settings-field.tsx';
import { certificateTexts as texts } from './certificate-texts.ts';

function refusal(error: unknown): string | undefined {
  if (isUnauthorized(error)) return undefined;
  return error instanceof ApiRequestError ? error.message : texts.signatureFailed;
}

export function SignatureImageField({
  index,
  image,
  onChange,
}: {
  index: number;
  image: CertificateSignatureImage | undefined;
  onChange(image: CertificateSignatureImage | undefined): void;
}) {
  const [refused, setRefused] = useState<string>();
  const upload = useMutation({
    mutationFn: uploadSignature,
    onSuccess: (stored) => onChange(stored),
    onError: (failure) => setRefused(refusal(failure)),
  });

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefused(undefined);
    // Refused here before a byte leaves: the server says the same of a larger one.
    if (file.size > certificateLimits.signatureBytes) {
      setRefused(texts.signatureTooLarge);
      return;
    }
    upload.mutate(file);
  }

  return (
    <div className="grid gap-2 sm:col-span-2">
      <SettingsField
        name={`certificate-signers-${index}-image`}
        label={`${texts.signatureImage} (${texts.signer(index + 1).toLowerCase()})`}
        help={texts.signatureImageHelp}
        error={refused}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            <input
              {...control}
              type="file"
              accept="image/png"
              disabled={upload.isPending}
              onChange={chosen}
              className="file:bg-primary file:text-primary-foreground text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-semibold"
            />
            {upload.isPending && (
              <span role="status" className="text-muted-foreground flex items-center gap-1 text-sm">
                <ImageUp aria-hidden="true" className="size-4" />
                {texts.signatureSending}
              </span>
            )}
          </div>
        )}
      </SettingsField>
      {image && (
        <figure className="bg-muted flex flex-wrap items-center gap-4 rounded-lg p-3">
          <img
            src={image.url}
            width={image.width}
            height={image.height}
            alt={texts.signatureAlt(index + 1)}
            className="h-12 w-auto max-w-full rounded bg-white object-contain p-1"
          />
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(undefined)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {texts.signatureRemove}
          </Button>
        </figure>
      )}
    </div>
  );
}
