import { isSafeUrl, parseInline, parseRst } from '../../../web/src/tools/rst-blocks';

/** The tool form's reader of tool help (reStructuredText), whose blocks the form renders as React elements. */
describe('parseInline (inline markup of tool help)', () => {
  it('reads strong, emphasis, literal and plain text in order', () => {
    expect(parseInline('A **bold** and *slanted* ``code`` end')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'strong', text: 'bold' },
      { kind: 'text', text: ' and ' },
      { kind: 'emphasis', text: 'slanted' },
      { kind: 'text', text: ' ' },
      { kind: 'literal', text: 'code' },
      { kind: 'text', text: ' end' },
    ]);
  });

  it('makes links of http(s) targets only; other targets stay text', () => {
    expect(parseInline('See `the manual <https://example.org/docs>`_.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the manual', url: 'https://example.org/docs' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInline('`click <javascript:alert(1)>`_')).toEqual([{ kind: 'text', text: 'click' }]);
    expect(parseInline('`x <data:text/html,hi>`__')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(isSafeUrl('http://example.org/a?b=c')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('/relative')).toBe(false);
  });

  it('links a bare http(s) address, without its closing punctuation', () => {
    expect(parseInline('Read http://example.org/x.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'http://example.org/x', url: 'http://example.org/x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps markup characters that open nothing as text (a lone asterisk, HTML)', () => {
    expect(parseInline('2 * 3 <script>x</script>')).toEqual([{ kind: 'text', text: '2 * 3 <script>x</script>' }]);
  });
});

describe('parseRst (blocks of tool help)', () => {
  it('reads headings (by underline style, in order of appearance), paragraphs and transitions', () => {
    const blocks = parseRst(`
      Title
      =====

      First paragraph
      on two lines.

      -----

      Part
      ----

      Second.
    `);
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, inlines: [{ kind: 'text', text: 'Title' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'First paragraph on two lines.' }] },
      { kind: 'rule' },
      { kind: 'heading', level: 2, inlines: [{ kind: 'text', text: 'Part' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Second.' }] },
    ]);
  });

  it('reads bullet and numbered lists, items running over several lines', () => {
    const blocks = parseRst('- **one** item\n  continued\n- two\n\n1. first\n2. second\n#. third');
    expect(blocks).toEqual([
      {
        kind: 'bullets',
        items: [
          [{ kind: 'paragraph', inlines: [{ kind: 'strong', text: 'one' }, { kind: 'text', text: ' item continued' }] }],
          [{ kind: 'paragraph', inlines: [{ kind: 'text', text: 'two' }] }],
        ],
      },
      {
        kind: 'numbered',
        items: [
          [{ kind: 'paragraph', inlines: [{ kind: 'text', text: 'first' }] }],
          [{ kind: 'paragraph', inlines: [{ kind: 'text', text: 'second' }] }],
          [{ kind: 'paragraph', inlines: [{ kind: 'text', text: 'third' }] }],
        ],
      },
    ]);
  });

  it('makes the indented block after "::" a literal block, and drops the "::" as docutils does', () => {
    expect(parseRst('Selecting 2 lines from this::\n\n    chr7  56632  +\n    chr7  56736  -\n\nwill produce:')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Selecting 2 lines from this:' }] },
      { kind: 'literal', text: 'chr7  56632  +\nchr7  56736  -' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'will produce:' }] },
    ]);
    expect(parseRst('Example ::\n\n  a  b')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Example' }] },
      { kind: 'literal', text: 'a  b' },
    ]);
  });

  it('keeps simple and grid tables as their text, and leaves directives out', () => {
    const simple = '=====  =====\nA      B\n=====  =====\n1      2\n=====  =====';
    const grid = '+---+---+\n| a | b |\n+---+---+';
    expect(parseRst(`.. class:: infomark\n\n**TIP:** read this\n\n${simple}\n\n${grid}\n\n.. image:: x.png\n   :width: 10\n\nAfter.`)).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'strong', text: 'TIP:' }, { kind: 'text', text: ' read this' }] },
      { kind: 'table', text: simple },
      { kind: 'table', text: grid },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'After.' }] },
    ]);
  });

  it('reads the help of the Select first lines tool as its author wrote it', () => {
    const help = `**What it does**\n\nThis tool outputs specified number of lines from the **beginning** of a dataset\n\n-----\n\n**Example**\n\nSelecting 2 lines from this::\n\n    chr7  56632\n    chr7  56736\n\nwill produce::\n\n    chr7  56632\n`;
    expect(parseRst(help).map((block) => block.kind)).toEqual(['paragraph', 'paragraph', 'rule', 'paragraph', 'paragraph', 'literal', 'paragraph', 'literal']);
  });
});
