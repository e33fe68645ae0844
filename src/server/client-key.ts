// Who a client is, for counting its requests: the login throttle and the registration limit.
import ipaddr from 'ipaddr.js';

/**
 * IPv6 clients usually own a whole /64 and can rotate addresses inside it: count them by it.
 * IPv4 (and IPv4 mapped into IPv6) as is. Anything unparsable (never from a socket) as given.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
