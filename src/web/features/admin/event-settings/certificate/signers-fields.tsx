// The certificate's signers in the 'Evento' form (issue 36.1): the first always shown, a second
// added or removed; each with its name and role, and the error of each at its input.
import { certificateLimits as limits } from '@shared/certificate-settings.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SettingsField } from '../settings-field.tsx';
import { certificateTexts as texts } from './certificate-texts.ts';
import { SignatureImageField } from './signature-image-field.tsx';
import {
  heldSigners,
  shownSigners,
  type CertificateErrors,
  type Signer,
} from './certificate-values.ts';

export function SignersFields({
  signers,
  errors,
  onChange,
}: {
  signers: readonly Signer[];
  errors: CertificateErrors;
  onChange(signers: Signer[]): void;
}) {
  const shown = shownSigners(signers);
  const set = (next: Signer[]) => onChange(heldSigners(next));
  const change = (index: number, part: Partial<Signer>) =>
    set(shown.map((signer, at) => (at === index ? { ...signer, ...part } : signer)));
  return (
    <fieldset
      aria-describedby="evento-certificate-signers-ajuda evento-certificate-signers-erro"
      className="grid gap-3"
    >
      <legend className="text-sm font-semibold">{texts.signersLegend}</legend>
      <p id="evento-certificate-signers-ajuda" className="text-muted-foreground text-sm">
        {texts.signersHelp}
      </p>
      {shown.map((signer, index) => (
        <div
          key={index}
          role="group"
          aria-label={texts.signer(index + 1)}
          className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2"
        >
          <SettingsField
            name={`certificate-signers-${index}-name`}
            label={`${texts.signerName} (${texts.signer(index + 1).toLowerCase()})`}
            error={
              errors[`signers.${index}.name`] ??
              // On with no signer: said at the first name, where the organizer is taken.
              (index === 0 && signers.length === 0 ? errors.signers : undefined)
            }
          >
            {(control) => (
              <Input
                {...control}
                value={signer.name}
                onChange={(e) => change(index, { name: e.target.value })}
                maxLength={limits.signerName}
                autoComplete="off"
              />
            )}
          </SettingsField>
          <SettingsField
            name={`certificate-signers-${index}-role`}
            label={`${texts.signerRole} (${texts.signer(index + 1).toLowerCase()})`}
            error={errors[`signers.${index}.role`]}
          >
            {(control) => (
              <Input
                {...control}
                value={signer.role}
                onChange={(e) => change(index, { role: e.target.value })}
                maxLength={limits.signerRole}
                autoComplete="off"
              />
            )}
          </SettingsField>
          <SignatureImageField
            index={index}
            image={signer.image}
            onChange={(image) => change(index, { image })}
          />
        </div>
      ))}
      <p
        id="evento-certificate-signers-erro"
        aria-live="polite"
        className="text-destructive text-sm font-medium empty:hidden"
      >
        {signers.length > 0 ? (errors.signers ?? '') : ''}
      </p>
      <div>
        {shown.length < 2 ? (
          <Button type="button" variant="outline" onClick={() => set([...shown, blankSigner])}>
            {texts.addSigner}
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => set(shown.slice(0, 1))}>
            {texts.removeSigner}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

const blankSigner: Signer = { name: '', role: '' };
