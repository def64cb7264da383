// The console's first-load JavaScript: index.html's module scripts and modulepreload links, gzipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './processes';

export interface BundleFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleFigures {
  files: BundleFile[];
  bytes: number;
  gzipBytes: number;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];

/** The URLs of the JavaScript a browser fetches before the app runs. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (attribute(tag, 'type') === 'module' && src) urls.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.toLowerCase() === 'modulepreload' && href) urls.add(href);
  }
  return [...urls];
}

export function measureBundle(): BundleFigures {
  const dist = join(repoRoot, 'dist');
  const indexHtml = join(dist, 'index.html');
  if (!existsSync(indexHtml)) throw new Error('dist/index.html is missing: run `npm run build` first.');
  const html = readFileSync(indexHtml, 'utf8');
  const files = firstLoadScripts(html)
    .filter((url) => !/^[a-z]+:\/\//i.test(url))
    .map((url): BundleFile => {
      const path = url.replace(/^\//, '').split(/[?#]/)[0] ?? url;
      const content = readFileSync(join(dist, path));
      return { path, bytes: content.length, gzipBytes: gzipSync(content).length };
    });
  if (files.length === 0) throw new Error('dist/index.html loads no module script.');
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}
