import { execFileSync } from 'node:child_process';
import {
  PyFloat,
  TemplateError,
  Unsafe,
  buildParamState,
  parseToolXml,
  renderCommand,
  renderConfigFiles,
  renderTemplate,
  shellQuote,
} from '../../../src/tools';
import type { TemplateValue } from '../../../src/tools';
import { fakeResolver } from './helpers';

const render = (src: string, vars: Record<string, TemplateValue> = {}) => renderTemplate(src, vars);

function templateError(src: string, vars: Record<string, TemplateValue> = {}): TemplateError {
  try {
    render(src, vars);
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}

describe('placeholders and values', () => {
  it.each<[string, Record<string, TemplateValue>, string]>([
    ['$a-${b}', { a: 'x', b: 3 }, 'x-3'],
    ['$f $g $h', { f: new PyFloat(1), g: new PyFloat(1e-5), h: new PyFloat(0.25) }, '1.0 1e-05 0.25'],
    ['[$n]', { n: null }, '[]'],
    ['$t/$u', { t: true, u: false }, 'True/False'],
    ['${1 + 2} ${7 / 2} ${-7 / 2} ${7.0 / 2} ${7 // 2} ${7 % 3} ${2 * 3 - 1}', {}, '3 3 -4 3.5 3 1 5'],
    ['${0.1 + 0.2} ${float(2)} ${int(2.9)} ${int("42")} ${float("1.5e3")}', {}, '0.30000000000000004 2.0 2 42 1500.0'],
    ['${str(5) + "x"} ${len("abcd")} ${len($l)} ${$l[0]}${$l[-1]} $l[1]', { l: ['p', 'q', 'r'] }, '5x 4 3 pr q'],
    ["${'%s-%d' % ['a', 3]} ${'%.2f' % 1.5} ${'100%%' % []}", {}, 'a-3 1.50 100%'],
    ['${a and b} ${a or b} ${None or "d"} ${not a}', { a: 'A', b: 'B' }, 'B A d False'],
    ["${'x' if $c else 'y'}${'x' if not $c else 'y'}", { c: 1 }, 'xy'],
    ["${1 < 2 < 3} ${3 < 2 < 4} ${'b' > 'a'} ${1 == 1.0} ${'a' in 'cat'} ${2 in [1, 2]} ${'z' not in $l}", { l: ['a'] }, 'True False True True True True True'],
    ['${x is None} ${y is not None}', { x: null, y: 0 }, 'True True'],
  ])('%s', (src, vars, expected) => {
    expect(render(src, vars)).toBe(expected);
  });

  it('shell-quotes user text only when needed, and never lets it escape its word', () => {
    expect(render('a $x b', { x: new Unsafe('safe_chars,.:/=+@%-09') })).toBe('a safe_chars,.:/=+@%-09 b');
    expect(render('a $x b', { x: new Unsafe("it's; rm -rf / #") })).toBe("a 'it'\\''s; rm -rf / #' b");
    expect(render('[$x]', { x: new Unsafe('') })).toBe('[]');
    const hostile = ["$(touch /tmp/pwned)", '`id`', 'a\nb', "'; echo hi; '", '"\\', '*', '$HOME'];
    for (const value of hostile) {
      const out = execFileSync('bash', ['-c', `printf '%s|' ${shellQuote(value)}`], { encoding: 'utf8' });
      expect(out).toBe(`${value}|`);
    }
  });

  it('keeps taint through str(), concatenation, #set and formatting', () => {
    const vars = { x: new Unsafe('a b') };
    expect(render('${str($x)}', vars)).toBe("'a b'");
    expect(render("#set $y = '--name=' + $x\n$y", vars)).toBe("'--name=a b'");
    expect(render("${'--n=%s' % $x}", vars)).toBe("'--n=a b'");
    expect(render("#set $z = 'p q'\n$z", vars)).toBe('p q');
    expect(render("#if $x == 'a b'\nyes\n#end if\n", vars)).toBe('yes\n');
  });

  it('renders raw values when shell quoting is off', () => {
    expect(renderTemplate('$x', { x: new Unsafe('a b') }, { shellQuoting: false })).toBe('a b');
  });
});

describe('directives', () => {
  it('#if / #elif / #else pick one branch', () => {
    const src = '#if $n > 10\nbig\n#elif $n > 5\nmedium\n#else\nsmall\n#end if\n';
    expect([render(src, { n: 11 }), render(src, { n: 6 }), render(src, { n: 1 })]).toEqual(['big\n', 'medium\n', 'small\n']);
  });

  it('#for iterates lists and strings, leaving the loop variable set', () => {
    expect(render('#for $x in $l\n[$x]\n#end for\nlast=$x', { l: [1, 2] })).toBe('[1]\n[2]\nlast=2');
    expect(render('#for $c in "ab"#<$c>#end for#')).toBe('<a><b>');
  });

  it('#set assigns, += and -= update, bare names read locals', () => {
    expect(render('#set $a = 1\n#set $a += 2\n#set b = $a * 10\n#set $b -= 5\n$a ${b}')).toBe('3 25');
    expect(render('#set $s = "x"\n#set $s += "y"\n$s')).toBe('xy');
  });

  it('#echo renders an expression', () => {
    expect(render('#echo 1 + 1\n')).toBe('2');
  });

  it('directive lines produce no output', () => {
    expect(render('line1\n  #if True\n  line2\n  #end if\nline3\n')).toBe('line1\n  line2\nline3\n');
  });
});

describe('runtime errors', () => {
  it.each<[string, string, Record<string, TemplateValue>, string]>([
    ['an undefined variable', 'a\nb $missing', {}, "Template error at line 2: undefined variable 'missing'"],
    ['an undefined variable in #if', 'x\n\n#if $nope\n#end if', {}, "Template error at line 3: undefined variable 'nope'"],
    ['a missing attribute', '$s.bogus', { s: 'x' }, "Template error at line 1: '$s' (str) has no attribute 'bogus'"],
    ['a bad index', '${l[5]}', { l: [1] }, 'Template error at line 1: \'$l\' (list) has no item [5]'],
    ['a bad int()', '${int("x")}', {}, "Template error at line 1: invalid literal for int(): 'x'"],
    ['division by zero', '\n${1 / 0}', {}, 'Template error at line 2: division by zero'],
    ['a rendered list', '$l', { l: [1] }, 'Template error at line 1: a list cannot be rendered as text'],
    ['str + int', '${"a" + 1}', {}, 'Template error at line 1: cannot concatenate str and int'],
    ['ordering mixed types', '${"a" < 1}', {}, "Template error at line 1: cannot order string and number values with '<'"],
    ['iterating a number', '#for $x in 3\n#end for', {}, 'Template error at line 1: int is not iterable'],
    ['a wrong arity', '${len(1, 2)}', {}, 'Template error at line 1: len() takes exactly one argument (2 given)'],
  ])('reports %s', (_label, src, vars, message) => {
    const error = templateError(src, vars);
    expect(error.message).toBe(message);
  });
});

const TOOL_XML = `<tool id="wrap_tool" name="Wrap">
  <command interpreter="python"><![CDATA[
run.py $input
  --ext $input.ext --name $input.name --cols $input.metadata.columns --names \${input.metadata.column_names[1]}
  --files $input.files_path --id $input.id --unknown "$input.metadata.nothing"
  #if $maybe
    --maybe $maybe
  #else
    --no-maybe $maybe
  #end if
  --many $many --count \${len($many)}
  #for $m in $many
    --m $m.name
  #end for
  $flag $off --n $n --x $x --title $title --sel $sel --multi $multi --col $col
  #for $q in $queries
    --q\${q.__index__}=$q.input2 $q.label
  #end for
  --mode $cond.mode
  #if $cond.mode == 'adv'
    --level $cond.level --case \${cond['__current_case__']}
  #end if
  --extra $adv.extra
  -o $out_file1 -e $out_file1.ext -d $__tool_directory__ -t $__new_file_path__ -s \\\${GALAXY_SLOTS:-1} -j $GALAXY_SLOTS
  ]]></command>
  <configfiles>
    <configfile name="script">title = "$title"
for x in range($n):
    pass
</configfile>
  </configfiles>
  <inputs>
    <param name="input" type="data"/>
    <param name="maybe" type="data" optional="true"/>
    <param name="many" type="data" multiple="true"/>
    <param name="flag" type="boolean" checked="true" truevalue="--flag yes" falsevalue="--noflag"/>
    <param name="off" type="boolean" truevalue="--on" falsevalue=""/>
    <param name="n" type="integer" value="3"/>
    <param name="x" type="float" value="2"/>
    <param name="title" type="text" value="my title"/>
    <param name="sel" type="select"><option value="a">A</option><option value="b c">BC</option></param>
    <param name="multi" type="select" multiple="true"><option value="p">P</option><option value="q">Q</option></param>
    <param name="col" type="data_column" data_ref="input" value="2"/>
    <repeat name="queries">
      <param name="input2" type="data"/>
      <param name="label" type="text"/>
    </repeat>
    <conditional name="cond">
      <param name="mode" type="select"><option value="simple">S</option><option value="adv">A</option></param>
      <when value="simple"/>
      <when value="adv"><param name="level" type="integer" value="4"/></when>
    </conditional>
    <section name="adv"><param name="extra" type="text" value="e"/></section>
  </inputs>
  <outputs><data name="out_file1" format_source="input"/></outputs>
</tool>`;

describe('renderCommand', () => {
  const tool = parseToolXml(TOOL_XML, '/srv/tools/wrap/wrap.xml');
  const datasets = {
    a: { path: '/d/a.dat', ext: 'tabular', name: 'my data', metadata: { columns: 3, column_names: ['x', 'y z', 'w'] }, filesPath: '/d/a_files' },
    m1: { path: '/d/m1.dat', name: 'm1' },
    m2: { path: '/d/m2.dat', name: 'm2' },
    q0: { path: '/d/q0.dat' },
    q1: { path: '/d/q1.dat' },
  };
  const inputs = {
    input: 'a', many: ['m1', 'm2'], sel: 'b c', multi: ['p', 'q'], 'queries_0|input2': 'q0', 'queries_0|label': 'first one',
    'queries_1|input2': 'q1', 'cond|mode': 'adv',
  };
  const env = { outputs: { out_file1: '/jobs/1/out.dat' }, newFilePath: '/tmp/new', variables: { GALAXY_SLOTS: 4 } };

  it('renders datasets, parameters, groups, outputs and environment values, joined on one line', async () => {
    const state = await buildParamState(tool, inputs, fakeResolver(datasets));
    expect(renderCommand(tool, state, env)).toBe(
      [
        'python /srv/tools/wrap/run.py /d/a.dat',
        "  --ext tabular --name 'my data' --cols 3 --names 'y z'",
        '  --files /d/a_files --id a --unknown ""',
        '    --no-maybe None',
        '  --many /d/m1.dat,/d/m2.dat --count 2',
        '    --m m1',
        '    --m m2',
        "  --flag yes  --n 3 --x 2.0 --title 'my title' --sel 'b c' --multi p,q --col 2",
        "    --q0=/d/q0.dat 'first one'",
        '    --q1=/d/q1.dat ',
        '  --mode adv',
        '    --level 4 --case 1',
        '  --extra e',
        '  -o /jobs/1/out.dat -e tabular -d /srv/tools/wrap -t /tmp/new -s ${GALAXY_SLOTS:-1} -j 4',
      ].join(' '),
    );
  });

  it('renders an optional dataset when given', async () => {
    const state = await buildParamState(tool, { ...inputs, maybe: 'q0' }, fakeResolver(datasets));
    expect(renderCommand(tool, state, env)).toContain(' --maybe /d/q0.dat ');
  });

  it('keeps line breaks inside quoted values while joining template lines', async () => {
    const noInterpreter = { ...tool, command: { ...tool.command, interpreter: null, template: 'echo $title\n  done' } };
    const state = await buildParamState(noInterpreter, { ...inputs, title: 'two\nlines' }, fakeResolver(datasets));
    const command = renderCommand(noInterpreter, state, env);
    expect(command).toBe("echo 'two\nlines'   done");
    expect(execFileSync('bash', ['-c', command], { encoding: 'utf8' })).toBe('two\nlines done\n');
  });

  it('reports undefined variables with their line', async () => {
    const broken = { ...tool, command: { ...tool.command, template: 'a\nb\n  $nope.x' } };
    const state = await buildParamState(tool, inputs, fakeResolver(datasets));
    expect(() => renderCommand(broken, state, env)).toThrow("Template error at line 3: undefined variable 'nope'");
    const badAttr = { ...tool, command: { ...tool.command, template: '$input.bogus' } };
    expect(() => renderCommand(badAttr, state, env)).toThrow("Template error at line 1: '$input' (dataset 'input') has no attribute 'bogus'");
    const group = { ...tool, command: { ...tool.command, template: '$cond' } };
    expect(() => renderCommand(group, state, env)).toThrow("Template error at line 1: conditional 'cond' is a group; render one of its members instead");
  });

  it('renders config files with their line structure', async () => {
    const state = await buildParamState(tool, inputs, fakeResolver(datasets));
    expect(renderConfigFiles(tool, state, env)).toEqual([{ name: 'script', content: "title = \"'my title'\"\nfor x in range(3):\n    pass\n" }]);
    expect(renderConfigFiles(tool, state, { ...env, shellQuoting: false })[0]!.content).toContain('title = "my title"');
  });
});
