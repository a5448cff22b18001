// Preloaded into the Portkey gateway (node --require) for bench/run.sh. Two workarounds:
// 1. Portkey has no host flag and listens on every interface: bind its server to 127.0.0.1 instead.
// 2. On Node 20 its streaming fails with "TypeError: immutable" when it sets headers on a fetch() response:
//    hand it responses whose headers are a fresh, mutable Headers object.
'use strict';
const net = require('net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (args[0] !== null && typeof args[0] === 'object') {
    args[0] = { ...args[0], host: '127.0.0.1' };
  } else if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    if (typeof args[1] === 'string') {
      args[1] = '127.0.0.1';
    } else {
      args.splice(1, 0, '127.0.0.1');
    }
  }
  return listen.apply(this, args);
};
const fetch0 = globalThis.fetch;
globalThis.fetch = async function (...args) {
  const r = await fetch0.apply(this, args);
  const body = r.status === 204 || r.status === 304 ? null : r.body;
  return new Response(body, { status: r.status, statusText: r.statusText, headers: new Headers(r.headers) });
};
