import * as binary from './binary';
import * as images from './images';
import type { SniffInput } from './input';
import * as interval from './interval';
import * as sequence from './sequence';
import * as tabular from './tabular';
import * as text from './text';
import * as xml from './xml';

export type Sniffer = (input: SniffInput) => boolean;

/** A sniffer class of the platform: the extension it reports (its file_ext) and its check. */
export interface SnifferEntry {
  ext: string;
  sniff: Sniffer;
}

/** Implementations of the platform's sniffer classes, keyed like `GET /api/datatypes/sniffers`. */
export const SNIFFERS: Readonly<Record<string, SnifferEntry>> = {
  'galaxy.datatypes.tabular:Vcf': { ext: 'vcf', sniff: tabular.sniffVcf },
  'galaxy.datatypes.binary:TwoBit': { ext: 'twobit', sniff: binary.sniffTwoBit },
  'galaxy.datatypes.binary:GeminiSQLite': { ext: 'gemini.sqlite', sniff: binary.sniffGeminiSqlite },
  'galaxy.datatypes.binary:SQlite': { ext: 'sqlite', sniff: binary.sniffSqlite },
  'galaxy.datatypes.binary:Bam': { ext: 'bam', sniff: binary.sniffBam },
  'galaxy.datatypes.binary:Sff': { ext: 'sff', sniff: binary.sniffSff },
  'galaxy.datatypes.binary:Sra': { ext: 'sra', sniff: binary.sniffSra },
  'galaxy.datatypes.xml:Phyloxml': { ext: 'phyloxml', sniff: xml.sniffPhyloxml },
  'galaxy.datatypes.xml:Owl': { ext: 'owl', sniff: xml.sniffOwl },
  'galaxy.datatypes.xml:GenericXml': { ext: 'xml', sniff: xml.sniffGenericXml },
  'galaxy.datatypes.sequence:Maf': { ext: 'maf', sniff: sequence.sniffMaf },
  'galaxy.datatypes.sequence:Lav': { ext: 'lav', sniff: sequence.sniffLav },
  'galaxy.datatypes.sequence:csFasta': { ext: 'csfasta', sniff: sequence.sniffCsFasta },
  'galaxy.datatypes.qualityscore:QualityScoreSOLiD': { ext: 'qualsolid', sniff: sequence.sniffQualityScoreSolid },
  'galaxy.datatypes.qualityscore:QualityScore454': { ext: 'qual454', sniff: sequence.sniffQualityScore454 },
  'galaxy.datatypes.sequence:Fasta': { ext: 'fasta', sniff: sequence.sniffFasta },
  'galaxy.datatypes.sequence:Fastq': { ext: 'fastq', sniff: sequence.sniffFastq },
  'galaxy.datatypes.interval:Wiggle': { ext: 'wig', sniff: interval.sniffWiggle },
  'galaxy.datatypes.images:Html': { ext: 'html', sniff: text.sniffHtml },
  'galaxy.datatypes.images:Pdf': { ext: 'pdf', sniff: text.sniffPdf },
  'galaxy.datatypes.sequence:Axt': { ext: 'axt', sniff: sequence.sniffAxt },
  'galaxy.datatypes.interval:Bed': { ext: 'bed', sniff: interval.sniffBed },
  'galaxy.datatypes.interval:CustomTrack': { ext: 'customtrack', sniff: interval.sniffCustomTrack },
  'galaxy.datatypes.interval:Gtf': { ext: 'gtf', sniff: interval.sniffGtf },
  'galaxy.datatypes.interval:Gff': { ext: 'gff', sniff: interval.sniffGff },
  'galaxy.datatypes.interval:Gff3': { ext: 'gff3', sniff: interval.sniffGff3 },
  'galaxy.datatypes.tabular:Pileup': { ext: 'pileup', sniff: tabular.sniffPileup },
  'galaxy.datatypes.interval:Interval': { ext: 'interval', sniff: interval.sniffInterval },
  'galaxy.datatypes.tabular:Sam': { ext: 'sam', sniff: tabular.sniffSam },
  'galaxy.datatypes.data:Newick': { ext: 'nhx', sniff: text.sniffNewick },
  'galaxy.datatypes.data:Nexus': { ext: 'nex', sniff: text.sniffNexus },
  'galaxy.datatypes.text:Obo': { ext: 'obo', sniff: text.sniffObo },
  'galaxy.datatypes.text:Arff': { ext: 'arff', sniff: text.sniffArff },
  'galaxy.datatypes.text:Ipynb': { ext: 'ipynb', sniff: text.sniffIpynb },
  'galaxy.datatypes.text:Json': { ext: 'json', sniff: text.sniffJson },
  'galaxy.datatypes.sequence:RNADotPlotMatrix': { ext: 'rna_eps', sniff: sequence.sniffRnaDotPlotMatrix },
  'galaxy.datatypes.images:Jpg': { ext: 'jpg', sniff: images.sniffJpg },
  'galaxy.datatypes.images:Png': { ext: 'png', sniff: images.sniffPng },
  'galaxy.datatypes.images:Tiff': { ext: 'tiff', sniff: images.sniffTiff },
  'galaxy.datatypes.images:Bmp': { ext: 'bmp', sniff: images.sniffBmp },
  'galaxy.datatypes.images:Gif': { ext: 'gif', sniff: images.sniffGif },
  'galaxy.datatypes.images:Im': { ext: 'im', sniff: images.sniffIm },
  'galaxy.datatypes.images:Pcd': { ext: 'pcd', sniff: images.sniffPcd },
  'galaxy.datatypes.images:Pcx': { ext: 'pcx', sniff: images.sniffPcx },
  'galaxy.datatypes.images:Ppm': { ext: 'ppm', sniff: images.sniffPpm },
  'galaxy.datatypes.images:Psd': { ext: 'psd', sniff: images.sniffPsd },
  'galaxy.datatypes.images:Xbm': { ext: 'xbm', sniff: images.sniffXbm },
  'galaxy.datatypes.images:Rgb': { ext: 'rgb', sniff: images.sniffRgb },
  'galaxy.datatypes.images:Pbm': { ext: 'pbm', sniff: images.sniffPbm },
  'galaxy.datatypes.images:Pgm': { ext: 'pgm', sniff: images.sniffPgm },
  'galaxy.datatypes.images:Xpm': { ext: 'xpm', sniff: images.sniffXpm },
  'galaxy.datatypes.images:Eps': { ext: 'eps', sniff: images.sniffEps },
  'galaxy.datatypes.images:Rast': { ext: 'rast', sniff: images.sniffRast },
};

/**
 * Binary formats the upload tool recognises before anything else (its "sniffable binary" list, in
 * registration order), some of which have no entry in the sniffer list (bcf, bigwig, bigbed, xlsx).
 */
export const UPLOAD_BINARY_SNIFFERS: readonly SnifferEntry[] = [
  { ext: 'bam', sniff: binary.sniffBam },
  { ext: 'bcf', sniff: binary.sniffBcf },
  { ext: 'sff', sniff: binary.sniffSff },
  { ext: 'bigwig', sniff: binary.sniffBigWig },
  { ext: 'bigbed', sniff: binary.sniffBigBed },
  { ext: 'twobit', sniff: binary.sniffTwoBit },
  { ext: 'gemini.sqlite', sniff: binary.sniffGeminiSqlite },
  { ext: 'sqlite', sniff: binary.sniffSqlite },
  { ext: 'xlsx', sniff: binary.sniffXlsx },
  { ext: 'sra', sniff: binary.sniffSra },
];
