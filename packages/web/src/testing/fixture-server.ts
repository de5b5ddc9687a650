import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** A loopback web server with the pages the scraper tests need; counts requests per path. */
export interface FixtureServer {
  base: string;
  hits: Map<string, number>;
  /** Version of /changing.html's content; tests bump it. */
  state: { version: number };
  /** Extra routes a test adds (path → handler). */
  routes: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
  close(): Promise<void>;
}

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const ARTICLE = page(
  'Static fixture page',
  `<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>The static page</h1>
<p>This static page has enough text to be a real article. It talks about distill, a scraper that turns web pages into clean Markdown for language models.</p>
<p>It links to <a href="/other.html">another page</a> and <a href="https://example.com/x">an external one</a>, and shows an image.</p>
<img src="/img/photo.png" alt="A photo">
<p>Contact: jane.doe@example.com or +1 415 555 0100.</p>
<table><tr><th>Name</th><th>Value</th></tr><tr><td>alpha</td><td>1</td></tr></table>
</article></main>
<footer>Footer text that is not main content</footer>`,
  '<meta name="description" content="A static page for tests"><meta property="og:title" content="OG static">',
);

const JS_SHELL = page(
  'JS app',
  `<div id="root"></div>
<script>
setTimeout(function () {
  document.getElementById('root').innerHTML =
    '<main><h1>Rendered by JavaScript</h1><p>This paragraph exists only after the script has run in a real browser, so a plain fetch sees an empty shell.</p></main>';
}, 50);
</script>`,
);

const INTERACTIVE = page(
  'Interactive',
  `<main><h1>Interactive page</h1>
<button id="add" onclick="var li=document.createElement('li');li.textContent='added '+(document.querySelectorAll('#list li').length+1);document.getElementById('list').appendChild(li)">Add</button>
<button class="mark" onclick="this.textContent='marked'">one</button>
<button class="mark" onclick="this.textContent='marked'">two</button>
<input id="name" onkeydown="if(event.key==='Enter'){document.getElementById('greeting').textContent='Hello '+this.value}">
<p id="greeting">nobody yet</p>
<ul id="list"></ul>
<div id="box" style="height:100px;overflow:auto"><div style="height:1000px">tall box</div></div>
<div style="height:3000px">spacer</div>
<p id="bottom">bottom of the page</p>
</main>
<script>setTimeout(function(){var p=document.createElement('p');p.id='late';p.textContent='late element';document.querySelector('main').appendChild(p)},300)</script>`,
);

/** Top 400px red, then blue for 3000px: a pixel probe tells viewport and full-page shots apart. */
const PIXELS = `<!doctype html><html><head><style>html,body{margin:0;padding:0}#a{height:400px;background:#ff0000}#b{height:3000px;background:#0000ff}</style></head><body><div id="a"></div><div id="b"></div></body></html>`;

const CHALLENGE = page(
  'Just a moment...',
  `<p>Checking your browser before accessing the site.</p>
<script>document.cookie='passed=1; path=/';setTimeout(function(){location.reload()},50)</script>`,
);

const PROFILE = page(
  'Profile',
  `<main><h1>Profile page</h1><p id="visits">visits: <span id="n"></span></p></main>
<script>var n=Number(localStorage.getItem('visits')||'0');document.getElementById('n').textContent=String(n);localStorage.setItem('visits',String(n+1));</script>`,
);

const COOKIE_BANNER = page(
  'Cookies',
  `<main><h1>Banner page</h1><p>Some article text long enough to be the main content of this page for the test.</p></main>
<div id="onetrust-banner-sdk">We use cookies. Accept all?</div>`,
);

export async function startFixtureServer(
  docs: Record<string, { path: string; type: string }> = {},
): Promise<FixtureServer> {
  const hits = new Map<string, number>();
  const state = { version: 1 };
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const send = (
    res: ServerResponse,
    status: number,
    body: string | Buffer,
    type = 'text/html; charset=utf-8',
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': type, ...extra });
    res.end(body);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const extra = routes.get(path);
    if (extra) return extra(req, res);
    if (docs[path]) {
      // A corpus file missing on this machine answers 404 at once instead of throwing in the
      // handler, which left the request (and the test) waiting for its timeout.
      let body: Buffer;
      try {
        body = readFileSync(docs[path].path);
      } catch {
        return send(res, 404, page('404', '<p>corpus file missing</p>'));
      }
      return send(res, 200, body, docs[path].type);
    }
    switch (path) {
      case '/static.html':
        return send(res, 200, ARTICLE);
      case '/other.html':
        return send(
          res,
          200,
          page(
            'Other',
            '<main><h1>Other page</h1><p>The other page has a paragraph of its own text.</p></main>',
          ),
        );
      case '/js.html':
        return send(res, 200, JS_SHELL);
      case '/redirect':
        return send(res, 302, '', 'text/plain', { location: '/redirect2' });
      case '/redirect2':
        return send(res, 301, '', 'text/plain', { location: `/static.html` });
      case '/missing':
        return send(
          res,
          404,
          page(
            'Not here',
            '<main><h1>404</h1><p>This page does not exist on the fixture server at all.</p></main>',
          ),
        );
      case '/slow':
        setTimeout(() => send(res, 200, page('Slow', '<p>finally</p>')), 5000);
        return;
      case '/gzip.html': {
        const body = gzipSync(
          Buffer.from(
            page(
              'Gzipped',
              '<main><h1>Compressed page</h1><p>This page travelled gzip-compressed over the wire to the scraper.</p></main>',
            ),
          ),
        );
        return send(res, 200, body, 'text/html; charset=utf-8', { 'content-encoding': 'gzip' });
      }
      case '/latin1.html':
        return send(
          res,
          200,
          Buffer.from(
            '<html><head><title>Latin</title></head><body><main><h1>Caf\xe9 cr\xe8me</h1><p>A page in ISO-8859-1 whose accents must survive the trip: d\xe9j\xe0 vu.</p></main></body></html>',
            'latin1',
          ),
          'text/html; charset=iso-8859-1',
        );
      case '/changing.html':
        return send(
          res,
          200,
          page(
            'Changing',
            `<main><h1>Changing page</h1><p>The current version of this page is number ${state.version}.</p><p>This line never changes between the versions.</p></main>`,
          ),
        );
      case '/interactive.html':
        return send(res, 200, INTERACTIVE);
      case '/pixels.html':
        return send(res, 200, PIXELS);
      case '/challenge.html':
        if (/passed=1/.test(req.headers.cookie ?? '')) {
          return send(
            res,
            200,
            page(
              'Welcome',
              '<main><h1>Past the wall</h1><p>The real content behind the anti-bot challenge page is here.</p></main>',
            ),
          );
        }
        return send(res, 403, CHALLENGE);
      case '/ads.html': {
        const port = req.headers.host?.split(':')[1];
        return send(
          res,
          200,
          page(
            'Ads',
            `<main><h1>Ads page</h1><p>An article with an advertisement image from an ad network in it.</p><img src="http://ads.doubleclick.net:${port}/pixel.png" alt="ad"></main>`,
          ),
        );
      }
      case '/profile.html':
        return send(res, 200, PROFILE);
      case '/banner.html':
        return send(res, 200, COOKIE_BANNER);
      case '/headers':
        return send(
          res,
          200,
          page('Headers', `<main><pre>${JSON.stringify(req.headers).replace(/</g, '&lt;')}</pre></main>`),
        );
      case '/plain.txt':
        return send(res, 200, 'just some plain text\n', 'text/plain; charset=utf-8');
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(Buffer.alloc(3 * 1024 * 1024, 'a'));
        return;
      default:
        return send(res, 404, page('404', '<p>not found</p>'));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    state,
    routes,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
