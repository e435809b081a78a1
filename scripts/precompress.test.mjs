// The build's compressed copies: made for text files worth compressing, and equal to the file once
// decompressed. Run with `node --test`.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'leadpulse-precompress-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz copies of text files, and none of small files or images', () => {
    mkdirSync(join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, label: `row ${i}` })))};\n`;
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>LeadPulse</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'small.css'), 'a{color:red}'.repeat(10));
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    assert.deepEqual(precompress(dir).sort(), ['assets/index-abc.js', 'index.html']);
    const js = join(dir, 'assets', 'index-abc.js');
    assert.equal(brotliDecompressSync(readFileSync(`${js}.br`)).toString(), script);
    assert.equal(gunzipSync(readFileSync(`${js}.gz`)).toString(), script);
    assert.ok(readFileSync(`${js}.br`).length < readFileSync(`${js}.gz`).length);
    for (const file of ['small.css', 'logo.png'])
      for (const suffix of ['.br', '.gz'])
        assert.equal(existsSync(join(dir, file + suffix)), false);
  });
});
