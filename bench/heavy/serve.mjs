#!/usr/bin/env node
// Static file server for the heavy benchmark site, in its own process so that serving does not
// share the crawler's event loop: `node serve.mjs SITE_DIR PORT`. Like the nginx setup it
// replaces: `/view?id=N` is served from v/N.html, a directory from its index.html.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const [root, port] = [path.resolve(process.argv[2]), Number(process.argv[3])];
const TYPES = { '.html': 'text/html; charset=utf-8', '.txt': 'text/plain', '.xml': 'application/xml', '.css': 'text/css' };

/** The file a request path maps to, or null outside the site. */
function fileOf(url) {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/view') return path.join(root, 'v', `${Number(u.searchParams.get('id'))}.html`);
  const file = path.join(root, decodeURIComponent(u.pathname));
  if (!file.startsWith(root)) return null;
  return u.pathname.endsWith('/') ? path.join(file, 'index.html') : file;
}

http.createServer(async (req, res) => {
  try {
    // A malformed path (`/%E0%A4%A`) makes decodeURIComponent throw: a 404, not the server's end.
    const file = fileOf(req.url);
    if (!file) throw new Error('outside');
    const body = await fs.readFile(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => process.exit(0));
