import type { ResultMetadata } from 'distill';
import type { DiscoveredTool } from './catalogue/catalogue.js';
import type { PaperResult } from './papers/paper-search.js';

/** Content fields a scraped result may carry, by requested format. */
export interface ScrapedFields {
  markdown?: string | null;
  html?: string | null;
  rawHtml?: string | null;
  screenshot?: string | null;
  audio?: string | null;
  video?: string | null;
  summary?: string | null;
  links?: string[];
  images?: string[];
  product?: unknown;
  menu?: unknown;
  branding?: unknown;
  pages?: { pageNumber: number; markdown: string }[];
  blocks?: unknown[];
  metadata?: ResultMetadata;
  warning?: string;
}

export interface WebResult extends ScrapedFields {
  title: string;
  description: string;
  url: string;
  category?: string;
}

export interface ImageResult {
  title: string;
  imageUrl: string;
  imageWidth?: number;
  imageHeight?: number;
  url: string;
  position: number;
}

export interface NewsResult extends ScrapedFields {
  title: string;
  snippet: string;
  url: string;
  date?: string;
  imageUrl?: string;
  position: number;
}

/** The spec's search response body (200). */
export interface SearchResponse {
  success: true;
  data: {
    web?: WebResult[];
    images?: ImageResult[];
    news?: NewsResult[];
    /** Paper records of the `research` category (spec, Versioning item 2). */
    research?: PaperResult[];
    tools?: DiscoveredTool[];
  };
  warning: string | null;
  /** Every message of `warning`, one per entry (the research-category note among them). */
  warnings?: string[];
  id: string;
  creditsUsed: number;
}
