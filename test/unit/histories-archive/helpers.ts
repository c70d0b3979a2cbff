import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import type { HistoryArchiveInput } from '../../../src/histories-archive';

/** Temp directories made by a test file, removed after it. */
export function tempDirs(): { make(): Promise<string> } {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), 'histories-archive-'));
      made.push(dir);
      return dir;
    },
  };
}

export interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'FIFO' | 'SparseFile';
  body?: string | Buffer;
  linkpath?: string;
}

/** A tar built block by block, so tests can hold members our writer (or tar.c) would never make. */
export function rawTar(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.body === undefined ? Buffer.alloc(0) : Buffer.from(entry.body);
    const header = new tar.Header({
      path: entry.path,
      mode: 0o644,
      uid: 0,
      gid: 0,
      uname: '',
      gname: '',
      size: body.length,
      mtime: new Date(),
      type: entry.type ?? 'File',
      linkpath: entry.linkpath ?? '',
    });
    const block = Buffer.alloc(512);
    header.encode(block);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

export function sampleInput(files: { first: string | null; second: string | null }): HistoryArchiveInput {
  return {
    history: {
      name: 'RNA-seq run 3',
      hid_counter: 4,
      genome_build: 'hg19',
      annotation: 'replicates A and B',
      tags: ['group:rna', 'paper'],
      create_time: '2015-05-12T10:00:00.123456',
      update_time: '2015-05-13T11:30:00.000001',
    },
    datasets: [
      {
        attrs: {
          name: 'reads.fastq',
          hid: 1,
          extension: 'fastqsanger',
          info: 'uploaded fastqsanger file',
          blurb: '1,000 sequences',
          peek: '<table><tr><td>@read1</td></tr></table>',
          dbkey: 'hg19',
          metadata: { data_lines: 4000, sequences: 1000 },
          visible: true,
          deleted: false,
          annotation: null,
          tags: ['name:reads'],
          create_time: '2015-05-12T10:01:00',
          update_time: '2015-05-12T10:02:00',
          uuid: '3f0b0c7e-7c4a-4b4e-9a4c-2f1d6f3e9a10',
        },
        filePath: files.first,
      },
      {
        attrs: {
          name: 'counts',
          hid: 3,
          extension: 'tabular',
          info: '',
          blurb: '12 lines',
          peek: null,
          dbkey: '?',
          metadata: { columns: 2, column_types: ['str', 'int'] },
          visible: false,
          deleted: true,
          annotation: 'per-gene counts',
          tags: [],
          create_time: '2015-05-12T10:05:00',
          update_time: '2015-05-12T10:06:00',
          uuid: null,
        },
        filePath: files.second,
      },
    ],
    jobs: [
      {
        tool_id: 'htseq_count',
        tool_version: '0.6.1',
        params: { mode: 'union', stranded: 'no' },
        exit_code: 0,
        state: 'ok',
        create_time: '2015-05-12T10:03:00',
        update_time: '2015-05-12T10:05:00',
        input_datasets: [1],
        output_datasets: [3],
        input_mapping: { samfile: 1 },
      },
    ],
  };
}
