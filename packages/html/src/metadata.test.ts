import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

describe('page metadata', () => {
  it('reads title, description, keywords, language, canonical and meta pairs', () => {
    const doc = htmlToDoc(
      `<!doctype html><html lang="fr-CA"><head>
        <title> The  Title </title>
        <meta name="description" content="About the page">
        <meta name="keywords" content="a, b">
        <meta name="robots" content="index">
        <link rel="canonical" href="/canon">
        <link rel="icon" href="/fav.ico">
        <meta property="og:title" content="OG title">
        <meta property="og:image" content="/img.png">
        <meta property="og:site_name" content="Site">
        <meta property="og:locale:alternate" content="en_US">
        <meta property="og:locale:alternate" content="de_DE">
        <meta name="twitter:card" content="summary">
        <meta property="article:published_time" content="2024-01-02T03:04:05Z">
        <meta name="author" content="Ann">
      </head><body><p>x</p></body></html>`,
      { baseUrl: 'https://ex.com/a/b' },
    );
    expect(doc.metadata).toMatchObject({
      title: 'The Title',
      description: 'About the page',
      keywords: 'a, b',
      language: 'fr-CA',
      canonical: 'https://ex.com/canon',
      favicon: 'https://ex.com/fav.ico',
      robots: 'index',
      author: 'Ann',
      ogTitle: 'OG title',
      'og:title': 'OG title',
      ogImage: 'https://ex.com/img.png',
      ogSiteName: 'Site',
      ogLocaleAlternate: ['en_US', 'de_DE'],
      'twitter:card': 'summary',
      twitterCard: 'summary',
      'article:published_time': '2024-01-02T03:04:05Z',
      articlePublishedTime: '2024-01-02T03:04:05Z',
    });
  });

  it('falls back to og:title and og:description', () => {
    const doc = htmlToDoc(
      '<head><meta property="og:title" content="T"><meta property="og:description" content="D"></head><body></body>',
    );
    expect(doc.metadata.title).toBe('T');
    expect(doc.metadata.description).toBe('D');
  });

  it('ignores an SVG title', () => {
    const doc = htmlToDoc('<body><svg><title>icon</title></svg><title>Real</title><p>x</p></body>');
    expect(doc.metadata.title).toBe('Real');
  });
});
