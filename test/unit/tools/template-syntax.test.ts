import { TemplateError, parseTemplate, tokenizeTemplate } from '../../../src/tools';

function kinds(src: string): string[] {
  return tokenizeTemplate(src).map((token) => (token.type === 'text' ? `text:${token.text}` : token.type === 'directive' ? `#${token.name}(${token.args})@${token.line}` : `$@${token.line}`));
}

function syntaxError(src: string): TemplateError {
  try {
    parseTemplate(src);
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}

describe('template tokenizer', () => {
  it('splits text and placeholders', () => {
    expect(kinds('cat $a ${b} > $c.d')).toEqual(['text:cat ', '$@1', 'text: ', '$@1', 'text: > ', '$@1']);
  });

  it('reads placeholder chains with attributes and indexes', () => {
    const [token] = tokenizeTemplate('$input.metadata.columns');
    expect(token).toEqual({
      type: 'placeholder',
      line: 1,
      expr: { kind: 'attr', name: 'columns', object: { kind: 'attr', name: 'metadata', object: { kind: 'name', name: 'input' } } },
    });
    const [indexed, rest] = tokenizeTemplate('$list[$i + 1].name!');
    expect(indexed).toMatchObject({ expr: { kind: 'attr', name: 'name', object: { kind: 'index', object: { kind: 'name', name: 'list' } } } });
    expect(rest).toEqual({ type: 'text', text: '!' });
  });

  it('ends a placeholder at a dot not followed by a name', () => {
    expect(kinds('$out. x')).toEqual(['$@1', 'text:. x']);
  });

  it('leaves shell dollars alone', () => {
    expect(kinds("awk '{print $1}' $'\\t' $(pwd) $ $")).toEqual(["text:awk '{print $1}' $'\\t' $(pwd) $ $"]);
  });

  it('handles \\$ and \\# escapes', () => {
    expect(kinds('echo \\$HOME \\#if \\${x}')).toEqual(['text:echo $HOME #if ${x}']);
  });

  it('gobbles lines holding only a directive, with their indentation and newline', () => {
    expect(kinds('a\n  #if $x\n  b\n  #end if\nc')).toEqual(['text:a\n', '#if($x)@2', 'text:  b\n', '#end if()@4', 'text:c']);
  });

  it('strips trailing colons and accepts spelling variants', () => {
    expect(kinds('#if $x:\n#else if $y:\n#else:\n#endif\n#for $i in $l:\n#endfor')).toEqual([
      '#if($x)@1', '#elif($y)@2', '#else()@3', '#end if()@4', '#for($i in $l)@5', '#end for()@6',
    ]);
  });

  it('closes a directive inline with #', () => {
    expect(kinds('x #if $a#yes#else#no#end if# y')).toEqual(['text:x ', '#if($a)@1', 'text:yes', '#else()@1', 'text:no', '#end if()@1', 'text: y']);
  });

  it('ends a directive at a ## comment', () => {
    expect(kinds('  #if $x ## why\nyes\n#end if ## done\nno')).toEqual(['#if($x)@1', 'text:yes\n', '#end if()@3', 'text:no']);
  });

  it("keeps '#' inside directive strings", () => {
    expect(kinds("#set $c = '#'\n")).toEqual(["#set($c = '#')@1"]);
  });

  it('drops line comments; whole-line ones vanish with their newline', () => {
    expect(kinds('a ## note\n  ## whole line\nb')).toEqual(['text:a \nb']);
  });

  it('drops block comments, gobbling a comment alone on its lines', () => {
    expect(kinds('a#* inline *#b\n  #* one\n two *#\nc $x')).toEqual(['text:ab\nc ', '$@4']);
  });

  it('ignores #silent, #slurp and #pass', () => {
    expect(kinds('a\n#silent $x\n#pass\nb #slurp\nc')).toEqual(['text:a\nb c']);
  });

  it('leaves other # text alone (shell comments, shebangs)', () => {
    expect(kinds('#!/bin/bash\necho "# not a directive" # iffy #ifx')).toEqual(['text:#!/bin/bash\necho "# not a directive" # iffy #ifx']);
  });

  it('tracks line numbers across comments and directives', () => {
    const tokens = tokenizeTemplate('#* a\nb *#\n## c\n#set $x = 1\n\n$y');
    expect(tokens.filter((token) => token.type !== 'text').map((token) => ('line' in token ? token.line : 0))).toEqual([4, 6]);
  });
});

describe('template parser', () => {
  it('nests if/elif/else and for blocks', () => {
    const nodes = parseTemplate('#for $q in $queries\n#if $q.x == 1\none\n#elif not $q.y\ntwo\n#else\nthree\n#end if\n#end for\n');
    expect(nodes).toHaveLength(1);
    const loop = nodes[0]!;
    expect(loop.kind).toBe('for');
    if (loop.kind !== 'for') return;
    expect(loop.target).toBe('q');
    const branch = loop.body[0]!;
    expect(branch.kind === 'if' && [branch.branches.length, branch.otherwise]).toEqual([2, [{ kind: 'text', text: 'three\n' }]]);
  });

  it('parses #set with = and +=', () => {
    expect(parseTemplate('#set $a = 1 + 2 * 3\n#set b += "x"\n')).toEqual([
      {
        kind: 'set', name: 'a', op: '=', line: 1,
        expr: { kind: 'binary', op: '+', left: { kind: 'literal', value: 1, float: false }, right: { kind: 'binary', op: '*', left: { kind: 'literal', value: 2, float: false }, right: { kind: 'literal', value: 3, float: false } } },
      },
      { kind: 'set', name: 'b', op: '+=', line: 2, expr: { kind: 'literal', value: 'x', float: false } },
    ]);
  });

  it('parses operator precedence, chained comparisons, not in and is not', () => {
    const [node] = parseTemplate('${not a == 1 and b or c}');
    expect(node).toMatchObject({ expr: { kind: 'logical', op: 'or', left: { kind: 'logical', op: 'and', left: { kind: 'unary', op: 'not', operand: { kind: 'compare' } } } } });
    const [chain] = parseTemplate('${1 < x <= 3}');
    expect(chain).toMatchObject({ expr: { kind: 'compare', rest: [{ op: '<' }, { op: '<=' }] } });
    const [membership] = parseTemplate("${'a' not in $l}");
    expect(membership).toMatchObject({ expr: { kind: 'compare', rest: [{ op: 'not in' }] } });
    const [identity] = parseTemplate('${x is not None}');
    expect(identity).toMatchObject({ expr: { kind: 'compare', rest: [{ op: 'is not', right: { kind: 'literal', value: null } }] } });
  });

  it('parses literals with escapes, floats and lists', () => {
    const [node] = parseTemplate(`\${['a\\tb', "q\\"", 1.5, 2e3, .5, True, None]}`);
    expect(node).toMatchObject({
      expr: {
        kind: 'list',
        items: [
          { value: 'a\tb' }, { value: 'q"' }, { value: 1.5, float: true }, { value: 2000, float: true }, { value: 0.5, float: true },
          { value: true }, { value: null },
        ],
      },
    });
  });

  it.each<[string, string, RegExp]>([
    ['an unclosed #if', 'a\n#if $x\nb', /^Template error at line 2: '#if' without a matching '#end if'$/],
    ['an unclosed #for', '#for $x in $y\n', /line 1: '#for' without a matching '#end for'/],
    ['a stray #end if', 'a\n\n#end if\n', /line 3: '#end if' without a matching opening directive/],
    ['a stray #else', '#else\n', /line 1: '#else' without a matching opening directive/],
    ['a mismatched end', '#for $x in $y\n#end if\n', /'#end if' without a matching opening directive/],
    ['an #if without condition', '#if\n#end if', /'#if' needs a condition/],
    ['a bad #for', '#for x y\n#end for', /'#for' needs '\$name in expression'/],
    ['a bad #set', '#set $x == 1\n', /'#set' needs '\$name = expression'/],
    ['an unsupported directive', 'a\n#while $x\n', /^Template error at line 2: the directive '#while' is not supported$/],
    ['#include', '#include "x"\n', /the directive '#include' is not supported/],
    ['an unterminated comment', 'a #* b', /line 1: unterminated '#\*' comment/],
    ['an unterminated string', "#set $x = 'abc\n", /unterminated string literal/],
    ['an unclosed ${', 'x ${a.b', /expected '}'/],
    ['a method call', '${a.upper()}', /calling methods is not supported/],
    ['an unknown function', '${open(x)}', /calling 'open' is not supported \(only str, int, float, len\)/],
    ['a bad character', '#if $a ? 1\n#end if', /unexpected character '\?'/],
    ['trailing tokens', '#if $a $b\n#end if', /unexpected '\$b'/],
  ])('rejects %s', (_label, src, message) => {
    expect(syntaxError(src).message).toMatch(message);
  });
});
