/**
 * GET /api/export/{id} (JSON) of the big board of `board.ts` (4,000 cards in 40 columns with their
 * labels, assignees and comments): the time to the first byte and to the whole document, one download
 * at a time, and the API's RSS growth over the runs. Targets: first byte <= 300 ms, whole <= 2 s.
 */
import { request as httpRequest } from 'node:http';
import { seed } from './board.js';
import { percentile, startApp } from './lib.js';

const RUNS = 10;

function download(url: string, token: string): Promise<{ firstByte: number; whole: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    const req = httpRequest(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        if (firstByte === 0) firstByte = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ firstByte, whole: performance.now() - started, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function exportBench(): Promise<boolean> {
  const bench = await startApp();
  try {
    const seeded = await seed(bench.app.db);
    const token = bench.app.issueToken(seeded.creator, 0);
    const url = `${bench.url}/api/export/${seeded.boardId}?format=json`;
    await download(url, token);
    const rssBefore = process.memoryUsage().rss;
    const firstBytes: number[] = [];
    const wholes: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const { firstByte, whole, bytes } = await download(url, token);
      firstBytes.push(firstByte);
      wholes.push(whole);
      size = bytes;
    }
    const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    firstBytes.sort((a, b) => a - b);
    wholes.sort((a, b) => a - b);
    const firstP = percentile(firstBytes, 99);
    const wholeP = percentile(wholes, 99);
    console.log(
      `export JSON of 4000 cards (${(size / 1024 / 1024).toFixed(1)} MB), ${RUNS} downloads: first byte ` +
        `p50 ${percentile(firstBytes, 50).toFixed(0)} ms, max ${firstP.toFixed(0)} ms (target <= 300); whole ` +
        `p50 ${percentile(wholes, 50).toFixed(0)} ms, max ${wholeP.toFixed(0)} ms (target <= 2000); ` +
        `RSS growth ${rssGrowth.toFixed(0)} MB`,
    );
    const met = firstP <= 300 && wholeP <= 2000;
    console.log(`export target (first byte <= 300 ms, whole <= 2 s): ${met ? 'met' : 'MISSED'}`);
    return met;
  } finally {
    await bench.close();
  }
}
