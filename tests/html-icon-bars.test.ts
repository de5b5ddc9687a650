import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Share and follow bars (issue 21, icon-bar.ts) through the built `distill parse`, on pages whose
// class names say nothing, in German and Spanish: a label over textless icon links to two or
// more other sites, one link each (mail, WhatsApp, Facebook, X; Instagram, YouTube, Telegram),
// goes, label and all. A paragraph of linked photos or of plan downloads on the page's own site
// stays, and so does a route's box whose icons lead to a map and to two files of the page's site.

const DIR = resolve(ROOT, 'fixtures/html-icon-bars');

beforeAll(() => requireBuilt());

describe('distill parse: a label over icon links to other sites', { timeout: 120_000 }, () => {
  it('drops the share bar of a German story, keeps its linked photos and its route box', async () => {
    const r = await distill(['parse', resolve(DIR, 'share-bar-de.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Warum im Stadtpark so viele Hummeln unter den Linden liegen',
        'Dutzende Hummeln am Boden',
        'Unsere Bilder vom Rundgang mit der Gärtnerin:',
        '(/bilder/linde-2.jpg)',
        'Der Rundweg unter den Linden',
        '(https://gartenblatt.example/karten/rundweg.kml)',
        'auf eine blühende Pflanze zu setzen.',
      ],
      ['Möchten Sie den Artikel teilen?', 'facebook.com', 'whatsapp'],
    );
  });

  it('drops the follow bar of a Spanish story, keeps its paragraph of plan downloads', async () => {
    const r = await distill(['parse', resolve(DIR, 'follow-bar-es.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# El mercado del puerto abrirá también los domingos desde junio',
        'los barcos que vuelven de noche',
        'Planos del mercado por plantas:',
        '(/mapas/mercado-terraza.pdf)',
        'si la apertura se mantiene todo el año.',
      ],
      ['Síguenos en las redes', 'instagram.com', 't.me'],
    );
  });
});
