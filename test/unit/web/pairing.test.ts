import { autoPair, handPairName, pairName, repeatedNames, withoutExtension } from '../../../web/src/collections/builders/pairing';

/** "Build List of Dataset Pairs" pairs datasets by name with forward/reverse patterns, naming each pair by the common part (issue 34). */
const dataset = (hid: number, name: string) => ({ id: `id${hid}`, hid, name });

describe('autoPair (pairing by forward and reverse patterns)', () => {
  const datasets = [dataset(1, 'x_1.fastq'), dataset(2, 'x_2.fastq'), dataset(3, 'y_R1'), dataset(4, 'y_R2'), dataset(5, 'z_1.fastq')];

  it('pairs x by _1/_2 and leaves the others unpaired, in their order', () => {
    const { pairs, unpaired } = autoPair(datasets, '_1', '_2');
    expect(pairs.map((pair) => [pair.name, pair.forward.name, pair.reverse.name])).toEqual([['x', 'x_1.fastq', 'x_2.fastq']]);
    expect(unpaired.map((d) => d.name)).toEqual(['y_R1', 'y_R2', 'z_1.fastq']);
  });

  it('pairs y by _R1/_R2', () => {
    const { pairs, unpaired } = autoPair(datasets, '_R1', '_R2');
    expect(pairs.map((pair) => pair.name)).toEqual(['y']);
    expect(unpaired.map((d) => d.hid)).toEqual([1, 2, 5]);
  });

  it('keeps the extension in the name when asked, and pairs hundreds at once', () => {
    expect(autoPair(datasets, '_1', '_2', false).pairs[0].name).toBe('x.fastq');
    const many = Array.from({ length: 500 }, (_, i) => [dataset(2 * i + 1, `s${i}_R1.fastq.gz`), dataset(2 * i + 2, `s${i}_R2.fastq.gz`)]).flat();
    const { pairs, unpaired } = autoPair(many.reverse(), '_R1', '_R2');
    expect(pairs).toHaveLength(500);
    expect(unpaired).toEqual([]);
    expect(pairs.every((pair) => pair.forward.name.replace('_R1', '_R2') === pair.reverse.name)).toBe(true);
  });

  it('pairs nothing with an empty pattern, and never a dataset with itself', () => {
    expect(autoPair(datasets, '', '_2').pairs).toEqual([]);
    expect(autoPair([dataset(1, 'a_1_2')], '_1', '_2').pairs).toEqual([]);
  });
});

describe('names of pairs and elements', () => {
  it('names a pair by the forward name without its pattern and extension', () => {
    expect(pairName(dataset(1, 'sample_A_1.fq'), '_1', true)).toBe('sample_A');
    expect(withoutExtension('reads.fastqsanger.gz')).toBe('reads');
    expect(withoutExtension('.fastq')).toBe('.fastq');
  });

  it('names a pair made by hand by the common part of its names', () => {
    expect(handPairName(dataset(3, 'y_R1'), dataset(4, 'y_R2'), '_1', true)).toBe('y');
    expect(handPairName(dataset(1, 'left.fastq'), dataset(2, 'right.fastq'), '_1', true)).toBe('left');
  });

  it('finds repeated names', () => {
    expect([...repeatedNames(['a', 'b', 'a', 'c', 'b'])]).toEqual(['a', 'b']);
  });
});
