import { rmSync, writeFileSync } from 'node:fs';
import { toolDirWith } from '../support/job-helpers';

/**
 * What the job details and tool form browser tests share: two test tools (one with a select, a
 * boolean, a conditional, a repeat, help and citations; one that fails on a dataset holding "bad", for
 * a map over a collection with a failed element).
 */
export const DETAIL_TOOL = `<tool id="detail_tool" name="Detail tool" version="1.2">
  <description>reads a dataset with options</description>
  <command>cat '$input1' > '$out1' &amp;&amp; echo "read $mode.kind"</command>
  <inputs>
    <param name="input1" type="data" format="txt" label="Dataset to read"/>
    <param name="flag" type="boolean" truevalue="yes" falsevalue="no" checked="false" label="Be verbose"/>
    <param name="order" type="select" label="Order"><option value="asc">Ascending</option><option value="desc">Descending</option></param>
    <conditional name="mode">
      <param name="kind" type="select" label="Mode"><option value="fast">Fast</option><option value="slow">Slow</option></param>
      <when value="fast"/>
      <when value="slow"><param name="passes" type="integer" value="3" label="Passes"/></when>
    </conditional>
    <repeat name="queries" title="Query"><param name="term" type="text" label="Term"/></repeat>
  </inputs>
  <outputs><data name="out1" format="txt"/></outputs>
  <citations>
    <citation type="doi">10.1093/bioinformatics/btp352</citation>
    <citation type="bibtex">@article{lovelace1843, author = {Ada Lovelace and Charles Babbage}, title = {Notes on the Analytical Engine}, journal = {Scientific Memoirs}, year = {1843}}</citation>
  </citations>
  <help>
**What it does**

Reads the dataset *as it is* and writes it out, with \`\`--passes\`\` when slow.

Options
-------

- **Mode**: fast or slow
- **Query**: any number of terms

Example::

    chr1  100  200

See the \`project site &lt;https://example.org/detail&gt;\`_ and \`no link &lt;javascript:alert(1)&gt;\`_.
  </help>
</tool>`;

export const PICKY_TOOL = `<tool id="picky_tool" name="Picky tool" version="1.0">
  <command>if grep -q bad '$input1'; then echo "bad input" >&amp;2; exit 3; fi; cat '$input1' > '$out1'</command>
  <stdio><exit_code range="1:" level="fatal"/></stdio>
  <inputs><param name="input1" type="data" format="tabular" label="Table"/></inputs>
  <outputs><data name="out1" format="tabular"/></outputs>
</tool>`;

/** A tool directory with both test tools (for TOOL_DIRS); removes itself with `remove()`. */
export function testToolDir(): { dir: string; remove(): void } {
  const dir = toolDirWith('detail_tool.xml', DETAIL_TOOL);
  writeFileSync(`${dir}/picky_tool.xml`, PICKY_TOOL);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
