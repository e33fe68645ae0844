// A signer's image for the certificate (issue 36.1, decision 0288): POST takes a PNG of at most
// 500 KB as the body (a PNG by its first eight bytes, whatever the Content-Type says), stores it
// flattened on white and at most the size it prints at in the database beside the logo, and
// answers its address and size for the 'Certificado' section to hold in the signer, saved with the
// other settings by 'Salvar'.
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { certificateLayout } from '../../shared/certificate-layout.ts';
import { certificateLimits } from '../../shared/certificate-settings.schema.ts';
import { api, eventImage } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { storeImage } from '../logo/event-images.repository.ts';
import { routeSchema } from '../route-schema.ts';
import { fittedPicture } from './certificate-pictures.ts';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG by its magic bytes and by what sharp reads in it: anything else is refused. */
async function isPng(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(pngSignature)) return false;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    return metadata.format === 'png' && (metadata.width ?? 0) > 0;
  } catch {
    return false;
  }
}

const storedSignatureSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export async function certificateSignatureRoutes(app: FastifyInstance) {
  const limit = certificateLimits.signatureBytes;
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_r, body, done) =>
    done(null, body),
  );
  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, errorTable.signatureTooLarge);
    throw error;
  });

  app.post(
    api.adminCertificateSignature,
    {
      config: { audience: audiences.admin },
      bodyLimit: limit,
      schema: routeSchema({
        summary: "Store an image of a signer's signature for the certificate",
        description:
          'The body is the PNG itself (at most 500 KB). It is stored flattened on white and ' +
          "scaled to the size it prints at; the answer is what a signer's `image` holds in " +
          '`certificate.signers`, saved with the settings by `PUT /api/admin/event`.',
        response: { 201: storedSignatureSchema },
        errors: [errorTable.signatureNotPng, errorTable.signatureTooLarge],
      }),
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || !(await isPng(body)))
        return sendError(reply, errorTable.signatureNotPng);
      let bytes: Buffer;
      try {
        bytes = await fittedPicture(body, certificateLayout.pictures.signature);
      } catch {
        return sendError(reply, errorTable.signatureNotPng);
      }
      const { width = 1, height = 1 } = await sharp(bytes).metadata();
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      await storeImage(app.db.kysely, {
        hash,
        contentType: 'image/png',
        extension: 'png',
        width,
        height,
        bytes,
      });
      const url = eventImage.replace(':file', `${hash}.png`);
      return reply.code(201).send({ url, width, height });
    },
  );
}
