// Behind a reverse proxy without TRUST_PROXY, every visitor has the proxy's address: the
// registration limit and the login throttle count them all as one client, and the first busy
// hour locks everyone out. The proxy gives itself away (X-Forwarded-For from a loopback or private
// address), so the log says so once instead of leaving the operator to find it in the docs.
import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where a proxy of this server runs: this machine, or the operator's own network. */
const proxyRanges = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal']);

function fromOwnNetwork(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return proxyRanges.has(ipaddr.process(address).range());
}

async function forgottenProxy(app: FastifyInstance) {
  if (app.config.trustProxy) return;
  let said = false;
  app.addHook('onRequest', async (request) => {
    if (said || request.headers['x-forwarded-for'] === undefined) return;
    if (!fromOwnNetwork(request.socket.remoteAddress)) return;
    said = true;
    request.log.warn(
      `Os pedidos chegam por um proxy (X-Forwarded-For vindo de ${request.socket.remoteAddress}), ` +
        'mas TRUST_PROXY não está definido: todos os visitantes parecem ser o proxy e os limites ' +
        'de inscrições e de login os contam como um só; defina TRUST_PROXY=1. / Requests come ' +
        `through a proxy (X-Forwarded-For from ${request.socket.remoteAddress}) but TRUST_PROXY is ` +
        'not set: every visitor looks like the proxy and the registration and login limits count ' +
        'them as one; set TRUST_PROXY=1.',
    );
  });
}

export default fp(forgottenProxy, { name: 'forgotten-proxy' });
