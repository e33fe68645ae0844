// The certificate's live preview in the 'Evento' form (issue 36.1, decision 0247): an HTML
// rendition of the PDF's page, drawn from the same layout (shared/certificate-layout.ts) and filled
// by the same function, to an example person, a moment after the organizer stops typing.
import type { CSSProperties } from 'react';
import {
  certificateBodyText,
  certificateLayout as layout,
  signatureBox,
  signerSpots,
  type CertificateFacts,
} from '@shared/certificate-layout.ts';
import { certificateHours } from '@shared/certificate-text.ts';
import type { EventLogo } from '@shared/event-logo.ts';
import { certificateTexts as texts } from './certificate-texts.ts';
import type { HeldCertificate } from './certificate-values.ts';
import { useDebounced } from './use-debounced.ts';

export interface PreviewEvent {
  name: string;
  date: string;
  venue: string;
  city: string;
  durationMinutes: string;
}

/** Points on the page as a share of the page's width (fonts, x) or height (y). */
const across = (points: number) => `${(points / layout.width) * 100}cqw`;
const down = (points: number) => `${(points / layout.height) * 100}%`;

function facts(held: HeldCertificate, event: PreviewEvent): CertificateFacts {
  const minutes = Number(event.durationMinutes);
  const hours = certificateHours(
    { hours: typeof held.hours === 'number' ? held.hours : null },
    Number.isFinite(minutes) && minutes > 0 ? minutes : 60,
  );
  const base = { name: texts.previewName, eventName: event.name, hours, text: held.text };
  return { ...base, eventDate: event.date, place: `${event.venue}, ${event.city}` };
}

/** The text as printed; a date still being typed shows as typed. */
function bodyText(shown: CertificateFacts): string {
  try {
    return certificateBodyText(shown);
  } catch {
    return certificateBodyText({ ...shown, eventDate: '2000-01-01' }).replace(
      /\d+ de \S+ de 2000/,
      shown.eventDate,
    );
  }
}

function Line({
  y,
  size,
  style,
  children,
}: {
  y: number;
  size: number;
  style?: CSSProperties;
  children: string;
}) {
  return (
    <p
      className="absolute inset-x-0 truncate text-center leading-none"
      style={{ top: down(y), fontSize: across(size), ...style }}
    >
      {children}
    </p>
  );
}

/** A picture in its box on the page, as large as fits, as the PDF fits it (decision 0288). */
function Picture({
  src,
  box,
  align,
}: {
  src: string;
  box: { x: number; y: number; width: number; height: number };
  align: 'center' | 'bottom';
}) {
  return (
    <img
      src={src}
      alt=""
      className="absolute object-contain"
      style={{
        left: across(box.x),
        top: down(box.y),
        width: across(box.width),
        height: down(box.height),
        objectPosition: `center ${align}`,
      }}
    />
  );
}

export function CertificatePreview({
  held,
  event,
  logo,
}: {
  held: HeldCertificate;
  event: PreviewEvent;
  logo: EventLogo | null;
}) {
  const shown = useDebounced({ held, event }, 300);
  const filled = facts(shown.held, shown.event);
  const { colors, heading, subheading, name, body, signers, qr, margin } = layout;
  const spots = signerSpots(Math.min(2, shown.held.signers.length));
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-semibold">{texts.preview}</figcaption>
      <div
        className="relative w-full max-w-3xl overflow-hidden rounded border bg-white"
        style={{
          aspectRatio: `${layout.width} / ${layout.height}`,
          containerType: 'inline-size',
          color: colors.ink,
        }}
      >
        <div
          className="absolute"
          style={{
            inset: `${down(24)} ${across(24)}`,
            border: `${across(2)} solid ${colors.accent}`,
          }}
        />
        {logo && <Picture src={logo.url} box={layout.pictures.logo} align="center" />}
        <div aria-hidden="true" className="contents">
          <Line y={heading.y} size={heading.size} style={{ color: colors.accent, fontWeight: 700 }}>
            {heading.text}
          </Line>
          <Line y={subheading.y} size={subheading.size}>
            {subheading.text}
          </Line>
          <Line y={name.y} size={name.size} style={{ fontWeight: 700 }}>
            {texts.previewName}
          </Line>
        </div>
        <p
          data-certificate-text
          className="absolute overflow-hidden text-center"
          style={{
            top: down(body.y),
            left: across(body.inset),
            right: across(body.inset),
            height: down(body.height),
            fontSize: across(body.size),
            lineHeight: `calc(1.21em + ${across(body.lineGap)})`,
          }}
        >
          {bodyText(filled)}
        </p>
        {shown.held.signers
          .slice(0, 2)
          .map(
            (signer, index) =>
              signer.image && (
                <Picture
                  key={`image-${index}`}
                  src={signer.image.url}
                  box={signatureBox(spots[index]!)}
                  align="bottom"
                />
              ),
          )}
        {shown.held.signers.slice(0, 2).map((signer, index) => (
          <div
            key={index}
            className="absolute text-center"
            style={{
              left: across(spots[index]! - signers.halfLine),
              width: across(2 * signers.halfLine),
              top: down(signers.lineY),
              borderTop: `1px solid ${colors.muted}`,
              paddingTop: across(signers.nameY - signers.lineY),
            }}
          >
            <p
              className="truncate leading-none font-bold"
              style={{ fontSize: across(signers.nameSize) }}
            >
              {signer.name}
            </p>
            <p
              className="truncate"
              style={{ fontSize: across(signers.roleSize), color: colors.muted }}
            >
              {signer.role}
            </p>
          </div>
        ))}
        <div
          aria-hidden="true"
          className="absolute border border-dashed"
          style={{
            width: across(qr.side),
            height: across(qr.side),
            right: across(margin),
            bottom: down(qr.bottom),
            borderColor: colors.muted,
          }}
        />
      </div>
      <p className="text-muted-foreground text-sm">{texts.previewHelp}</p>
    </figure>
  );
}
